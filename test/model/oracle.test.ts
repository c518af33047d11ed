import { expect } from 'chai';
import { components, feeOf, largestRemainder, pv, rangeValue } from './oracle-money.js';
import { apply, newModel, orderState, orderTotal, paidGross, payoutBase, settle, type Action, type LineSpec, type Model, type Trigger } from './oracle.js';

/**
 * The reference model on the worked examples of the review and a few hand-computed cases:
 * pure, no service. (Loaded by money-model.spec.ts, since mocha's spec globs do not cover
 * test/**\/*.test.ts.)
 */
const line = (code: string, gross: number, quantity = 1, type = gross < 0 ? 'DISCOUNT' : 'PHYSICAL'): LineSpec => ({
  code,
  type,
  quantityMilli: Math.round(quantity * 1000),
  gross,
  vatRate: 21,
});
const KETTLES = [line('KTL-1', 120000, 2), line('SHIP', 30000, 1, 'SHIPPING_FEE')];

function ready(lines: LineSpec[], trigger: Trigger = 'DELIVERED', feeBps = 0, type: Model['type'] = 'DEFERRED_PAYMENT'): Model {
  let m = newModel({ type, trigger, feeBps, transactionsNumber: 4, lines });
  m = apply(m, { kind: 'CONFIRM', pageVersion: 0 }).model;
  m = apply(m, { kind: 'DECIDE' }).model;
  expect(m.status).to.deep.equal({ state: 'READY', stateReason: 'READY_TO_SHIP' });
  return m;
}
/** Applies an accepted action and the READY_PAID of its payouts. */
function ok(m: Model, a: Action): Model {
  const out = apply(m, a);
  expect(out.refusal, JSON.stringify(a)).to.equal(undefined);
  return settle(out.model);
}

describe('model oracle: money arithmetic', () => {
  it('pv rounds half away from zero, exact at both ends, also for negative components', () => {
    expect([pv(100, 0, 3), pv(100, 1, 3), pv(100, 2, 3), pv(100, 3, 3)]).to.deep.equal([0, 33, 67, 100]);
    expect([pv(5, 1, 2), pv(-5, 1, 2), pv(-100, 2, 3)]).to.deep.equal([3, -3, -67]);
    expect(pv(9_007_199_254_740, 999, 1000)).to.equal(8_998_192_055_485);
  });
  it('largest remainder sums exactly; ties go to the earlier line; a negative amount splits symmetrically', () => {
    expect(largestRemainder(100, [1, 1, 1])).to.deep.equal([34, 33, 33]);
    expect(largestRemainder(-100, [1, 1, 1])).to.deep.equal([-34, -33, -33]);
    expect(largestRemainder(-8_000_000, [10_000_000])).to.deep.equal([-8_000_000]);
    expect(largestRemainder(-7, [3, 2, 5])).to.deep.equal([-2, -1, -4]);
  });
  it("the deductions' sum is allocated once over the positive lines; zero and deduction lines hold nothing", () => {
    const comps = components([
      { gross: 300, Q: 1000 },
      { gross: 0, Q: 1000 },
      { gross: -100, Q: 1000 },
      { gross: 100, Q: 2000 },
      { gross: -1, Q: 1000 },
    ]);
    expect(comps).to.deep.equal([[300, -76], [], [], [100, -25], []]);
    // the line's net value spreads over the quantity at once
    expect(rangeValue([100, -25], 2000, 0, 1000)).to.equal(38);
  });
  it('many small deductions never push a line below zero (each one allocated alone gave the earlier line every tie)', () => {
    const lines = [{ gross: 10, Q: 1000 }, { gross: 10, Q: 1000 }, ...Array.from({ length: 19 }, () => ({ gross: -1, Q: 1000 }))];
    expect(components(lines).slice(0, 2)).to.deep.equal([
      [10, -10],
      [10, -9],
    ]);
  });
  it('the fee is cumulative: a record pays fee(after) − fee(before)', () => {
    expect(feeOf(150000, 333)).to.equal(4995);
    expect(feeOf(-60000, 100)).to.equal(-600);
    expect(feeOf(1, 5000)).to.equal(1);
  });
});

