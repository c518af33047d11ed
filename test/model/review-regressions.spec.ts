import { expect } from 'chai';
import { startHarness, type AppHarness } from '../applications/harness.js';
import { applicationBody } from '../applications/requests.js';
import { GatewayClient } from '../gateway/gateway-client.js';
import type { TestResponse } from '../support/http.js';
import { provisionPartner, type TestPartner } from '../support/partners.js';
import { waitFor } from '../support/wait.js';
import { opPath, orderPath, paymentsPath, readyApplication } from '../orders/orders-harness.js';
import { customer, ledgerCaughtUp } from './env.js';
import { orderBody } from './scenario.js';
import type { LineSpec } from './oracle.js';

/**
 * The review's four sequences, fixed (each is also a worked example of the oracle's unit
 * tests, test/model/oracle.test.ts): money never paid for goods the customer does not pay
 * for, and an order never approved other than as the customer saw it and within the limits.
 */
const CZK = (amount: number) => ({ amount, currency: 'CZK' });
const line = (code: string, gross: number, type = gross < 0 ? 'DISCOUNT' : 'PHYSICAL'): LineSpec => ({ code, type, quantityMilli: 1000, gross, vatRate: 21 });
const DECIDING = ['PROCESSING_VALIDATION_IN_PROGRESS', 'PROCESSING_PREAPPROVED'];

