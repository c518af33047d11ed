import { expect } from 'chai';
import fc from 'fast-check';
import { checkOrder } from './order.checks.js';
import { vatIncluded } from '../../platform/money.js';
import { grossRange, sentAttribute, splitByVat, withDerivedItems } from './order.derivation.js';

const CZK = (amount: number) => ({ amount, currency: 'CZK' });
const vat = (vatRate: number, amount: number, currency = 'CZK') => ({ vatRate, amount, currency });
const order = (total: number, totalVat: ReturnType<typeof vat>[], number?: string) => ({ ...(number ? { number } : {}), totalPrice: CZK(total), totalVat });

describe('items derived from the totals of an order without items', () => {
  it('when one rate is given, then one item ORDER holds the whole total and that VAT', () => {
    const { order: o, errors } = withDerivedItems(order(150000, [vat(21, 26033)], 'R-1'));
    expect(errors).to.deep.equal([]);
    expect(o.items).to.deep.equal([{ code: 'ORDER', name: 'Order R-1', quantity: 1, totalPrice: CZK(150000), totalVat: vat(21, 26033) }]);
    expect(checkOrder(o, { currencies: ['CZK'] })).to.deep.equal({ errors: [], warnings: [] });
  });

  it('when the order has no number, then the item is named Order', () => {
    expect(withDerivedItems(order(1000, [vat(0, 0)])).order.items[0]!.name).to.equal('Order');
  });

  it('when items are sent, then the order is left as it is', () => {
    const items = [{ code: 'A', name: 'a', totalPrice: CZK(100), totalVat: vat(21, 17) }];
    const input = { ...order(100, [vat(21, 17)]), items };
    expect(withDerivedItems(input).order).to.equal(input);
  });

  it('when two rates are given, then one item per rate whose VAT is exactly the stated one, adding up to the total', () => {
    const { order: o, errors } = withDerivedItems(order(121000 + 11200, [vat(21, 21000), vat(12, 1200)], 'R-2'));
    expect(errors).to.deep.equal([]);
    expect(o.items.map((i) => [i.code, i.name, i.totalPrice.amount, i.totalVat.amount])).to.deep.equal([
      ['ORDER-21', 'Order R-2, 21 % VAT', 121000, 21000],
      ['ORDER-12', 'Order R-2, 12 % VAT', 11200, 1200],
    ]);
    expect(checkOrder(o, { currencies: ['CZK'] })).to.deep.equal({ errors: [], warnings: [] });
  });

  it("when the total is a few minor units off the VATs' own grosses, then the rates absorb it within their exact ranges", () => {
    const { order: o, errors } = withDerivedItems(order(132203, [vat(21, 21000), vat(12, 1200)]));
    expect(errors).to.deep.equal([]);
    expect(o.items.reduce((a, i) => a + i.totalPrice.amount, 0)).to.equal(132203);
    o.items.forEach((i) => expect(vatIncluded(i.totalPrice.amount, i.totalVat.vatRate)).to.equal(i.totalVat.amount));
  });

  it('when a 0 % rate is given with others, then it takes what the others leave', () => {
    const { order: o } = withDerivedItems(order(131000, [vat(21, 21000), vat(0, 0)]));
    expect(o.items.map((i) => [i.code, i.totalPrice.amount])).to.deep.equal([
      ['ORDER-21', 121000],
      ['ORDER-0', 10000],
    ]);
  });

  it("when a 0 % rate is given and the others' grosses sit a unit above the total, then they move down within their ranges", () => {
    const split = splitByVat(121000 - 1, [vat(21, 21000), vat(0, 0)]);
    expect(split).to.deep.equal([120999, 0]);
    expect(vatIncluded(120999, 21)).to.equal(21000);
  });

  it('when no split gives the stated VAT amounts, then 422 naming order.totalVat', () => {
    const { errors } = withDerivedItems(order(200000, [vat(21, 21000), vat(12, 1200)]));
    expect(errors).to.have.length(1);
    expect(errors[0]).to.include({ code: 'UNPROCESSABLE', severity: 'ERROR', attribute: 'order.totalVat' });
  });

  it('when the VAT is above the total, negative, in another currency, or non-zero at 0 %, then 422 naming the attribute', () => {
    expect(withDerivedItems(order(100, [vat(21, 101)])).errors.map((e) => e.attribute)).to.deep.equal(['order.totalVat']);
    expect(withDerivedItems(order(100, [vat(21, -1)])).errors.map((e) => e.attribute)).to.deep.equal(['order.totalVat[0].amount']);
    expect(withDerivedItems(order(100, [vat(21, 17, 'EUR')])).errors.map((e) => e.attribute)).to.deep.equal(['order.totalVat[0].currency']);
    expect(withDerivedItems(order(100, [vat(0, 5)])).errors.map((e) => e.attribute)).to.deep.equal(['order.totalVat[0].amount']);
    expect(withDerivedItems(order(0, [vat(21, 0)])).errors.map((e) => e.attribute)).to.deep.equal(['order.totalPrice.amount']);
  });

  it("when one rate's VAT does not fit it, then the usual advisory VAT_AMOUNT_MISMATCH applies to the derived item", () => {
    const { order: o } = withDerivedItems(order(10000, [vat(21, 100)]));
    expect(checkOrder(o, { currencies: ['CZK'] }).warnings.map((w) => w.code)).to.deep.equal(['VAT_AMOUNT_MISMATCH']);
  });

  it('when a gross range is asked for, then every gross in it and none next to it carries the VAT', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.constantFrom(21, 12, 10, 5.5, 0.5), (gross, rate) => {
        const v = vatIncluded(gross, rate);
        const [lo, hi] = grossRange(v, rate, 2e9)!;
        return (
          lo <= gross &&
          gross <= hi &&
          vatIncluded(lo, rate) === v &&
          vatIncluded(hi, rate) === v &&
          (lo === 0 || vatIncluded(lo - 1, rate) < v) &&
          vatIncluded(hi + 1, rate) > v
        );
      }),
    );
  });

  it("when any split by rate is stated from real grosses, then the derivation reproduces the total and each rate's VAT exactly", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e9 }), fc.integer({ min: 1, max: 1e9 }), (a, b) => {
        const totalVat = [vat(21, vatIncluded(a, 21)), vat(12, vatIncluded(b, 12))];
        const split = splitByVat(a + b, totalVat);
        return (
          Array.isArray(split) &&
          split[0]! + split[1]! === a + b &&
          vatIncluded(split[0]!, 21) === totalVat[0]!.amount &&
          vatIncluded(split[1]!, 12) === totalVat[1]!.amount
        );
      }),
    );
  });

  it('when a check names a derived item, then the attribute is the order total or the totalVat entry the partner sent', () => {
    const { order: o } = withDerivedItems(order(132200, [vat(21, 21000), vat(12, 1200)]));
    const named = sentAttribute(o);
    expect(named('order.items[1].totalVat.amount')).to.equal('order.totalVat[1].amount');
    expect(named('order.items[0].totalPrice.amount')).to.equal('order.totalPrice.amount');
    expect(named('order.totalVat')).to.equal('order.totalVat');
  });
});