describe("model oracle: the review's sequences", () => {
  it("a. a cancel naming a totalPrice other than the items' value is refused; cancelling all owes 0 and pays nothing", () => {
    let m = ready(KETTLES, 'DELIVERED');
    const refused = apply(m, { kind: 'CANCEL', items: [{ code: 'KTL-1' }], totalPrice: 0 });
    expect(refused.refusal).to.include({ status: 422, attribute: 'totalPrice.amount' });
    m = ok(m, { kind: 'CANCEL', items: [{ code: 'KTL-1' }] });
    expect(orderTotal(m)).to.equal(30000);
    m = ok(m, { kind: 'CANCEL', items: [{ code: 'SHIP' }] });
    expect(m.status).to.deep.equal({ state: 'CANCELLED', stateReason: 'CANCELLED_NOT_PAID' });
    expect([orderTotal(m), m.payments.length, orderState(m)]).to.deep.equal([0, 0, 'CANCELLED']);
    expect(m.notified.map((s) => s.stateReason)).to.deep.equal(['PROCESSING_REDIRECT_NEEDED', 'READY_TO_SHIP', 'CANCELLED_NOT_PAID']);
  });
  it('b. sending the TV of a TV with a big discount pays the net 2 000 000 once; the discount alone cannot be cancelled', () => {
    let m = ready([line('TV', 10_000_000), line('DISC', -8_000_000)], 'SENT', 150);
    expect(orderTotal(m)).to.equal(2_000_000);
    expect(apply(m, { kind: 'CANCEL', items: [{ code: 'DISC' }] }).refusal).to.include({ status: 422, attribute: 'items[0]' });
    m = ok(m, { kind: 'SEND', items: [{ code: 'TV' }] });
    expect(m.payments).to.deep.equal([{ type: 'PAYOUT', gross: 2_000_000, fee: 30_000 }]);
    expect(m.status.stateReason).to.equal('READY_PAID');
    // the discount line closes with the TV when it comes back: nothing left owed or paid
    m = ok(m, { kind: 'RETURN', items: [{ code: 'TV' }] });
    expect([orderTotal(m), paidGross(m), m.status.stateReason]).to.deep.equal([0, 0, 'CANCELLED_RETURNED']);
    expect(m.lines[1]).to.include({ S: 0, R: 0, C: 1000 });
    expect(m.payments[1]).to.deep.equal({ type: 'CREDIT_NOTE', gross: -2_000_000, fee: -30_000 });
  });
  it('every sent piece back and the rest cancelled: the sale is closed as CANCELLED_RETURNED, owing and paying nothing', () => {
    let m = ready(KETTLES, 'SENT');
    m = ok(m, { kind: 'SEND', items: [{ code: 'KTL-1' }] });
    m = ok(m, { kind: 'RETURN', items: [{ code: 'KTL-1' }] });
    expect(m.status.state).to.equal('READY');
    m = ok(m, { kind: 'CANCEL', items: [{ code: 'SHIP' }] });
    expect([orderTotal(m), paidGross(m), orderState(m), m.status.stateReason]).to.deep.equal([0, 0, 'RETURNED', 'CANCELLED_RETURNED']);
    expect(m.notified.map((s) => s.stateReason).slice(-1)).to.deep.equal(['CANCELLED_RETURNED']);
  });
  it('c. between confirmation and decision an order change is refused; the decision uses the confirmed order', () => {
    let m = newModel({ type: 'DEFERRED_PAYMENT', trigger: 'SENT', feeBps: 0, transactionsNumber: 4, lines: KETTLES });
    m = apply(m, { kind: 'CONFIRM', pageVersion: 0 }).model;
    expect(m.status.stateReason).to.equal('PROCESSING_VALIDATION_IN_PROGRESS');
    const raise = apply(m, { kind: 'CHANGE', lines: [line('YACHT', 900_000_000)] });
    expect(raise.refusal).to.deep.equal({ status: 422, code: 'APPLICATION_VALIDATION_IN_PROGRESS' });
    m = apply(m, { kind: 'DECIDE' }).model;
    expect([m.status.stateReason, orderTotal(m), m.approvedTotal]).to.deep.equal(['READY_TO_SHIP', 150000, 150000]);
    // over the limit when confirmed: rejected, never READY
    let big = newModel({ type: 'DEFERRED_PAYMENT', trigger: 'SENT', feeBps: 0, transactionsNumber: 4, lines: [line('CAR', 5_000_001)] });
    big = apply(apply(big, { kind: 'CONFIRM', pageVersion: 0 }).model, { kind: 'DECIDE' }).model;
    expect(big.status).to.deep.equal({ state: 'REJECTED', stateReason: 'REJECTED' });
    let first = newModel({ type: 'DEFERRED_PAYMENT', trigger: 'SENT', feeBps: 0, transactionsNumber: 0, lines: [line('BIKE', 2_000_001)] });
    first = apply(apply(first, { kind: 'CONFIRM', pageVersion: 0 }).model, { kind: 'DECIDE' }).model;
    expect(first.status.state).to.equal('REJECTED');
  });
  it('d. a confirm of a page loaded before the order changed confirms nothing', () => {
    let m = newModel({ type: 'DEFERRED_PAYMENT', trigger: 'SENT', feeBps: 0, transactionsNumber: 4, lines: KETTLES });
    const page = m.orderVersion;
    m = ok(m, { kind: 'CHANGE', lines: [line('KTL-1', 4_900_000, 2)] });
    m = apply(m, { kind: 'CONFIRM', pageVersion: page }).model;
    expect(m.status.stateReason).to.equal('PROCESSING_REDIRECT_NEEDED');
    m = apply(m, { kind: 'CONFIRM', pageVersion: m.orderVersion }).model;
    expect(m.status.stateReason).to.equal('PROCESSING_VALIDATION_IN_PROGRESS');
  });
});

