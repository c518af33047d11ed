import { expect } from 'chai';
import fc from 'fast-check';
import { sampleDoc } from '../../test/applications/fixtures.js';
import type { OrderDoc, OrderItemDoc } from './order.model.js';
import { applyFulfilment } from './fulfilment.rules.js';
import { netComponents, payoutBase, rangeValue } from './order.money.js';
import { orderSnapshot } from '../orders/orders.events.js';
import { OrderRefused } from './order.errors.js';

const ctx = {
  now: new Date('2024-05-02T10:00:00Z'),
  newId: (() => {
    let i = 0;
    return () => `id-${i++}`;
  })(),
};
const CZK = (amount: number) => ({ amount, currency: 'CZK' });

function line(code: string, type: OrderItemDoc['type'], amount: number, vat: number, quantity = 1): OrderItemDoc {
  const base = sampleDoc().order.items[0]!;
  return {
    ...base,
    code,
    name: code,
    type,
    quantity,
    quantityMilli: quantity * 1000,
    unitPrice: CZK(amount / quantity),
    totalPrice: CZK(amount),
    unitVat: { vatRate: 21, ...CZK(vat / quantity) },
    totalVat: { vatRate: 21, ...CZK(vat) },
  };
}

function orderOf(...items: OrderItemDoc[]): OrderDoc {
  const total = items.reduce((a, i) => a + i.totalPrice.amount, 0);
  const vat = items.reduce((a, i) => a + i.totalVat.amount, 0);
  return { ...sampleDoc().order, items, totalPrice: CZK(total), totalVat: [{ vatRate: 21, ...CZK(vat) }], adjustments: [], fulfilment: [] };
}

const base = (order: OrderDoc, trigger: 'SENT' | 'DELIVERED') => payoutBase(orderSnapshot(order), trigger);
const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    if (e instanceof OrderRefused) return e.records[0];
    throw e;
  }
  throw new Error('not refused');
};

