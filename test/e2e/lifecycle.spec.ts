import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import type { NotificationRequest } from '../../platform/notifications.js';
import type { DeliveryPage } from '../../modules/webhooks/webhooks.service.js';
import { startHarness, type AppHarness } from '../applications/harness.js';
import { applicationBody } from '../applications/requests.js';
import { GatewayClient } from '../gateway/gateway-client.js';
import { KETTLE, ORDER_TOTAL, opPath, paymentsPath, waitForReason } from '../orders/orders-harness.js';
import type { RelayProcess } from '../relay/support/relay-process.js';
import { startRelayRunning } from './support/relay-running.js';
import { verify } from '../relay/support/receiver.js';
import { provisionPartner, type TestPartner } from '../support/partners.js';
import { waitFor } from '../support/wait.js';
import { PartnerEndpoint, type Arrival } from './support/partner-endpoint.js';

const FEE_BPS = 175;
/** The spec's Events table plus the creation notification. */
const EVENTS_TABLE = ['PROCESSING_REDIRECT_NEEDED', 'REJECTED', 'CANCELLED_NOT_PAID', 'READY_TO_SHIP', 'READY_SHIPPED', 'READY_DELIVERED', 'READY_PAID'];

/**
 * The whole life of applications across every moving part: the API in-process over real
 * MongoDB and Kafka, the webhook relay as its own process, the customer at the gateway
 * over HTTP, and the partner's endpoint verifying signatures as a partner would.
 */
