import { expect } from 'chai';
import { startHarness, type AppHarness } from './harness.js';
import { applicationBody } from './requests.js';
import { provisionPartner } from '../support/partners.js';
import { GatewayClient } from '../gateway/gateway-client.js';
import { newId } from '../../platform/ids.js';

const detail = (id: string) => `/financing/v1/applications/${id}`;
const cancel = (id: string) => `/financing/v1/applications/${id}/cancel`;

describe('GET /financing/v1/applications/{id} and PUT .../cancel', function () {
  this.timeout(60_000);
  let h: AppHarness;
  before(async () => {
    h = await startHarness();
  });
  after(async () => {
    await h?.stop();
  });
  const token = () => h.partner.token;
  /** Puts a stored application into a state the test needs as its precondition. */
  const force = (id: string, set: Record<string, unknown>) =>
    h.t.api.runtime.db.collection('applications').updateOne({ _id: id as any }, { $set: set, $inc: { version: 1 } });

  it('when the partner asks for its application, then 200 with the same representation as on create', async () => {
    const created = await h.create();
    const res = await h.t.client.get(detail(created.id), { token: token() });
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.equal(created);
  });

  it('when the id is unknown, then 404 APPLICATION_NOT_FOUND', async () => {
    const res = await h.t.client.get(detail(newId()), { token: token() });
    expect(res.status).to.equal(404);
    expect(res.body.errors[0]).to.include({ code: 'APPLICATION_NOT_FOUND', severity: 'ERROR' });
  });

  it('when another partner asks for it, then 404 exactly like an unknown id', async () => {
    const created = await h.create();
    const other = await provisionPartner(h.t);
    const res = await h.t.client.get(detail(created.id), { token: other.token });
    expect(res.status).to.equal(404);
    expect(res.body.errors[0].code).to.equal('APPLICATION_NOT_FOUND');
  });

  it('when the id is malformed, then 400 INVALID_REQUEST naming applicationId', async () => {
    const res = await h.t.client.get(detail('not-an-id'), { token: token() });
    expect(res.status).to.equal(400);
    expect(res.body.errors[0]).to.include({ code: 'INVALID_REQUEST', attribute: 'applicationId' });
  });

  it('when no token is sent, then 401 invalid_request', async () => {
    const res = await h.t.client.get(detail(newId()));
    expect(res.status).to.equal(401);
    expect(res.body.error).to.equal('invalid_request');
  });

  it('when a PROCESSING application is cancelled, then 200 with the order and applicationInfo, a cancelled event and a CANCELLED_NOT_PAID notification', async () => {
    const created = await h.create();
    const res = await h.t.client.put(cancel(created.id), { reason: 'APPLICATION_CANCELLED_BY_CUSTOMER' }, { token: token() });
    expect(res.status).to.equal(200);
    expect(res.body.applicationInfo).to.deep.equal({ id: created.id, state: 'CANCELLED', stateReason: 'CANCELLED_NOT_PAID' });
    expect(res.body.number).to.equal(created.order.number);
    expect((await h.get(created.id)).cancelReason).to.equal('APPLICATION_CANCELLED_BY_CUSTOMER');
    const n = await h.waitForNotification(created.id, 'CANCELLED_NOT_PAID');
    expect(n.body).to.deep.equal({ id: created.id, state: 'CANCELLED', stateReason: 'CANCELLED_NOT_PAID' });
    await h.waitForEvent(created.id, 'applications.application.cancelled');
  });

  it('when the body is empty, then the reason defaults to APPLICATION_CANCELLED_OTHER', async () => {
    const created = await h.create();
    expect((await h.t.client.put(cancel(created.id), {}, { token: token() })).status).to.equal(200);
    expect((await h.get(created.id)).cancelReason).to.equal('APPLICATION_CANCELLED_OTHER');
  });

  it('when the reason is unknown, then 400 naming reason', async () => {
    const created = await h.create();
    const res = await h.t.client.put(cancel(created.id), { reason: 'BORED' }, { token: token() });
    expect(res.status).to.equal(400);
    expect(res.body.errors[0].attribute).to.equal('reason');
  });

  it("when the application is another partner's or unknown, then 404 OBJECT_NOT_FOUND", async () => {
    const created = await h.create();
    const other = await provisionPartner(h.t);
    for (const [id, tok] of [
      [created.id, other.token],
      [newId(), token()],
    ]) {
      const res = await h.t.client.put(cancel(id!), {}, { token: tok });
      expect(res.status).to.equal(404);
      expect(res.body.errors[0].code).to.equal('OBJECT_NOT_FOUND');
    }
  });

  it('when it is cancelled twice, then 422 APPLICATION_ALREADY_CANCELLED', async () => {
    const created = await h.create();
    await h.t.client.put(cancel(created.id), {}, { token: token() });
    const res = await h.t.client.put(cancel(created.id), {}, { token: token() });
    expect(res.status).to.equal(422);
    expect(res.body.errors[0].code).to.equal('APPLICATION_ALREADY_CANCELLED');
  });

  it('when the application was rejected at the gateway, then 422 APPLICATION_REJECTED', async () => {
    const created = await h.create(applicationBody({}, { email: 'petr+reject@example.com' }));
    const res303 = await new GatewayClient(h.t, created.gatewayRedirectUrl).submit('confirm');
    expect(res303.status).to.equal(303);
    await h.waitForState(created.id, 'REJECTED');
    const res = await h.t.client.put(cancel(created.id), {}, { token: token() });
    expect(res.status).to.equal(422);
    expect(res.body.errors[0].code).to.equal('APPLICATION_REJECTED');
  });

  it('when the decision is running, then 422 APPLICATION_VALIDATION_IN_PROGRESS', async () => {
    const created = await h.create();
    await force(created.id, { stateReason: 'PROCESSING_VALIDATION_IN_PROGRESS' });
    const res = await h.t.client.put(cancel(created.id), {}, { token: token() });
    expect(res.status).to.equal(422);
    expect(res.body.errors[0].code).to.equal('APPLICATION_VALIDATION_IN_PROGRESS');
  });

  it('when an approved application has nothing sent, then it can be cancelled (READY → CANCELLED_NOT_PAID)', async () => {
    const created = await h.create(applicationBody({}, { email: 'eva+approve@example.com' }));
    await new GatewayClient(h.t, created.gatewayRedirectUrl).submit('confirm');
    await h.waitForState(created.id, 'READY_TO_SHIP');
    const res = await h.t.client.put(cancel(created.id), {}, { token: token() });
    expect(res.status).to.equal(200);
    expect(res.body.applicationInfo.stateReason).to.equal('CANCELLED_NOT_PAID');
  });

  it('when items were sent, then 422 NOT_SUPPORTED; when the partner was paid, then 422 APPLICATION_PAID', async () => {
    const created = await h.create();
    const stored = await h.t.api.runtime.db.collection('applications').findOne({ _id: created.id as any });
    const items = stored!.order.items.map((i: any) => ({ ...i, sentMilli: i.quantityMilli, state: 'SENT' }));
    await force(created.id, { state: 'READY', stateReason: 'READY_SHIPPED', 'order.items': items });
    let res = await h.t.client.put(cancel(created.id), {}, { token: token() });
    expect(res.status).to.equal(422);
    expect(res.body.errors[0].code).to.equal('NOT_SUPPORTED');
    await force(created.id, { stateReason: 'READY_PAID' });
    res = await h.t.client.put(cancel(created.id), {}, { token: token() });
    expect(res.body.errors[0].code).to.equal('APPLICATION_PAID');
  });
});