describe('money allocation: what the partner is paid never exceeds what the customer owes for the goods', () => {
  it('when a discount is on the order, then it is spread over the goods by price, largest remainder, and the shares sum exactly', () => {
    const net = netComponents([line('A', 'PHYSICAL', 1, 0), line('B', 'PHYSICAL', 1, 0), line('C', 'PHYSICAL', 1, 0), line('D', 'DISCOUNT', -2, 0)]);
    const values = net.map((c) => c.reduce((a, x) => a + x.amount, 0));
    expect(values).to.deep.equal([0, 0, 1, 0]);
    const tv = netComponents([line('TV', 'PHYSICAL', 10_000_000, 1_735_537), line('DISCOUNT', 'DISCOUNT', -8_000_000, -1_388_430)]);
    expect(tv[0]!.reduce((a, x) => a + x.amount, 0)).to.equal(2_000_000);
    expect(tv[1]).to.deep.equal([]);
  });

  it('when goods are sent while their discount is open, then the payout is what the customer pays for them, not their list price', () => {
    const order = orderOf(line('TV', 'PHYSICAL', 10_000_000, 1_735_537), line('DISCOUNT', 'DISCOUNT', -8_000_000, -1_388_430));
    const sent = applyFulfilment(order, { op: 'SEND', items: [{ code: 'TV' }] }, ctx).order;
    expect(base(sent, 'SENT')).to.equal(2_000_000);
    expect(refusal(() => applyFulfilment(sent, { op: 'CANCEL', items: [{ code: 'DISCOUNT' }] }, ctx))).to.include({
      code: 'UNPROCESSABLE',
      attribute: 'items[0]',
    });
    const back = applyFulfilment(sent, { op: 'RETURN', items: [{ code: 'TV' }] }, ctx).order;
    expect(back.totalPrice.amount).to.equal(0);
    expect(
      back.items.map((i) => i.state),
      'the discount never left the shop: it closes as cancelled',
    ).to.deep.equal(['RETURNED', 'CANCELLED']);
    expect(back.state).to.equal('RETURNED');
    expect(base(back, 'SENT')).to.equal(0);
  });

  it('when goods that were never sent are cancelled, then nothing is paid and an amount that contradicts them is refused', () => {
    const order = orderOf(line('KTL-1', 'PHYSICAL', 120_000, 20_826), line('SHIP', 'SHIPPING_FEE', 30_000, 5_207));
    expect(refusal(() => applyFulfilment(order, { op: 'CANCEL', items: [{ code: 'KTL-1' }], totalPrice: CZK(0) }, ctx))).to.include({
      code: 'UNPROCESSABLE',
      attribute: 'totalPrice.amount',
    });
    expect(refusal(() => applyFulfilment(order, { op: 'CANCEL', items: [], totalPrice: CZK(0) }, ctx))).to.include({
      code: 'UNPROCESSABLE',
      attribute: 'items',
    });
    const one = applyFulfilment(order, { op: 'CANCEL', items: [{ code: 'KTL-1' }], totalPrice: CZK(120_000) }, ctx).order;
    expect(one.totalPrice.amount).to.equal(30_000);
    expect([base(one, 'SENT'), base(one, 'DELIVERED')]).to.deep.equal([0, 0]);
    const all = applyFulfilment(one, { op: 'CANCEL', items: [{ code: 'SHIP' }] }, ctx);
    expect(all.order.totalPrice.amount).to.equal(0);
    expect(all.order.totalVat.every((v) => v.amount === 0)).to.equal(true);
    expect(all.facts).to.deep.include({ lastOpenItemCancelled: true, sentOrDelivered: false });
    expect([base(all.order, 'SENT'), base(all.order, 'DELIVERED')]).to.deep.equal([0, 0]);
  });

  it("when part of a discounted order is returned, then the total and the payout fall by the part's net value", () => {
    const order = orderOf(line('A', 'PHYSICAL', 30_000, 0, 3), line('B', 'PHYSICAL', 10_000, 0), line('V', 'DISCOUNT', -4_000, 0));
    const delivered = applyFulfilment(order, { op: 'DELIVER' }, ctx).order;
    expect(base(delivered, 'DELIVERED')).to.equal(36_000);
    const back = applyFulfilment(delivered, { op: 'RETURN', items: [{ code: 'A', quantity: 1 }] }, ctx).order;
    expect(back.totalPrice.amount).to.equal(36_000 - 9_000);
    expect(base(back, 'DELIVERED')).to.equal(27_000);
  });

  it('when 19 discounts of 0.01 leave two lines of 0.10 at 0.01, then no line is worth less than 0 and cancelling one never raises the total', () => {
    const discounts = Array.from({ length: 19 }, (_, k) => line(`D${k}`, 'DISCOUNT', -1, 0));
    const order = orderOf(line('A', 'PHYSICAL', 10, 0), line('B', 'PHYSICAL', 10, 0), ...discounts);
    const values = netComponents(order.items).map((c) => c.reduce((a, x) => a + x.amount, 0));
    expect(values.slice(0, 2)).to.deep.equal([0, 1]);
    const out = applyFulfilment(order, { op: 'CANCEL', items: [{ code: 'A' }] }, ctx);
    expect(out.order.totalPrice.amount).to.equal(1);
    expect(out.amount).to.equal(0);
  });

  it('when deductions of any size leave an order above 0, then every part of every line is worth at least 0 (so no close raises the total)', () => {
    const goods = fc.array(fc.record({ price: fc.integer({ min: 0, max: 50 }), q: fc.integer({ min: 1, max: 4 }) }), { minLength: 1, maxLength: 4 });
    const cuts = fc.array(fc.integer({ min: 1, max: 30 }), { maxLength: 25 });
    fc.assert(
      fc.property(goods, cuts, fc.integer({ min: 0, max: 4000 }), fc.integer({ min: 0, max: 4000 }), (g, c, x, y) => {
        const positive = g.reduce((a, i) => a + i.price, 0);
        fc.pre(positive > 0);
        const deductions: number[] = [];
        let left = positive - 1;
        for (const cut of c) {
          const d = Math.min(cut, left);
          if (d > 0) {
            deductions.push(-d);
            left -= d;
          }
        }
        const items = [...g.map((i, k) => line(`G${k}`, 'PHYSICAL', i.price, 0, i.q)), ...deductions.map((d, k) => line(`D${k}`, 'DISCOUNT', d, 0))];
        const net = netComponents(items);
        items.forEach((item, k) => {
          const [a, b] = [Math.min(x, y) % (item.quantityMilli + 1), Math.max(x, y) % (item.quantityMilli + 1)].sort((p, q) => p - q) as [number, number];
          expect(rangeValue(net[k]!, 0, item.quantityMilli, item.quantityMilli).amount).to.be.at.least(0);
          expect(rangeValue(net[k]!, a, b, item.quantityMilli).amount).to.be.at.least(0);
        });
      }),
      { numRuns: 2000 },
    );
  });
});
