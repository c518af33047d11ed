import { expect } from 'chai';
import { sampleDoc } from '../../test/applications/fixtures.js';
import type { ItemInput } from './order.schemas.js';
import type { OrderDoc } from './order.model.js';
import { applyOrderChange } from './order.change.js';
import { applyFulfilment, selectQuantities } from './fulfilment.rules.js';
import { itemState, orderState } from './fulfilment.counters.js';
import { partValue, payoutBase } from './order.money.js';
import { orderSnapshot } from '../orders/orders.events.js';
import { OrderRefused } from './order.errors.js';

const ctx = {
  now: new Date('2024-05-02T10:00:00Z'),
  newId: (() => {
    let i = 0;
    return () => `id-${i++}`;
  })(),
};

/** Kettle 3 pieces for 100.00 (21 %), and a second line with the same code but another name. */
function order(): OrderDoc {
  const base = sampleDoc().order;
  const kettle = {
    ...base.items[0]!,
    quantity: 3,
    quantityMilli: 3000,
    totalPrice: { amount: 10000, currency: 'CZK' },
    totalVat: { vatRate: 21, amount: 1736, currency: 'CZK' },
  };
  const twin = {
    ...kettle,
    name: 'Kettle, red',
    quantity: 1,
    quantityMilli: 1000,
    totalPrice: { amount: 3333, currency: 'CZK' },
    totalVat: { vatRate: 21, amount: 579, currency: 'CZK' },
  };
  return { ...base, items: [kettle, twin], totalPrice: { amount: 13333, currency: 'CZK' }, totalVat: [{ vatRate: 21, amount: 2315, currency: 'CZK' }] };
}

