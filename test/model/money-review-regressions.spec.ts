import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { startHarness, type AppHarness } from '../applications/harness.js';
import { applicationBody } from '../applications/requests.js';
import type { TestResponse } from '../support/http.js';
import { provisionPartner, type TestPartner } from '../support/partners.js';
import { GatewayClient } from '../gateway/gateway-client.js';
import { opPath, paymentsPath, readyApplication, waitForReason } from '../orders/orders-harness.js';
import { ledgerCaughtUp } from './env.js';
import { orderBody } from './scenario.js';
import type { LineSpec } from './oracle.js';

/**
 * The second money review's findings about the order's money and the precheck, fixed. Each
 * sequence is also an example in the oracle's unit tests (test/model/oracle.test.ts): a
 * cancel or return never raises what the customer owes; a CANCELLED application owes
 * nothing and its payouts net to nothing; an amount kept back stays owed whichever call
 * closes the order; a precheck tells a shop nothing of the person's purchases elsewhere.
 */
const CZK = (amount: number) => ({ amount, currency: 'CZK' });
const line = (code: string, gross: number, type = gross < 0 ? 'DISCOUNT' : 'PHYSICAL'): LineSpec => ({ code, type, quantityMilli: 1000, gross, vatRate: 21 });

describe('review regressions: what the customer owes, and what a precheck tells', function () {
  this.timeout(120_000);
  let h: AppHarness;
  before(async () => {
    h = await startHarness();
  });
  after(async () => {
    await h?.stop();
  });

  const put = (p: TestPartner, path: string, body: unknown) => h.t.client.put(path, body, { token: p.token });
  const ok = (res: TestResponse) => {
    expect(res.status, res.text).to.equal(200);
    return res;
  };
  const netPaid = async (p: TestPartner, id: string) =>
    ((await h.t.client.get(`${paymentsPath(id)}?limit=100`, { token: p.token })).body.data as any[]).reduce((a, x) => a + x.grossValue.amount, 0);
  const planSum = (app: any) => app.repaymentPlan.reduce((a: number, i: any) => a + i.amount.amount, 0);
  const owes = async (p: TestPartner, id: string) => {
    const app = await h.get(id, p);
    return { state: app.state, order: app.order.state, total: app.order.totalPrice.amount, plan: planSum(app) };
  };

  it('2. when 19 discounts of 0.01 leave an order of two 0.10 lines at 0.01 and one line is cancelled, then the total stays at most 0.01 and the send pays out no more than approved', async () => {
    const partner = await provisionPartner(h.t, { payoutTrigger: 'SENT', feeBps: 0 });
    const discounts = Array.from({ length: 19 }, (_, k) => line(`DISC-${k}`, -1));
    const app = await readyApplication(h, partner, { order: { ...applicationBody().order, ...orderBody([line('A', 10), line('B', 10), ...discounts]) } });
    expect(app.order.totalPrice.amount).to.equal(1);
    const cancel = await put(partner, opPath(app.id, 'cancel'), { items: [{ code: 'A' }] });
    if (cancel.status === 200) expect(cancel.body.totalPrice.amount).to.be.at.most(1);
    ok(await put(partner, opPath(app.id, 'send'), {}));
    await ledgerCaughtUp(h, app.id, cancel.status === 200 ? 2 : 1);
    expect(await netPaid(partner, app.id)).to.be.at.most(1);
    expect((await owes(partner, app.id)).total).to.be.at.most(1);
  });

  it('3. when everything is returned with totalPrice 0, then the sale stays open owing the whole price, and a refund of it closes the sale with nothing owed and nothing paid', async () => {
    const partner = await provisionPartner(h.t, { payoutTrigger: 'SENT', feeBps: 150 });
    const app = await readyApplication(h, partner);
    ok(await put(partner, opPath(app.id, 'send'), {}));
    const ret = ok(await put(partner, opPath(app.id, 'return'), { totalPrice: CZK(0) }));
    expect(ret.body.applicationInfo.state).to.equal('READY');
    expect(await owes(partner, app.id)).to.deep.equal({ state: 'READY', order: 'RETURNED', total: 150_000, plan: 150_000 });
    await ledgerCaughtUp(h, app.id, 2);
    expect(await netPaid(partner, app.id)).to.equal(150_000);
    const refund = ok(await put(partner, opPath(app.id, 'return'), { items: [], totalPrice: CZK(150_000) }));
    expect(refund.body.applicationInfo).to.deep.include({ state: 'CANCELLED', stateReason: 'CANCELLED_RETURNED' });
    expect(await owes(partner, app.id)).to.deep.equal({ state: 'CANCELLED', order: 'RETURNED', total: 0, plan: 0 });
    await ledgerCaughtUp(h, app.id, 3);
    expect(await netPaid(partner, app.id)).to.equal(0);
  });

  it('4. when a return keeps 500.00 back and a cancel then closes the order, then 500.00 stays owed and paid, as when the return closes it', async () => {
    const partner = await provisionPartner(h.t, { payoutTrigger: 'SENT', feeBps: 0 });
    // return, then the cancel closes the order
    const first = await readyApplication(h, partner);
    ok(await put(partner, opPath(first.id, 'send'), { items: [{ code: 'KTL-1', quantity: 1 }] }));
    ok(await put(partner, opPath(first.id, 'return'), { items: [{ code: 'KTL-1', quantity: 1 }], totalPrice: CZK(10_000) }));
    expect((await owes(partner, first.id)).total).to.equal(140_000);
    ok(await put(partner, opPath(first.id, 'cancel'), {}));
    // cancel, then the return closes the order
    const second = await readyApplication(h, partner);
    ok(await put(partner, opPath(second.id, 'send'), { items: [{ code: 'KTL-1', quantity: 1 }] }));
    ok(await put(partner, opPath(second.id, 'cancel'), {}));
    ok(await put(partner, opPath(second.id, 'return'), { items: [{ code: 'KTL-1', quantity: 1 }], totalPrice: CZK(10_000) }));
    const expected = { state: 'READY', order: 'RETURNED', total: 50_000, plan: 50_000 };
    expect(await owes(partner, first.id)).to.deep.equal(expected);
    expect(await owes(partner, second.id)).to.deep.equal(expected);
    await ledgerCaughtUp(h, first.id, 3);
    await ledgerCaughtUp(h, second.id, 3);
    expect([await netPaid(partner, first.id), await netPaid(partner, second.id)]).to.deep.equal([50_000, 50_000]);
  });

  it('5. when a person has approvals at shop A, then shop B, which never dealt with them, gets the same precheck answer as before', async () => {
    const [a, b] = [await provisionPartner(h.t, {}), await provisionPartner(h.t, {})];
    const victim = `victim-${randomBytes(4).toString('hex')}`;
    const ask = async () => {
      const res = await h.t.client.post(
        '/financing/v1/precheck',
        { customer: { email: `${victim}@example.com` }, order: { totalPrice: CZK(150_000) }, type: 'DEFERRED_PAYMENT' },
        { token: b.token },
      );
      expect(res.status, res.text).to.equal(200);
      return { code: res.body.results[0].code, standing: res.body.results[0].PrecheckResultResponseSerializer, limits: res.body.limits };
    };
    const before = await ask();
    expect(before.code).to.equal('OK');
    // the five approvals are the victim's: the same person (the `+approve` tag is the sandbox's)
    for (let k = 0; k < 5; k += 1) await approvedAt(a, `${victim}+approve@example.com`);
    expect(await ask()).to.deep.equal(before);
  });

  /** An approved application of `email` at partner `p` (the sandbox decides `+approve`). */
  async function approvedAt(p: TestPartner, email: string): Promise<void> {
    const app = await h.create(applicationBody({}, { email }), p);
    const res = await new GatewayClient(h.t, app.gatewayRedirectUrl).submitAsCustomer('confirm');
    expect(res.status).to.be.below(400);
    await waitForReason(h, app.id, p, 'READY_TO_SHIP');
  }
});
