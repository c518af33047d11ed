import { expect } from 'chai';
import { buildItem } from './order.factory.js';
import { withDerivedItems } from './order.derivation.js';
import type { OrderDoc, VatAmount } from './order.model.js';
import { applyOrderChange } from './order.change.js';
import { OrderRefused } from './order.errors.js';

const CZK = (amount: number) => ({ amount, currency: 'CZK' });
const vat = (vatRate: number, amount: number): VatAmount => ({ vatRate, amount, currency: 'CZK' });

/** An order created from totals only, as the recurrence path stores it. */
function totalsOnly(total: number, totalVat: VatAmount[]): OrderDoc {
  const { order } = withDerivedItems({ number: 'R-1', totalPrice: CZK(total), totalVat });
  return {
    number: 'R-1',
    state: 'PROCESSING',
    totalPrice: CZK(total),
    originalTotalPrice: CZK(total),
    totalVat,
    items: order.items.map(buildItem),
    itemsDerived: true,
    addresses: [],
    variableSymbols: [],
    documents: [],
    adjustments: [],
    fulfilment: [],
  };
}

const refused = (f: () => unknown) => {
  let err: unknown;
  try {
    f();
  } catch (e) {
    err = e;
  }
  expect(err, 'refused').to.be.instanceOf(OrderRefused);
  return (err as OrderRefused).records[0]!;
};

describe('changing an order that was created from its totals only', () => {
  it('when new totals come without items, then the items are derived again from them', () => {
    const next = applyOrderChange(totalsOnly(150000, [vat(21, 26033)]), { totalPrice: CZK(121000), totalVat: [vat(21, 21000)] });
    expect(next.items.map((i) => [i.code, i.totalPrice.amount, i.totalVat.amount])).to.deep.equal([['ORDER', 121000, 21000]]);
    expect(next.itemsDerived).to.equal(true);
    expect(next.originalTotalPrice).to.deep.equal(CZK(121000));
  });

  it('when only the VAT split changes, then the total stays and the rates share it exactly', () => {
    const next = applyOrderChange(totalsOnly(132200, [vat(21, 21000), vat(12, 1200)]), { totalVat: [vat(21, 17355), vat(12, 3450)] });
    expect(next.totalPrice).to.deep.equal(CZK(132200));
    expect(next.items.map((i) => [i.code, i.totalPrice.amount, i.totalVat.amount])).to.deep.equal([
      ['ORDER-21', 100000, 17355],
      ['ORDER-12', 32200, 3450],
    ]);
  });

  it('when the new totals cannot stand for items, then 422 naming the attribute and nothing changes', () => {
    expect(refused(() => applyOrderChange(totalsOnly(1000, [vat(21, 174)]), { totalVat: [vat(21, 1001)] }))).to.include({
      code: 'UNPROCESSABLE',
      attribute: 'order.totalVat',
    });
  });

  it('when items are sent, then they replace the derived ones and the order is no longer derived', () => {
    const items = [{ code: 'A', name: 'a', totalPrice: CZK(1000), totalVat: vat(21, 174) }];
    const next = applyOrderChange(totalsOnly(1000, [vat(21, 174)]), { items });
    expect(next.items.map((i) => i.code)).to.deep.equal(['A']);
    expect(next).to.not.have.property('itemsDerived');
  });

  it('when only an address changes, then the derived items stay', () => {
    const order = totalsOnly(1000, [vat(21, 174)]);
    expect(applyOrderChange(order, { addresses: [] }).items).to.deep.equal(order.items);
  });
});
