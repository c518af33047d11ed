import { expect } from 'chai';
import { applicationBody } from '../applications/requests.js';
import { GatewayClient } from '../gateway/gateway-client.js';
import { ORDER_TOTAL, opPath } from '../orders/orders-harness.js';
import type { TestApi } from '../support/api.js';
import type { ApiProcess } from '../support/api-process.js';
import { testConfig } from '../support/config.js';
import type { TestResponse } from '../support/http.js';
import type { TestPartner } from '../support/partners.js';
import { KillableApi } from './support/killable-api.js';
import { waitFor } from '../support/wait.js';
import { KEY_HEADER, newKey } from '../idempotency/support.js';

const CREATE = '/financing/v1/applications';
/** The test hook: the API kills itself (SIGKILL) once a write carrying a kept response commits. */
const CRASH = { IDEMPOTENCY_TEST_CRASH_AFTER_WRITE: '1' };

interface StoredApp {
  _id: string;
  version: number;
  state: string;
  history: Array<{ stateReason: string }>;
}

describe('an Idempotency-Key retry after the API was SIGKILLed between its write and its answer', function () {
  this.timeout(180_000);
  let fixture: KillableApi | undefined;
  let api: ApiProcess;
  let partner: TestPartner;

  before(async function () {
    this.timeout(120_000);
    // a short lease: the dead holder's claim is resolved within seconds, not a minute
    fixture = new KillableApi(testConfig(), { IDEMPOTENCY_LEASE: '2s' }, 'idempotency-crash-test');
    ({ api, partner } = await fixture.start());
  });
  after(() => fixture?.dispose());

  const applications = () => fixture!.db().collection<StoredApp>('applications');
  const keyedRequest = (method: string, path: string, body: unknown, key: string) =>
    api.client.request(method, path, { body, token: partner.token, headers: { [KEY_HEADER]: key }, timeoutMs: 20_000 });

  /** Restarts the API with the hook, sends `request` (the process dies before it answers), and restarts it without. */
  async function killedDuring(request: () => Promise<TestResponse>): Promise<void> {
    await api.stop('SIGTERM');
    api.start(CRASH);
    await api.healthy();
    const outcome = await request().then(
      (r) => `answered ${r.status} ${r.text}`,
      (err: Error) => err,
    );
    expect(outcome, 'the client got no answer').to.be.instanceOf(Error);
    await waitFor('the API process to die', () => api.exited);
    api.start();
    await api.healthy();
  }

  /** The retry, repeated while the dead request's claim is within its lease (409 IDEMPOTENCY_KEY_IN_USE). */
  const retried = (request: () => Promise<TestResponse>) =>
    waitFor(
      'the retry to be answered',
      async () => {
        const res = await request();
        if (res.status === 409) expect(res.body.errors[0].code).to.equal('IDEMPOTENCY_KEY_IN_USE');
        return res.status !== 409 && res;
      },
      { maxWait: 20_000, interval: 250 },
    );

  it('when a create was committed but not answered, then its retry answers 201 with its Location, replayed, and one application exists', async () => {
    const body = applicationBody();
    const key = newKey();
    const send = () => keyedRequest('POST', CREATE, body, key);
    await killedDuring(send);
    const stored = await applications()
      .find({ partnerId: partner.id, 'order.number': body.order.number } as any)
      .toArray();
    expect(stored, 'the write committed before the kill').to.have.length(1);
    const retry = await retried(send);
    expect(retry.status, retry.text).to.equal(201);
    expect(retry.headers['idempotent-replayed']).to.equal('true');
    expect(retry.body.id).to.equal(stored[0]!._id);
    expect(retry.headers.location).to.equal(`${CREATE}/${stored[0]!._id}`);
    const again = await send();
    expect([again.status, again.text, again.headers['idempotent-replayed']]).to.deep.equal([201, retry.text, 'true']);
    expect(await applications().countDocuments({ partnerId: partner.id, 'order.number': body.order.number } as any), 'created once').to.equal(1);
  });

  it('when a cancel was committed but not answered, then its retry answers the original 200, and the application changed once', async () => {
    const created = await api.client.post(CREATE, applicationBody(), { token: partner.token });
    expect(created.status).to.equal(201);
    const id = created.body.id as string;
    const key = newKey();
    const send = () => keyedRequest('PUT', `${CREATE}/${id}/cancel`, { reason: 'APPLICATION_CANCELLED_BY_CUSTOMER' }, key);
    await killedDuring(send);
    const retry = await retried(send);
    expect(retry.status, retry.text).to.equal(200);
    expect(retry.headers['idempotent-replayed']).to.equal('true');
    expect(retry.body.applicationInfo).to.include({ id, state: 'CANCELLED' });
    const doc = (await applications().findOne({ _id: id }))!;
    expect(doc.version, 'one write after the create').to.equal(2);
    expect(
      doc.history.filter((e) => e.stateReason.startsWith('CANCELLED')),
      'cancelled once',
    ).to.have.length(1);
  });

  it('when an amount-only refund was committed but not answered, then its retry answers the original 200 and the refund applied once', async () => {
    const created = await api.client.post(CREATE, applicationBody({}, { email: 'refund+approve@example.com' }), { token: partner.token });
    expect(created.status).to.equal(201);
    const id = created.body.id as string;
    await new GatewayClient({ client: api.client, baseUrl: api.baseUrl } as unknown as TestApi, created.body.gatewayRedirectUrl).submit('confirm');
    await waitFor('the application approved', async () => (await applications().findOne({ _id: id }))?.state === 'READY');
    expect((await api.client.put(opPath(id, 'send'), {}, { token: partner.token })).status).to.equal(200);
    const key = newKey();
    const send = () => keyedRequest('PUT', opPath(id, 'return'), { items: [], totalPrice: { amount: 12345, currency: 'CZK' } }, key);
    await killedDuring(send);
    const retry = await retried(send);
    expect(retry.status, retry.text).to.equal(200);
    expect(retry.headers['idempotent-replayed']).to.equal('true');
    expect(retry.body.totalPrice.amount, 'refunded once').to.equal(ORDER_TOTAL - 12345);
    const detail = await api.client.get(`${CREATE}/${id}`, { token: partner.token });
    expect(detail.body.order.totalPrice.amount, 'refunded once').to.equal(ORDER_TOTAL - 12345);
  });
});
