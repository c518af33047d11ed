import { expect } from 'chai';
import type Joi from 'joi';
import { startHarness, type AppHarness } from '../applications/harness.js';
import { applicationBody } from '../applications/requests.js';
import { GatewayClient } from '../gateway/gateway-client.js';
import { readyApplication, opPath, orderPath, paymentsPath, KETTLE } from '../orders/orders-harness.js';
import { provisionPartner, type TestPartner } from '../support/partners.js';
import { waitFor } from '../support/wait.js';
import type { TestResponse } from '../support/http.js';
import { PUBLISHED_API_VERSION } from '../../versions/index.js';
import { PUBLISHED_RESPONSES } from '../../versions/2026-11-26.js';

/**
 * A partner pinned to the published version (2023-06-26) gets exactly that version's
 * shapes: every answer of a whole journey is checked against the version's schema for its
 * operation and status (no undeclared property, every required one present).
 */
describe('the published version (2023-06-26): every answer of a journey in its shapes', function () {
  this.timeout(120_000);
  let h: AppHarness;
  let partner: TestPartner;
  const seen: string[] = [];
  before(async () => {
    h = await startHarness();
    partner = await provisionPartner(h.t, { apiVersion: PUBLISHED_API_VERSION, payoutTrigger: 'SENT' });
  });
  after(async () => {
    await h?.stop();
  });

  function conforms(operationId: string, res: TestResponse): any {
    const schema: Joi.Schema | undefined = PUBLISHED_RESPONSES[operationId]?.[res.status];
    expect(schema, `${operationId} ${res.status} has a shape in the published version (${res.text.slice(0, 200)})`).to.exist;
    const { error } = schema!.validate(res.body, { abortEarly: false, allowUnknown: false, convert: false });
    expect(error?.details.map((d) => `${d.path.join('.')}: ${d.message}`) ?? [], `${operationId} ${res.status}`).to.deep.equal([]);
    expect(res.headers['api-version']).to.equal(PUBLISHED_API_VERSION);
    seen.push(`${operationId} ${res.status}`);
    return res.body;
  }
  const api = () => h.t.client;
  const auth = () => ({ token: partner.token });

  it('when a pinned partner runs a purchase, then every answer has the published shape', async () => {
    conforms('health', await api().get('/v1/health', { headers: { 'Api-Version': PUBLISHED_API_VERSION } }));
    conforms(
      'login',
      await api().post(
        '/authentication/v1/partner',
        { username: partner.username, password: partner.password },
        { headers: { 'Api-Version': PUBLISHED_API_VERSION } },
      ),
    );
    conforms(
      'login',
      await api().post(
        '/authentication/v1/partner',
        { username: partner.username, password: 'wrong-password-1' },
        { headers: { 'Api-Version': PUBLISHED_API_VERSION } },
      ),
    );
    const created = conforms(
      'createApplication',
      await api().post('/financing/v1/applications', applicationBody({}, { email: 'pinned+approve@example.com' }), auth()),
    );
    conforms('getApplication', await api().get(`/financing/v1/applications/${created.id}`, auth()));
    conforms('getApplication', await api().get('/financing/v1/applications/00000000-0000-7000-8000-000000000000', auth()));
    conforms('createApplication', await api().post('/financing/v1/applications', { type: 'DEFERRED_PAYMENT' }, auth()));
    const app = await readyApplication(h, partner);
    conforms('sendOrderItems', await api().put(opPath(app.id, 'send'), { items: [{ code: KETTLE.code, quantity: 1 }] }, auth()));
    conforms('deliverOrderItems', await api().put(opPath(app.id, 'deliver'), {}, auth()));
    conforms('returnOrderItems', await api().put(opPath(app.id, 'return'), { items: [{ code: KETTLE.code, quantity: 1 }] }, auth()));
    conforms('getOrder', await api().get(`/financing/v1/orders?applicationId=${app.id}`, auth()));
    conforms('cancelOrderItems', await api().put(opPath(app.id, 'cancel'), {}, auth()));
    await waitFor('payments', async () => (await api().get(paymentsPath(app.id), auth())).body.data?.length > 0);
    conforms('listPayments', await api().get(paymentsPath(app.id), auth()));
    const other = await h.create(applicationBody(), partner);
    conforms('changeOrder', await api().put(orderPath(other.id), { reason: 'smaller', order: { deliveryCarrier: { carrierId: 'PPL' } } }, auth()));
    const recurring = await h.create(applicationBody({ isRecurring: true }, { email: 'again+approve@example.com' }), partner);
    await new GatewayClient(h.t, recurring.gatewayRedirectUrl).submit('confirm');
    const ready = await waitFor('recurring approved', async () => {
      const a = await h.get(recurring.id, partner);
      return a.stateReason === 'READY_TO_SHIP' && a;
    });
    const rid = ready.recurrence.id;
    conforms('getRecurrence', await api().get(`/financing/v1/recurrences/${rid}`, auth()));
    conforms(
      'createApplicationFromRecurrence',
      await api().post(
        `/financing/v1/recurrences/${rid}/applications`,
        {
          order: { totalPrice: { amount: 10000, currency: 'CZK' }, totalVat: [{ vatRate: 21, amount: 1736, currency: 'CZK' }] },
          merchantUrls: applicationBody().merchantUrls,
        },
        auth(),
      ),
    );
    conforms('updateRecurrence', await api().patch(`/financing/v1/recurrences/${rid}`, { state: 'CANCELLED' }, auth()));
    conforms('cancelApplication', await api().put(`/financing/v1/applications/${other.id}/cancel`, { reason: 'APPLICATION_CANCELLED_BY_CUSTOMER' }, auth()));
    conforms('cancelApplication', await api().put(`/financing/v1/applications/${other.id}/cancel`, { reason: 'APPLICATION_CANCELLED_BY_CUSTOMER' }, auth()));
    const pre = conforms(
      'precheck',
      await api().post(
        '/financing/v1/precheck',
        { customer: { email: 'pre+reject@example.com', phone: '+420777123456' }, order: { totalPrice: { amount: 150000, currency: 'CZK' } } },
        auth(),
      ),
    );
    expect(pre.results.map((r: { code: string }) => r.code)).to.deep.equal(['NOT_AVAILABLE', 'NOT_AVAILABLE']);
    conforms('precheck', await api().post('/financing/v1/precheck', { customer: {} }, auth()));
    expect(seen.length).to.be.greaterThan(15);
  });
});