describe('review regressions: money and the order the customer confirmed', function () {
  this.timeout(120_000);
  let h: AppHarness;
  before(async () => {
    h = await startHarness();
  });
  after(async () => {
    await h?.stop();
  });

  const put = (p: TestPartner, path: string, body: unknown) => h.t.client.put(path, body, { token: p.token });
  const payments = async (p: TestPartner, id: string) => (await h.t.client.get(`${paymentsPath(id)}?limit=100`, { token: p.token })).body.data as any[];
  const planSum = (app: any) => app.repaymentPlan.reduce((a: number, i: any) => a + i.amount.amount, 0);
  const refusal = (res: TestResponse) => ({ status: res.status, ...res.body?.errors?.[0] });
  /** An application created for a new customer, decided by the rules (no sandbox e-mail tag). */
  const createFor = (p: TestPartner, lines: LineSpec[]) =>
    h.create(applicationBody({ customer: customer(4), order: { ...applicationBody().order, ...orderBody(lines) } }), p);

  it('a. when a cancel of unsent kettles names totalPrice 0, then 422 naming totalPrice.amount and no payout; cancelling both lines leaves nothing owed and nothing paid', async () => {
    const partner = await provisionPartner(h.t, { payoutTrigger: 'DELIVERED', feeBps: 150 });
    const app = await readyApplication(h, partner);
    const zero = await put(partner, opPath(app.id, 'cancel'), { items: [{ code: 'KTL-1' }], totalPrice: CZK(0) });
    expect(refusal(zero)).to.include({ status: 422, attribute: 'totalPrice.amount' });
    expect((await h.get(app.id, partner)).order.totalPrice.amount).to.equal(150000);
    expect((await put(partner, opPath(app.id, 'cancel'), { items: [{ code: 'KTL-1' }] })).status).to.equal(200);
    const last = await put(partner, opPath(app.id, 'cancel'), { items: [{ code: 'SHIP' }] });
    expect(last.status, last.text).to.equal(200);
    expect(last.body.applicationInfo).to.deep.include({ state: 'CANCELLED', stateReason: 'CANCELLED_NOT_PAID' });
    const detail = await h.get(app.id, partner);
    expect(detail.order.totalPrice.amount).to.equal(0);
    expect(planSum(detail)).to.equal(0);
    await ledgerCaughtUp(h, app.id, 2);
    expect(await payments(partner, app.id)).to.deep.equal([]);
  });

  it("b. when only the TV of a TV with a large discount is sent (paid on SENT), then one payout of the net 2 000 000, never the TV's 10 000 000; the discount alone cannot be cancelled", async () => {
    const partner = await provisionPartner(h.t, { payoutTrigger: 'SENT', feeBps: 0 });
    const app = await readyApplication(h, partner, { order: { ...applicationBody().order, ...orderBody([line('TV', 10_000_000), line('DISC', -8_000_000)]) } });
    expect(app.order.totalPrice.amount).to.equal(2_000_000);
    const sent = await put(partner, opPath(app.id, 'send'), { items: [{ code: 'TV' }] });
    expect(sent.status, sent.text).to.equal(200);
    const discount = await put(partner, opPath(app.id, 'cancel'), { items: [{ code: 'DISC' }] });
    expect(refusal(discount)).to.include({ status: 422, attribute: 'items[0]' });
    await ledgerCaughtUp(h, app.id, 1);
    const list = await payments(partner, app.id);
    expect(list.map((p) => [p.type, p.grossValue.amount])).to.deep.equal([['PAYOUT', 2_000_000]]);
    expect((await h.get(app.id, partner)).order.totalPrice.amount).to.equal(2_000_000);
  });

  it("c. when the order is changed between the customer's confirmation and the decision, then 422 APPLICATION_VALIDATION_IN_PROGRESS and the decision is on the order confirmed, within the limit", async () => {
    const partner = await provisionPartner(h.t, { payoutTrigger: 'SENT', feeBps: 0 });
    const huge = orderBody([line('YACHT', 900_000_000)]);
    let caught = 0;
    // the original order within the limit ends READY with its own total; one above it ends REJECTED
    for (const [lines, outcome] of [
      [[line('KTL', 150_000)], 'READY'],
      [[line('CAR', 6_000_000)], 'REJECTED'],
      [[line('KTL', 150_000)], 'READY'],
    ] as const) {
      const app = await createFor(partner, [...lines]);
      const gw = new GatewayClient(h.t, app.gatewayRedirectUrl);
      expect((await gw.submit('confirm')).status).to.be.below(400);
      // right after the confirmation: the decision runs (or, if it was quicker, has decided)
      const res = await put(partner, orderPath(app.id), { reason: 'raise', order: huge });
      expect(res.status, res.text).to.equal(422);
      expect(res.body.errors[0].code).to.be.oneOf(['APPLICATION_VALIDATION_IN_PROGRESS', outcome === 'READY' ? 'NOT_SUPPORTED' : 'APPLICATION_REJECTED']);
      if (res.body.errors[0].code === 'APPLICATION_VALIDATION_IN_PROGRESS') caught += 1;
      const decided = await waitFor(
        'the decision',
        async () => {
          const a = await h.get(app.id, partner);
          return !DECIDING.includes(a.stateReason) && a;
        },
        { maxWait: 20_000 },
      );
      expect(decided.state).to.equal(outcome);
      expect(decided.order.totalPrice.amount).to.equal(lines[0].gross);
    }
    expect(caught, 'at least one change came while the decision ran').to.be.above(0);
  });

  it('d. when the order changes after the gateway page was loaded, then submitting that page confirms nothing and the page shows the new order', async () => {
    const partner = await provisionPartner(h.t, { payoutTrigger: 'SENT', feeBps: 0 });
    const app = await createFor(partner, [line('KTL-1', 120_000), line('SHIP', 30_000)]);
    const gw = new GatewayClient(h.t, app.gatewayRedirectUrl);
    const shown = (await gw.open()).text;
    expect(shown).to.include('1,500.00');
    const changed = await put(partner, orderPath(app.id), { reason: 'price correction', order: orderBody([line('TV-1', 4_900_000)]) });
    expect(changed.status, changed.text).to.equal(200);
    const res = await gw.submit('confirm', shown);
    expect((await h.get(app.id, partner)).stateReason).to.equal('PROCESSING_REDIRECT_NEEDED');
    const again = res.status === 303 ? await h.t.client.get(String(res.headers.location), { headers: { Accept: 'text/html' } }) : res;
    expect(again.text).to.include('49,000.00');
    // the page shown now confirms the order it shows
    await gw.submit('confirm');
    const decided = await waitFor(
      'the decision',
      async () => {
        const a = await h.get(app.id, partner);
        return !DECIDING.includes(a.stateReason) && a;
      },
      { maxWait: 20_000 },
    );
    expect([decided.state, decided.order.totalPrice.amount]).to.deep.equal(['READY', 4_900_000]);
  });
});
