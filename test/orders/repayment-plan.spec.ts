import { expect } from 'chai';
import { startHarness, type AppHarness } from '../applications/harness.js';
import type { TestPartner } from '../support/partners.js';
import { waitFor } from '../support/wait.js';
import { KETTLE, ORDER_TOTAL, SHIPPING, opPath, readyApplication } from './orders-harness.js';

const CZK = (amount: number) => ({ amount, currency: 'CZK' });
const PLAN_CHANGED = 'applications.repaymentplan.changed';

/** The customer's repayment plan follows what the order leaves owed, to the minor unit. */
describe('the repayment plan follows the order', function () {
  this.timeout(120_000);
  let h: AppHarness;
  let partner: TestPartner;
  before(async () => {
    h = await startHarness();
    partner = h.partner;
  });
  after(async () => {
    await h?.stop();
  });

  const put = (id: string, op: 'send' | 'deliver' | 'return' | 'cancel', body: unknown = {}) => h.t.client.put(opPath(id, op), body, { token: partner.token });
  const amounts = (app: any) => app.repaymentPlan.map((i: any) => i.amount.amount);
  const dates = (app: any) => app.repaymentPlan.map((i: any) => i.dueDate);
  const planEvents = (id: string) => h.eventsFor(id).filter((e) => e.type === PLAN_CHANGED);

  it('when a delivered deferred payment is partly refunded and then fully returned, then its one instalment is 50 000 and then 0, each change with its event', async () => {
    const app = await readyApplication(h, partner);
    expect(amounts(app)).to.deep.equal([ORDER_TOTAL]);
    await put(app.id, 'deliver', {});
    const refund = await put(app.id, 'return', { items: [], totalPrice: CZK(100000) });
    expect(refund.status, refund.text).to.equal(200);
    const refunded = await h.get(app.id, partner);
    expect(refunded.repaymentPlan).to.deep.equal([{ dueDate: app.repaymentPlan[0].dueDate, amount: CZK(50000) }]);
    const first = await waitFor('the plan change of the refund', () => planEvents(app.id)[0]);
    expect(first.data).to.deep.include({
      owed: CZK(50000),
      cause: 'orders.order.refunded',
      repaymentPlan: refunded.repaymentPlan,
      previousRepaymentPlan: app.repaymentPlan,
    });

    const full = await put(app.id, 'return', {});
    expect(full.body.applicationInfo).to.deep.include({ state: 'CANCELLED', stateReason: 'CANCELLED_RETURNED' });
    const returned = await h.get(app.id, partner);
    expect(returned.repaymentPlan).to.deep.equal([{ dueDate: app.repaymentPlan[0].dueDate, amount: CZK(0) }]);
    const second = await waitFor('the plan change of the full return', () => planEvents(app.id)[1]);
    expect(second.data).to.deep.include({ owed: CZK(0), cause: 'orders.order.returned' });
  });

  it('when pay in three loses an item and then the application is cancelled, then the first (collected) instalment stays, the other two share the rest, and then the plan owes 0', async () => {
    const app = await readyApplication(h, partner, { type: 'PAY_IN_THREE' });
    expect(amounts(app)).to.deep.equal([50000, 50000, 50000]);
    const cancel = await put(app.id, 'cancel', { items: [{ code: SHIPPING.code }] });
    expect(cancel.status, cancel.text).to.equal(200);
    const lower = await h.get(app.id, partner);
    expect(amounts(lower)).to.deep.equal([50000, 35000, 35000]);
    expect(dates(lower)).to.deep.equal(dates(app));
    // one kettle of two (a cancel moves exactly the goods' value): the two to come share the rest
    const kettle = await put(app.id, 'cancel', { items: [{ code: KETTLE.code, quantity: 1 }], totalPrice: CZK(60000) });
    expect(kettle.status, kettle.text).to.equal(200);
    const odd = await h.get(app.id, partner);
    expect(odd.order.totalPrice.amount).to.equal(60000);
    expect(amounts(odd)).to.deep.equal([50000, 5000, 5000]);
    expect(amounts(odd).reduce((a: number, b: number) => a + b, 0)).to.equal(odd.order.totalPrice.amount);

    const res = await h.t.client.put(`/financing/v1/applications/${app.id}/cancel`, { reason: 'APPLICATION_CANCELLED_BY_CUSTOMER' }, { token: partner.token });
    expect(res.status, res.text).to.equal(200);
    const cancelled = await h.get(app.id, partner);
    expect(amounts(cancelled)).to.deep.equal([0, 0, 0]);
    expect(cancelled.order.totalPrice.amount).to.equal(0);
    await waitFor('three plan changes', () => planEvents(app.id).length === 3);
    expect(planEvents(app.id).map((e: any) => e.data.cause)).to.deep.equal([
      'orders.order.cancelled',
      'orders.order.cancelled',
      'applications.application.cancelled',
    ]);
  });

  it('when goods are sent, then the plan stays as it is and no plan change is recorded', async () => {
    const app = await readyApplication(h, partner);
    expect((await put(app.id, 'send', { items: [{ code: SHIPPING.code }] })).status).to.equal(200);
    expect((await put(app.id, 'deliver', { items: [{ code: SHIPPING.code }] })).status).to.equal(200);
    const sent = await h.get(app.id, partner);
    expect(sent.repaymentPlan).to.deep.equal(app.repaymentPlan);
    await h.waitForEvent(app.id, 'orders.order.delivered');
    expect(planEvents(app.id)).to.have.length(0);
  });
});