describe("end to end: an application's whole life, from create to credit note, as the partner sees it", function () {
  this.timeout(120_000);
  let h: AppHarness;
  let relay: RelayProcess;
  let endpoint: PartnerEndpoint;
  let shop: TestPartner;
  const labelsSeen = new Set<string>();

  before(async function () {
    this.timeout(60_000);
    h = await startHarness({ WEBHOOK_RETRY_DELAYS: '200ms,200ms', OUTBOX_SWEEP_INTERVAL: '300ms' });
    endpoint = await new PartnerEndpoint().start();
    relay = await startRelayRunning(h.t.config, { WEBHOOK_RETRY_DELAYS: '200ms,200ms' });
    shop = await provisionPartner(h.t, { payoutTrigger: 'DELIVERED', feeBps: FEE_BPS });
  });
  after(async () => {
    const code = await relay?.stop('SIGTERM');
    await endpoint?.stop();
    await h?.stop();
    expect(code, 'the relay drains and exits 0 on SIGTERM').to.equal(0);
  });

  const as = (method: string, path: string, body?: unknown) => h.t.client.request(method, path, { token: shop.token, body });
  const create = async (type: 'DEFERRED_PAYMENT' | 'PAY_IN_THREE', outcome: 'approve' | 'reject') => {
    const body = applicationBody({ type }, { email: `buyer-${randomBytes(3).toString('hex')}+${outcome}@example.com` });
    body.merchantUrls.notificationEndpoint = endpoint.url();
    const res = await as('POST', '/financing/v1/applications', body);
    expect(res.status, res.text).to.equal(201);
    expect(res.body).to.include({ state: 'PROCESSING', stateReason: 'PROCESSING_REDIRECT_NEEDED' });
    return res.body;
  };
  const confirmAtGateway = async (app: any) => {
    const res = await new GatewayClient(h.t, app.gatewayRedirectUrl).submit('confirm');
    expect(res.status).to.equal(303);
  };
  const operate = async (id: string, op: 'send' | 'deliver' | 'return', body: unknown, stateReason: string) => {
    const res = await as('PUT', opPath(id, op), body);
    expect(res.status, `${op}: ${res.text}`).to.equal(200);
    expect(res.body.applicationInfo.stateReason).to.equal(stateReason);
  };
  const payments = (id: string, n: number) =>
    waitFor(
      `${n} payment(s) of ${id}`,
      async () => {
        const res = await as('GET', `${paymentsPath(id)}?limit=100`);
        return res.body.data?.length === n && res.body.data;
      },
      { maxWait: 20_000 },
    );

  /** The partner got exactly what the service published for the application, each once delivered, signed by its own secret only. */
  const expectExactlyPublished = async (id: string, arrivals: Arrival[]) => {
    const published = await waitFor(`the collector has ${arrivals.length} notification(s) of ${id}`, () => {
      const list = h.notifications.json<NotificationRequest>().filter((n) => n.key === id);
      return list.length >= arrivals.length && list;
    });
    expect(arrivals.map((a) => a.webhookId)).to.deep.equal(published.map((n) => n.id));
    expect(arrivals.map((a) => a.body)).to.deep.equal(published.map((n) => n.body));
    for (const a of arrivals) {
      expect(() => verify(a.request, h.partner.webhookSecret), "another partner's secret does not verify").to.throw();
      labelsSeen.add(a.label);
    }
    // the relay records an attempt after the endpoint answered: wait for the records
    await waitFor(`DELIVERED records of ${arrivals.map((a) => a.label).join(', ')}`, async () => {
      const deliveries = (await as('GET', '/financing/v1/webhooks/deliveries?limit=100')).body as DeliveryPage;
      return arrivals.every((a) => deliveries.data.find((d) => d.webhookId === a.webhookId)?.state === 'DELIVERED');
    });
  };

  it('when a deferred payment is approved, shipped in part, delivered, paid out and partly returned, then the partner gets every notification in order, signed, and the money adds up to the minor unit', async () => {
    const app = await create('DEFERRED_PAYMENT', 'approve');
    await confirmAtGateway(app);
    await waitForReason(h, app.id, shop, 'READY_TO_SHIP');
    await operate(app.id, 'send', { items: [{ code: KETTLE.code, quantity: 1 }] }, 'READY_SHIPPED');
    await operate(app.id, 'deliver', {}, 'READY_DELIVERED');
    const [payout] = await payments(app.id, 1);
    await waitForReason(h, app.id, shop, 'READY_PAID');
    await operate(app.id, 'return', { items: [{ code: KETTLE.code, quantity: 0.333 }] }, 'READY_PAID');
    const [, credit] = await payments(app.id, 2);

    const arrivals = await endpoint.waitForSequence(shop.webhookSecret, app.id, [
      'PROCESSING_REDIRECT_NEEDED',
      'READY_TO_SHIP',
      'READY_SHIPPED',
      'READY_DELIVERED',
      'PAYOUT',
      'READY_PAID',
      'CREDIT_NOTE',
    ]);
    for (const a of arrivals.filter((x) => !x.body.type)) {
      expect(a.body).to.deep.equal({ id: app.id, state: a.label.split('_')[0], stateReason: a.label });
    }
    expect(arrivals.find((a) => a.label === 'PAYOUT')!.body, 'the payout notification is the Payment record').to.deep.equal(payout);
    expect(arrivals.find((a) => a.label === 'CREDIT_NOTE')!.body, 'the credit note notification is the Payment record').to.deep.equal(credit);
    await expectExactlyPublished(app.id, arrivals);

    // the money, computed here from the order and the fee, independently of the service's code
    const returned = Math.round((KETTLE.total * 333) / 2000); // 0.333 of 2 kettles
    const kept = ORDER_TOTAL - returned;
    const fees = Math.round((kept * FEE_BPS) / 10_000);
    const payoutFee = Math.round((ORDER_TOTAL * FEE_BPS) / 10_000);
    expect(payout).to.deep.include({
      type: 'PAYOUT',
      grossValue: { amount: ORDER_TOTAL, currency: 'CZK' },
      fee: { amount: payoutFee, currency: 'CZK' },
      value: { amount: ORDER_TOTAL - payoutFee, currency: 'CZK' },
    });
    expect(credit).to.deep.include({
      type: 'CREDIT_NOTE',
      grossValue: { amount: -returned, currency: 'CZK' },
      fee: { amount: fees - payoutFee, currency: 'CZK' },
    });
    expect(payout.value.amount - Math.abs(credit.value.amount), 'net payouts − credit notes = value kept − fees').to.equal(kept - fees);
    for (const p of [payout, credit]) {
      expect(Number.isInteger(p.value.amount) && Number.isInteger(p.fee.amount)).to.equal(true);
      expect(p.value.amount).to.equal(p.grossValue.amount - p.fee.amount);
      expect(p.variableSymbol).to.equal('2024000123');
    }
    const detail = (await as('GET', `/financing/v1/applications/${app.id}`)).body;
    expect(detail.order.totalPrice.amount, 'the order keeps what was not returned').to.equal(kept);
  });

  it('when a pay-in-three application is approved, then READY_TO_SHIP is notified after creation and the three instalments sum to the total', async () => {
    const app = await create('PAY_IN_THREE', 'approve');
    await confirmAtGateway(app);
    const decided = await waitForReason(h, app.id, shop, 'READY_TO_SHIP');
    expect(decided.type).to.equal('PAY_IN_THREE');
    expect(decided.repaymentPlan).to.have.length(3);
    const amounts = decided.repaymentPlan.map((i: any) => i.amount.amount);
    expect(amounts.reduce((s: number, a: number) => s + a, 0)).to.equal(ORDER_TOTAL);
    expect(amounts[0]).to.be.at.least(amounts[1]);
    const arrivals = await endpoint.waitForSequence(shop.webhookSecret, app.id, ['PROCESSING_REDIRECT_NEEDED', 'READY_TO_SHIP']);
    expect(arrivals[1]!.body).to.deep.equal({ id: app.id, state: 'READY', stateReason: 'READY_TO_SHIP' });
    await expectExactlyPublished(app.id, arrivals);
  });

  it('when the decision rejects the customer, then REJECTED is notified after creation', async () => {
    const app = await create('DEFERRED_PAYMENT', 'reject');
    await confirmAtGateway(app);
    await waitForReason(h, app.id, shop, 'REJECTED');
    const arrivals = await endpoint.waitForSequence(shop.webhookSecret, app.id, ['PROCESSING_REDIRECT_NEEDED', 'REJECTED']);
    expect(arrivals[1]!.body).to.deep.equal({ id: app.id, state: 'REJECTED', stateReason: 'REJECTED' });
    await expectExactlyPublished(app.id, arrivals);
  });

  it('when the partner cancels an application, then CANCELLED_NOT_PAID is notified after creation', async () => {
    const app = await create('DEFERRED_PAYMENT', 'approve');
    const res = await as('PUT', `/financing/v1/applications/${app.id}/cancel`, { reason: 'APPLICATION_CANCELLED_BY_ESHOP_RULES' });
    expect(res.status, res.text).to.equal(200);
    const arrivals = await endpoint.waitForSequence(shop.webhookSecret, app.id, ['PROCESSING_REDIRECT_NEEDED', 'CANCELLED_NOT_PAID']);
    expect(arrivals[1]!.body).to.deep.equal({ id: app.id, state: 'CANCELLED', stateReason: 'CANCELLED_NOT_PAID' });
    await expectExactlyPublished(app.id, arrivals);
  });

  it("when the lives above are taken together, then every notification of the spec's Events table has reached the partner", () => {
    expect([...labelsSeen]).to.include.members(EVENTS_TABLE);
  });
});