describe('model oracle: hand-computed cases', () => {
  it("partial sends pay each piece's net value; the fees add up to the fee of the total", () => {
    let m = ready([line('A', 1000, 3), line('D', -101)], 'SENT', 333);
    expect(orderTotal(m)).to.equal(899);
    m = ok(m, { kind: 'SEND', items: [{ code: 'A', quantityMilli: 1000 }] });
    expect(m.payments[0]!.gross).to.equal(300); // pv(1000 − 101, 1, 3): the line's net value spread at once
    m = ok(m, { kind: 'SEND', items: [{ code: 'A' }] });
    expect(paidGross(m)).to.equal(899);
    expect(m.payments.reduce((a, p) => a + p.fee, 0)).to.equal(feeOf(899, 333));
  });
  it("a return below the items' value keeps the difference; the full return with an explicit amount keeps it too", () => {
    let m = ready(KETTLES, 'DELIVERED', 100);
    m = ok(m, { kind: 'DELIVER' });
    expect(apply(m, { kind: 'RETURN', items: [{ code: 'KTL-1', quantityMilli: 1000 }], totalPrice: 60001 }).refusal).to.include({
      code: 'TOTAL_PRICE_LIMIT_EXCEEDED',
    });
    m = ok(m, { kind: 'RETURN', items: [{ code: 'KTL-1', quantityMilli: 1000 }], totalPrice: 50000 });
    expect([orderTotal(m), paidGross(m)]).to.deep.equal([100000, 100000]);
    m = ok(m, { kind: 'RETURN', totalPrice: 90000 });
    // everything is back but 100.00 is still owed: the sale stays open until a refund clears it
    expect([orderTotal(m), paidGross(m), m.status.state, orderState(m)]).to.deep.equal([10000, 10000, 'READY', 'RETURNED']);
    m = ok(m, { kind: 'RETURN', items: [], totalPrice: 10000 });
    expect([orderTotal(m), paidGross(m), m.status.stateReason]).to.deep.equal([0, 0, 'CANCELLED_RETURNED']);
  });
  it('refunds need goods out and lie within 1..total; a full return with nothing sent is refused', () => {
    let m = ready(KETTLES);
    expect(apply(m, { kind: 'RETURN', items: [], totalPrice: 100 }).refusal).to.deep.equal({ status: 422, code: 'UNPROCESSABLE' });
    expect(apply(m, { kind: 'RETURN' }).refusal).to.deep.equal({ status: 422, code: 'UNPROCESSABLE' });
    m = ok(m, { kind: 'SEND', items: [{ code: 'SHIP' }] });
    expect(apply(m, { kind: 'RETURN', items: [], totalPrice: 150001 }).refusal).to.include({ code: 'TOTAL_PRICE_LIMIT_EXCEEDED' });
    m = ok(m, { kind: 'RETURN', items: [], totalPrice: 140000 });
    // the kettles are worth more than the customer still owes: their cancel takes the total to 0
    m = ok(m, { kind: 'CANCEL', items: [{ code: 'KTL-1' }] });
    expect([orderTotal(m), payoutBase(m), m.status.state]).to.deep.equal([0, 0, 'READY']);
  });
  it('a full return after the goods sent came back cancels the unsent rest (only "nothing ever sent" refuses it)', () => {
    let m = ready(KETTLES, 'SENT');
    m = ok(m, { kind: 'SEND', items: [{ code: 'SHIP' }] });
    m = ok(m, { kind: 'RETURN', items: [{ code: 'SHIP' }] });
    m = ok(m, { kind: 'RETURN' });
    expect([orderTotal(m), m.status.stateReason, m.lines[0]!.C]).to.deep.equal([0, 'CANCELLED_RETURNED', 2000]);
  });
  it('deduction lines close by themselves once no positive piece is open, a zero-priced line open or not', () => {
    let m = ready([line('A', 1000), line('FREE', 0), line('D', -300)]);
    m = ok(m, { kind: 'CANCEL', items: [{ code: 'A' }] });
    expect([orderTotal(m), m.lines[2]!.C, m.lines[1]!.C, m.status.state]).to.deep.equal([0, 1000, 0, 'READY']);
    m = ok(m, { kind: 'CANCEL' });
    expect(m.status.stateReason).to.equal('CANCELLED_NOT_PAID');
  });
  it("send and deliver totals: at most the marked pieces' value, the order total on the last pieces", () => {
    const m = ready(KETTLES);
    expect(apply(m, { kind: 'SEND', items: [{ code: 'SHIP' }], totalPrice: 30001 }).refusal).to.include({ code: 'TOTAL_PRICE_LIMIT_EXCEEDED' });
    expect(apply(m, { kind: 'SEND', items: [{ code: 'SHIP' }], totalPrice: 30000 }).refusal).to.equal(undefined);
    expect(apply(m, { kind: 'DELIVER', totalPrice: 150000 }).refusal).to.equal(undefined);
    expect(apply(m, { kind: 'DELIVER', totalPrice: 150001 }).refusal).to.include({ attribute: 'totalPrice.amount' });
  });
  it('an approved order may fall but not rise above the approved total; pay in three cannot change; nothing sent', () => {
    let m = ready(KETTLES);
    expect(apply(m, { kind: 'CHANGE', lines: [line('X', 150001)] }).refusal).to.include({ code: 'NOT_SUPPORTED' });
    m = ok(m, { kind: 'CHANGE', lines: [line('X', 100000)] });
    // lowered, then up again within what the customer approved
    m = ok(m, { kind: 'CHANGE', lines: [line('X', 150000)] });
    m = ok(m, { kind: 'SEND', items: [{ code: 'X', quantityMilli: 500 }] });
    expect(apply(m, { kind: 'CHANGE', lines: [line('X', 1)] }).refusal).to.deep.equal({ status: 422, code: 'ORDER_ALREADY_SENT' });
    const p3 = ready(KETTLES, 'SENT', 0, 'PAY_IN_THREE');
    expect(apply(p3, { kind: 'CHANGE', lines: [line('X', 100000)] }).refusal).to.include({ code: 'NOT_SUPPORTED' });
  });
  it('a payout after sending, then a delivery: READY_SHIPPED, READY_PAID, READY_DELIVERED, each notified', () => {
    let m = ready(KETTLES, 'SENT');
    m = ok(m, { kind: 'SEND' });
    m = ok(m, { kind: 'DELIVER' });
    expect(m.notified.map((s) => s.stateReason).slice(2)).to.deep.equal(['READY_SHIPPED', 'READY_PAID', 'READY_DELIVERED']);
    expect(apply(m, { kind: 'CANCEL_APP' }).refusal).to.deep.equal({ status: 422, code: 'NOT_SUPPORTED' });
  });
  it('second review 2: a cancel never raises the total, however many small discounts share the rounding', () => {
    const discounts = Array.from({ length: 19 }, (_, k) => line(`D${k}`, -1));
    let m = ready([line('A', 10), line('B', 10), ...discounts], 'SENT');
    expect(orderTotal(m)).to.equal(1);
    m = ok(m, { kind: 'CANCEL', items: [{ code: 'A' }] });
    expect(orderTotal(m)).to.be.at.most(1);
    m = ok(m, { kind: 'SEND' });
    expect(paidGross(m)).to.be.at.most(1);
  });
  it('second review 3: a full return for 0 leaves the sale open owing the whole price; a refund of it closes the sale', () => {
    let m = ready(KETTLES, 'SENT', 150);
    m = ok(m, { kind: 'SEND' });
    m = ok(m, { kind: 'RETURN', totalPrice: 0 });
    expect([m.status.state, orderState(m), orderTotal(m), paidGross(m)]).to.deep.equal(['READY', 'RETURNED', 150000, 150000]);
    expect(apply(m, { kind: 'RETURN', items: [], totalPrice: 150001 }).refusal).to.include({ code: 'TOTAL_PRICE_LIMIT_EXCEEDED' });
    m = ok(m, { kind: 'RETURN', items: [], totalPrice: 150000 });
    expect([m.status.stateReason, orderTotal(m), paidGross(m)]).to.deep.equal(['CANCELLED_RETURNED', 0, 0]);
  });
  it('second review 4: an amount kept back stays owed whichever call closes the order last', () => {
    const start = () => ok(ready(KETTLES, 'SENT'), { kind: 'SEND', items: [{ code: 'KTL-1', quantityMilli: 1000 }] });
    const returned = (m: Model) => ok(m, { kind: 'RETURN', items: [{ code: 'KTL-1', quantityMilli: 1000 }], totalPrice: 10000 });
    const first = ok(returned(start()), { kind: 'CANCEL' });
    const second = returned(ok(start(), { kind: 'CANCEL' }));
    for (const m of [first, second]) expect([m.status.state, orderState(m), orderTotal(m), paidGross(m)]).to.deep.equal(['READY', 'RETURNED', 50000, 50000]);
  });
});
