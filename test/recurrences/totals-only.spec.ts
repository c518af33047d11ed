import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { startHarness, type AppHarness } from '../applications/harness.js';
import { applicationBody } from '../applications/requests.js';
import { GatewayClient } from '../gateway/gateway-client.js';
import { opPath, orderPath, paymentsPath, waitForReason } from '../orders/orders-harness.js';
import { provisionPartner, type TestPartner } from '../support/partners.js';
import { waitFor } from '../support/wait.js';

const CZK = (amount: number) => ({ amount, currency: 'CZK' });
const VAT = (vatRate: number, amount: number) => ({ vatRate, amount, currency: 'CZK' });
const { merchantUrls } = applicationBody();

/** Create from recurrence with only the order's totals and merchantUrls: items are derived per VAT rate. */
describe('create from recurrence with only the order totals', function () {
  this.timeout(120_000);
  let h: AppHarness;
  before(async () => {
    h = await startHarness();
  });
  after(async () => {
    await h?.stop();
  });

  /** A READY recurrence of `partner`, authorized by the customer at the gateway. */
  const recurrenceOf = async (partner: TestPartner) => {
    const app = await h.create(applicationBody({ isRecurring: true }, { email: `buyer-${randomBytes(3).toString('hex')}+approve@example.com` }), partner);
    await new GatewayClient(h.t, app.gatewayRedirectUrl).submit('confirm');
    await waitForReason(h, app.id, partner, 'READY_TO_SHIP');
    return app.recurrence.id as string;
  };
  const createFrom = (p: TestPartner, recurrenceId: string, body: unknown) =>
    h.t.client.post(`/financing/v1/recurrences/${recurrenceId}/applications`, body, { token: p.token });
  const put = (p: TestPartner, id: string, op: 'send' | 'deliver' | 'return' | 'cancel', body: unknown = {}) =>
    h.t.client.put(opPath(id, op), body, { token: p.token });
  const payments = (p: TestPartner, id: string, n: number) =>
    waitFor(
      `${n} payment(s) of ${id}`,
      async () => {
        const res = await h.t.client.get(`${paymentsPath(id)}?limit=100`, { token: p.token });
        return res.body.data?.length === n && res.body.data;
      },
      { maxWait: 20_000 },
    );
  const owed = async (p: TestPartner, id: string) => (await h.get(id, p)).repaymentPlan.map((i: any) => i.amount.amount);

  it('when only totalPrice, totalVat and merchantUrls are sent, then 201 decided at once, one derived item ORDER, its plan, actions and notification', async () => {
    const partner = await provisionPartner(h.t);
    const res = await createFrom(partner, await recurrenceOf(partner), { order: { totalPrice: CZK(150000), totalVat: [VAT(21, 26033)] }, merchantUrls });
    expect(res.status, res.text).to.equal(201);
    expect(res.body).to.include({ state: 'READY', stateReason: 'READY_TO_SHIP', type: 'DEFERRED_PAYMENT' });
    expect(res.body.order.items).to.have.length(1);
    expect(res.body.order.items[0]).to.deep.include({
      code: 'ORDER',
      name: 'Order',
      quantity: 1,
      unitPrice: CZK(150000),
      totalPrice: CZK(150000),
      unitVat: VAT(21, 26033),
      totalVat: VAT(21, 26033),
      state: 'PROCESSING',
    });
    const detail = await h.get(res.body.id, partner);
    expect(detail.order).to.deep.equal(res.body.order);
    expect(detail.repaymentPlan.map((i: any) => i.amount)).to.deep.equal([CZK(150000)]);
    expect(detail.allowedActions).to.include.members(['CANCEL', 'CHANGE_ORDER', 'SEND', 'DELIVER', 'CANCEL_ITEMS']);
    const n = await h.waitForNotification(res.body.id, 'READY_TO_SHIP');
    expect(n.body).to.deep.equal({ id: res.body.id, state: 'READY', stateReason: 'READY_TO_SHIP' });
  });

  it('when such an order is sent, delivered, refunded by amount, partly returned and then returned, then payouts and credit notes follow to the minor unit', async () => {
    const partner = await provisionPartner(h.t, { payoutTrigger: 'DELIVERED', feeBps: 250 });
    const res = await createFrom(partner, await recurrenceOf(partner), {
      order: { number: `R-${randomBytes(3).toString('hex')}`, totalPrice: CZK(150000), totalVat: [VAT(21, 26033)] },
      merchantUrls,
    });
    expect(res.status, res.text).to.equal(201);
    const id = res.body.id as string;
    expect((await put(partner, id, 'send')).status).to.equal(200);
    const delivered = await put(partner, id, 'deliver');
    expect(delivered.status, delivered.text).to.equal(200);
    expect(delivered.body.state).to.equal('DELIVERED');
    const [payout] = await payments(partner, id, 1);
    expect(payout).to.deep.include({ type: 'PAYOUT', grossValue: CZK(150000), fee: CZK(3750), value: CZK(150000 - 3750) });
    expect(payout).to.not.have.property('variableSymbol');
    await waitForReason(h, id, partner, 'READY_PAID');

    const refund = await put(partner, id, 'return', { items: [], totalPrice: CZK(40001) });
    expect(refund.status, refund.text).to.equal(200);
    expect(refund.body).to.deep.include({ state: 'DELIVERED', totalPrice: CZK(109999) });
    expect(await owed(partner, id)).to.deep.equal([109999]);
    const [, credit] = await payments(partner, id, 2);
    expect(credit).to.deep.include({ type: 'CREDIT_NOTE', grossValue: CZK(-40001) });

    const half = await put(partner, id, 'return', { items: [{ code: 'ORDER', quantity: 0.5 }] });
    expect(half.status, half.text).to.equal(200);
    expect(half.body.totalPrice).to.deep.equal(CZK(109999 - 75000));
    expect(await owed(partner, id)).to.deep.equal([34999]);

    const rest = await put(partner, id, 'return', {});
    expect(rest.status, rest.text).to.equal(200);
    expect(rest.body.applicationInfo).to.deep.include({ state: 'CANCELLED', stateReason: 'CANCELLED_RETURNED' });
    const all = await payments(partner, id, 4);
    expect(all.map((p: any) => p.grossValue.amount)).to.deep.equal([150000, -40001, -75000, -34999]);
    expect(all.reduce((a: number, p: any) => a + p.value.amount, 0)).to.equal(0);
    expect(all.reduce((a: number, p: any) => a + p.fee.amount, 0)).to.equal(0);
    expect(await owed(partner, id)).to.deep.equal([0]);
    for (const reason of ['READY_SHIPPED', 'READY_DELIVERED', 'READY_PAID', 'CANCELLED_RETURNED']) await h.waitForNotification(id, reason);
  });

  it('when the totals carry two VAT rates, then one item per rate with exactly its VAT; cancel, send and return name them by code', async () => {
    const partner = h.partner;
    const number = `R-${randomBytes(3).toString('hex')}`;
    const res = await createFrom(partner, await recurrenceOf(partner), {
      order: { number, totalPrice: CZK(132200), totalVat: [VAT(21, 21000), VAT(12, 1200)] },
      merchantUrls,
    });
    expect(res.status, res.text).to.equal(201);
    expect(res.body.order.items.map((i: any) => [i.code, i.name, i.totalPrice.amount, i.totalVat.amount])).to.deep.equal([
      ['ORDER-21', `Order ${number}, 21 % VAT`, 121000, 21000],
      ['ORDER-12', `Order ${number}, 12 % VAT`, 11200, 1200],
    ]);
    const id = res.body.id as string;
    const cancelled = await put(partner, id, 'cancel', { items: [{ code: 'ORDER-12' }] });
    expect(cancelled.status, cancelled.text).to.equal(200);
    expect(cancelled.body.totalPrice).to.deep.equal(CZK(121000));
    expect((await put(partner, id, 'send', { items: [{ code: 'ORDER-21' }] })).status).to.equal(200);
    const returned = await put(partner, id, 'return', { items: [{ code: 'ORDER-21', quantity: 0.5 }], totalPrice: CZK(20000) });
    expect(returned.status, returned.text).to.equal(200);
    expect(returned.body.totalPrice).to.deep.equal(CZK(101000));
    expect(await owed(partner, id)).to.deep.equal([101000]);
  });

  it('when the order is changed with new totals only, then its items are derived again and the plan follows', async () => {
    const partner = h.partner;
    const res = await createFrom(partner, await recurrenceOf(partner), {
      order: { number: `R-${randomBytes(3).toString('hex')}`, totalPrice: CZK(150000), totalVat: [VAT(21, 26033)] },
      merchantUrls,
    });
    expect(res.status, res.text).to.equal(201);
    const changed = await h.t.client.put(
      orderPath(res.body.id),
      { reason: 'smaller box', order: { totalPrice: CZK(121000), totalVat: [VAT(21, 21000)] } },
      { token: partner.token },
    );
    expect(changed.status, changed.text).to.equal(200);
    expect(changed.body.items.map((i: any) => [i.code, i.totalPrice.amount, i.totalVat.amount])).to.deep.equal([['ORDER', 121000, 21000]]);
    expect(await owed(partner, res.body.id)).to.deep.equal([121000]);
    expect((await put(partner, res.body.id, 'deliver')).body.totalPrice).to.deep.equal(CZK(121000));
  });

  describe('validation', () => {
    let recurrenceId: string;
    before(async () => {
      recurrenceId = await recurrenceOf(h.partner);
    });
    const order = { totalPrice: CZK(150000), totalVat: [VAT(21, 26033)] };

    for (const [what, body, attribute] of [
      ['totalVat is missing', { order: { totalPrice: CZK(150000) }, merchantUrls }, 'order.totalVat'],
      ['totalVat is empty and no items are sent', { order: { ...order, totalVat: [] }, merchantUrls }, 'order.totalVat'],
      ['totalPrice is missing', { order: { totalVat: order.totalVat }, merchantUrls }, 'order.totalPrice'],
      ['merchantUrls is missing', { order }, 'merchantUrls'],
    ] as const) {
      it(`when ${what}, then 400 INVALID_REQUEST naming ${attribute}`, async () => {
        const res = await createFrom(h.partner, recurrenceId, body);
        expect(res.status, res.text).to.equal(400);
        expect(res.body.errors[0]).to.include({ code: 'INVALID_REQUEST', severity: 'ERROR' });
        expect(
          res.body.errors.map((e: any) => e.attribute),
          res.text,
        ).to.include(attribute);
      });
    }

    for (const [what, o, attribute] of [
      ['the VAT is above the total', { totalPrice: CZK(1000), totalVat: [VAT(21, 1001)] }, 'order.totalVat'],
      [
        'a VAT entry is in another currency',
        { totalPrice: CZK(1000), totalVat: [{ vatRate: 21, amount: 174, currency: 'EUR' }] },
        'order.totalVat[0].currency',
      ],
      ["no split of the total gives the two rates' VAT exactly", { totalPrice: CZK(200000), totalVat: [VAT(21, 21000), VAT(12, 1200)] }, 'order.totalVat'],
    ] as const) {
      it(`when ${what}, then 422 UNPROCESSABLE naming ${attribute}`, async () => {
        const res = await createFrom(h.partner, recurrenceId, { order: o, merchantUrls });
        expect(res.status, res.text).to.equal(422);
        expect(res.body.errors[0]).to.include({ code: 'UNPROCESSABLE', severity: 'ERROR', attribute });
      });
    }

    it("when the single rate's VAT does not fit the total, then 422 VAT_AMOUNT_MISMATCH as for items, and accepted when overridden", async () => {
      const body = { order: { number: `R-${randomBytes(3).toString('hex')}`, totalPrice: CZK(10000), totalVat: [VAT(21, 100)] }, merchantUrls };
      const res = await createFrom(h.partner, recurrenceId, body);
      expect(res.status, res.text).to.equal(422);
      expect(res.body.errors[0]).to.include({ code: 'VAT_AMOUNT_MISMATCH', attribute: 'order.totalVat[0].amount' });
      expect((await createFrom(h.partner, recurrenceId, { ...body, override: ['VAT_AMOUNT_MISMATCH'] })).status).to.equal(201);
    });
  });
});
