import { expect } from 'chai';
import { startHarness, type AppHarness } from '../applications/harness.js';
import { applicationBody } from '../applications/requests.js';
import { GatewayClient } from '../gateway/gateway-client.js';
import { provisionPartner } from '../support/partners.js';
import { newId } from '../../platform/ids.js';

const recurrencePath = (id: string) => `/financing/v1/recurrences/${id}`;

describe('recurrences', function () {
  this.timeout(60_000);
  let h: AppHarness;
  before(async () => {
    h = await startHarness();
  });
  after(async () => {
    await h?.stop();
  });
  const token = () => h.partner.token;
  const childBody = (over: Record<string, unknown> = {}) => {
    const { order, merchantUrls } = applicationBody();
    return { order: { ...order, number: `R-${newId().slice(-8)}` }, merchantUrls, ...over };
  };
  /** A recurring application the customer authorized at the gateway. */
  const authorized = async (email = 'mirka+approve@example.com') => {
    const app = await h.create(applicationBody({ isRecurring: true }, { email }));
    await new GatewayClient(h.t, app.gatewayRedirectUrl).submit('confirm');
    await h.waitForState(app.id, email.includes('+reject') ? 'REJECTED' : 'READY_TO_SHIP');
    return app;
  };

  it('when isRecurring is sent, then the application carries a recurrence in APPROVING', async () => {
    const app = await h.create(applicationBody({ isRecurring: true }));
    expect(app.recurrence).to.include({ state: 'APPROVING', financingType: 'DEFERRED_PAYMENT', originApplicationId: app.id });
    const res = await h.t.client.get(recurrencePath(app.recurrence.id), { token: token() });
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.equal(app.recurrence);
  });

  it('when the customer authorizes at the gateway and is approved, then the recurrence is READY with authorizedAt and validUntil', async () => {
    const app = await authorized();
    const res = await h.t.client.get(recurrencePath(app.recurrence.id), { token: token() });
    expect(res.body.state).to.equal('READY');
    expect(res.body.authorizedAt).to.match(/Z$/);
    expect(Date.parse(res.body.validUntil) - Date.parse(res.body.authorizedAt)).to.equal(365 * 86_400_000);
  });

  it('when the origin application is rejected, then the recurrence is CANCELLED', async () => {
    const app = await authorized('ivo+reject@example.com');
    expect((await h.t.client.get(recurrencePath(app.recurrence.id), { token: token() })).body.state).to.equal('CANCELLED');
  });

  it('when an application is created from a READY recurrence, then 201 decided at once with no gateway, and its notification', async () => {
    const origin = await authorized();
    const res = await h.t.client.post(`${recurrencePath(origin.recurrence.id)}/applications`, childBody(), { token: token() });
    expect(res.status, res.text).to.equal(201);
    expect(res.body).to.include({ state: 'READY', stateReason: 'READY_TO_SHIP', type: 'DEFERRED_PAYMENT' });
    expect(res.body.customer.email).to.equal('mirka+approve@example.com');
    expect(res.body.recurrence).to.include({ id: origin.recurrence.id, state: 'READY' });
    const n = await h.waitForNotification(res.body.id, 'READY_TO_SHIP');
    expect(n.body.state).to.equal('READY');
    expect(h.notificationsFor(res.body.id)).to.have.length(1);
    expect((await h.get(res.body.id)).recurrence).to.deep.equal({ id: origin.recurrence.id });
  });

  it("when two customers' recurrences create the same order within the window, then each gets its own application; the same recurrence again answers 200 with its own", async () => {
    const jana = await authorized('jana+approve@example.com');
    const petr = await authorized('petr+approve@example.com');
    const body = childBody();
    const post = (recurrenceId: string) => h.t.client.post<any>(`${recurrencePath(recurrenceId)}/applications`, body, { token: token() });
    const ofJana = await post(jana.recurrence.id);
    expect(ofJana.status, ofJana.text).to.equal(201);
    const ofPetr = await post(petr.recurrence.id);
    expect(ofPetr.status, ofPetr.text).to.equal(201);
    expect(ofPetr.body.id).not.to.equal(ofJana.body.id);
    expect(ofPetr.body.customer.email).to.equal('petr+approve@example.com');
    expect(ofPetr.body.recurrence.id).to.equal(petr.recurrence.id);
    const again = await post(petr.recurrence.id);
    expect(again.status, again.text).to.equal(200);
    expect(again.body.id).to.equal(ofPetr.body.id);
  });

  it("when the recurrence is unknown or another partner's, then 404 RECURRENCE_NOT_FOUND", async () => {
    const origin = await h.create(applicationBody({ isRecurring: true }));
    const other = await provisionPartner(h.t);
    for (const [id, tok] of [
      [newId(), token()],
      [origin.recurrence.id, other.token],
    ]) {
      for (const res of [
        await h.t.client.get(recurrencePath(id!), { token: tok }),
        await h.t.client.post(`${recurrencePath(id!)}/applications`, childBody(), { token: tok }),
        await h.t.client.patch(recurrencePath(id!), { state: 'CANCELLED' }, { token: tok }),
      ]) {
        expect(res.status).to.equal(404);
        expect(res.body.errors[0].code).to.equal('RECURRENCE_NOT_FOUND');
      }
    }
  });

  it('when the recurrence is still APPROVING, then 422 RECURRENCE_NOT_USABLE', async () => {
    const origin = await h.create(applicationBody({ isRecurring: true }));
    const res = await h.t.client.post(`${recurrencePath(origin.recurrence.id)}/applications`, childBody(), { token: token() });
    expect(res.status).to.equal(422);
    expect(res.body.errors[0].code).to.equal('RECURRENCE_NOT_USABLE');
  });

  it('when PAY_IN_THREE is asked from a recurrence, then 422 NOT_SUPPORTED', async () => {
    const origin = await authorized();
    const res = await h.t.client.post(`${recurrencePath(origin.recurrence.id)}/applications`, childBody({ type: 'PAY_IN_THREE' }), { token: token() });
    expect(res.status).to.equal(422);
    expect(res.body.errors[0].code).to.equal('NOT_SUPPORTED');
  });

  it('when PATCH sets CANCELLED, then the recurrence is CANCELLED, again is a no-op, and it creates nothing more', async () => {
    const origin = await authorized();
    const path = recurrencePath(origin.recurrence.id);
    const res = await h.t.client.patch(path, { state: 'CANCELLED' }, { token: token() });
    expect(res.status).to.equal(200);
    expect(res.body.state).to.equal('CANCELLED');
    expect((await h.t.client.patch(path, { state: 'CANCELLED' }, { token: token() })).status).to.equal(200);
    const create = await h.t.client.post(`${path}/applications`, childBody(), { token: token() });
    expect(create.status).to.equal(422);
    expect(create.body.errors[0].code).to.equal('RECURRENCE_NOT_USABLE');
    expect((await h.get(origin.id)).state).to.equal('READY');
  });

  it('when PATCH asks for any other state, then 422; a body without state is 400', async () => {
    const origin = await authorized();
    const res = await h.t.client.patch(recurrencePath(origin.recurrence.id), { state: 'READY' }, { token: token() });
    expect(res.status).to.equal(422);
    expect(res.body.errors[0]).to.include({ code: 'UNPROCESSABLE', attribute: 'state' });
    const bad = await h.t.client.patch(recurrencePath(origin.recurrence.id), {}, { token: token() });
    expect(bad.status).to.equal(400);
  });

  it('when the origin application is cancelled, then its READY recurrence is CANCELLED too', async () => {
    const origin = await authorized();
    await h.t.client.put(`/financing/v1/applications/${origin.id}/cancel`, {}, { token: token() });
    expect((await h.t.client.get(recurrencePath(origin.recurrence.id), { token: token() })).body.state).to.equal('CANCELLED');
  });
});