describe('fulfilment rules (pure)', () => {
  it('when a price does not divide by the quantity, then the parts of the item still sum to its price', () => {
    const parts = [0, 1000, 2000, 3000].map((x) => partValue(10000, x, 3000));
    expect(parts).to.deep.equal([0, 3333, 6667, 10000]);
    expect(partValue(-500, 1500, 3000)).to.equal(-250);
  });

  it('when two items share a code, then naming only the code is ambiguous and a name settles it', () => {
    expect(() => selectQuantities(order().items, 'SEND', [{ code: 'SKU-1' }]))
      .to.throw(OrderRefused)
      .with.property('records')
      .that.deep.includes({
        code: 'UNPROCESSABLE',
        message: 'items[0]: 2 items match; give more identifiers (code, ean, name, type).',
        severity: 'ERROR',
        attribute: 'items[0]',
      });
    expect([...selectQuantities(order().items, 'SEND', [{ code: 'SKU-1', name: 'Kettle, red' }])]).to.deep.equal([[1, 1000]]);
  });

  it('when the same item is named twice, then the quantities add up against what is left', () => {
    expect([
      ...selectQuantities(order().items, 'SEND', [
        { name: 'Kettle', quantity: 1.5 },
        { name: 'Kettle', quantity: 1.5 },
      ]),
    ]).to.deep.equal([[0, 3000]]);
    expect(() =>
      selectQuantities(order().items, 'SEND', [
        { name: 'Kettle', quantity: 2 },
        { name: 'Kettle', quantity: 1.001 },
      ]),
    ).to.throw(/only 1 of this item/);
  });

  it('when a delivery comes without a send, then the pieces count as sent too; a return on the way ends the journey', () => {
    const delivered = applyFulfilment(order(), { op: 'DELIVER', items: [{ name: 'Kettle', quantity: 1 }] }, ctx).order;
    expect(delivered.items[0]).to.include({ sentMilli: 1000, deliveredMilli: 1000, state: 'DELIVERED' });
    const sent = applyFulfilment(delivered, { op: 'SEND', items: [{ name: 'Kettle', quantity: 1 }] }, ctx).order;
    const back = applyFulfilment(sent, { op: 'RETURN', items: [{ name: 'Kettle', quantity: 2 }] }, ctx).order;
    expect(back.items[0]).to.include({ sentMilli: 2000, deliveredMilli: 2000, returnedMilli: 2000 });
    expect(itemState(back.items[0]!)).to.equal('PROCESSING');
    expect(orderState(back.items)).to.equal('PROCESSING');
    expect(payoutBase(orderSnapshot(back), 'DELIVERED')).to.equal(0);
  });

  it('when a return keeps back part of the price, then an adjustment keeps the total exact and the partner keeps that part', () => {
    const delivered = applyFulfilment(order(), { op: 'DELIVER' }, ctx).order;
    const out = applyFulfilment(delivered, { op: 'RETURN', items: [{ name: 'Kettle, red' }], totalPrice: { amount: 2000, currency: 'CZK' } }, ctx);
    expect(out.amount).to.equal(2000);
    expect(out.order.totalPrice.amount).to.equal(13333 - 2000);
    expect(out.order.adjustments.map((a) => [a.kind, a.amount.amount])).to.deep.equal([['RETURN', 1333]]);
    expect(payoutBase(orderSnapshot(out.order), 'DELIVERED')).to.equal(13333 - 2000);
    expect(out.trigger).to.equal('RETURN_PARTIAL');
  });

  it('when an amount-only refund names VAT the order does not hold, then 422 naming the VAT entry', () => {
    const sent = applyFulfilment(order(), { op: 'SEND' }, ctx).order;
    expect(() =>
      applyFulfilment(
        sent,
        { op: 'RETURN', items: [], totalPrice: { amount: 100, currency: 'CZK' }, totalVat: [{ vatRate: 10, amount: 9, currency: 'CZK' }] },
        ctx,
      ),
    )
      .to.throw(OrderRefused)
      .with.property('records')
      .that.deep.include.members([
        { code: 'UNPROCESSABLE', message: 'totalVat[0].vatRate: the order has no items at 10 %.', severity: 'ERROR', attribute: 'totalVat[0].vatRate' },
      ]);
    const ok = applyFulfilment(
      sent,
      { op: 'RETURN', items: [], totalPrice: { amount: 121, currency: 'CZK' }, totalVat: [{ vatRate: 21, amount: 21, currency: 'CZK' }] },
      ctx,
    );
    expect(ok.order.totalVat).to.deep.equal([{ vatRate: 21, amount: 2294, currency: 'CZK' }]);
  });

  it('when the last open piece is cancelled with nothing sent, then the facts ask the state machine to cancel the application', () => {
    const out = applyFulfilment(order(), { op: 'CANCEL' }, ctx);
    expect(out.facts).to.deep.equal({ sentOrDelivered: false, lastOpenItemCancelled: true, nothingOwed: true });
    expect(out.order.state).to.equal('CANCELLED');
    expect(out.order.totalPrice.amount).to.equal(0);
  });

  describe('amounts named by an operation are bounded by the items they concern', () => {
    const refusal = (attribute = 'totalPrice.amount') => ({ code: 'TOTAL_PRICE_LIMIT_EXCEEDED', attribute });
    const refused = (fn: () => unknown) => {
      let err: unknown;
      try {
        fn();
      } catch (e) {
        err = e;
      }
      expect(err, 'refused').to.be.instanceOf(OrderRefused);
      return (err as OrderRefused).records[0]!;
    };

    it('when a cancel names more than the cancelled items are worth while others stay open, then 422 and the order is untouched', () => {
      const o = order();
      const before = JSON.stringify(o);
      expect(
        refused(() => applyFulfilment(o, { op: 'CANCEL', items: [{ name: 'Kettle, red' }], totalPrice: { amount: 3334, currency: 'CZK' } }, ctx)),
      ).to.include({ code: 'UNPROCESSABLE', attribute: 'totalPrice.amount' });
      expect(JSON.stringify(o)).to.equal(before);
      const exact = applyFulfilment(o, { op: 'CANCEL', items: [{ name: 'Kettle, red' }], totalPrice: { amount: 3333, currency: 'CZK' } }, ctx);
      expect(exact.order.totalPrice.amount).to.equal(10000);
    });

    it('when a return names more than the returned pieces are worth while others stay open, then 422; the last pieces may take the whole total', () => {
      const delivered = applyFulfilment(order(), { op: 'DELIVER' }, ctx).order;
      expect(
        refused(() =>
          applyFulfilment(delivered, { op: 'RETURN', items: [{ name: 'Kettle', quantity: 1 }], totalPrice: { amount: 3334, currency: 'CZK' } }, ctx),
        ),
      ).to.include(refusal());
      const first = applyFulfilment(delivered, { op: 'RETURN', items: [{ name: 'Kettle' }] }, ctx).order;
      const last = applyFulfilment(first, { op: 'RETURN', items: [{ name: 'Kettle, red' }], totalPrice: { amount: 3333, currency: 'CZK' } }, ctx);
      expect(last.order.totalPrice.amount).to.equal(0);
    });

    it('when deliver or send names more than the pieces of the call are worth, or a negative total, then 422; the last pieces may name the order total', () => {
      const o = order();
      expect(
        refused(() => applyFulfilment(o, { op: 'DELIVER', items: [{ name: 'Kettle, red' }], totalPrice: { amount: 13333, currency: 'CZK' } }, ctx)),
      ).to.include(refusal());
      expect(
        refused(() => applyFulfilment(o, { op: 'SEND', items: [{ name: 'Kettle', quantity: 1 }], totalPrice: { amount: 3334, currency: 'CZK' } }, ctx)),
      ).to.include(refusal());
      expect(refused(() => applyFulfilment(o, { op: 'DELIVER', totalPrice: { amount: -1, currency: 'CZK' } }, ctx))).to.include(refusal());
      const part = applyFulfilment(o, { op: 'DELIVER', items: [{ name: 'Kettle' }], totalPrice: { amount: 10000, currency: 'CZK' } }, ctx).order;
      const rest = applyFulfilment(part, { op: 'DELIVER', totalPrice: { amount: 13333, currency: 'CZK' } }, ctx);
      expect(rest.order.state).to.equal('DELIVERED');
    });

    it('when an order change gives a physical item a negative price or the order a zero total, then 422 UNPROCESSABLE naming it', () => {
      const item = (amount: number, type = 'PHYSICAL') =>
        ({
          code: 'X',
          name: 'X',
          type,
          quantity: 1,
          totalPrice: { amount, currency: 'CZK' },
          totalVat: { vatRate: 0, amount: 0, currency: 'CZK' },
        }) as ItemInput;
      expect(refused(() => applyOrderChange(order(), { items: [item(500), item(-100)] }))).to.include({
        code: 'UNPROCESSABLE',
        attribute: 'order.items[1].totalPrice.amount',
      });
      expect(refused(() => applyOrderChange(order(), { items: [item(500), item(-500, 'DISCOUNT')] }))).to.include({
        code: 'UNPROCESSABLE',
        attribute: 'order.totalPrice.amount',
      });
      expect(applyOrderChange(order(), { items: [item(500), item(-100, 'DISCOUNT')] }).totalPrice.amount).to.equal(400);
    });
  });
});
