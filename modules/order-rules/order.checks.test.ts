import { expect } from 'chai';
import { checkOrder, impossibleVat, unacceptedWarnings } from './order.checks.js';
import type { OrderInput } from './order.schemas.js';

const CZK = (amount: number) => ({ amount, currency: 'CZK' });
const VAT = (vatRate: number, amount: number) => ({ vatRate, amount, currency: 'CZK' });

/** A kettle (1 200.00 incl. 21 % VAT) and a delivery of 300.00 whose VAT the test sets. */
function order(deliveryVat: number, over: Record<string, unknown> = {}): OrderInput {
  return {
    number: 'ORD-1',
    totalPrice: CZK(150000),
    totalVat: [VAT(21, 20826 + deliveryVat)],
    items: [
      { code: 'KTL-1', name: 'Kettle', type: 'PHYSICAL', quantity: 1, totalPrice: CZK(120000), totalVat: VAT(21, 20826) },
      { code: 'SHIP', name: 'Delivery', type: 'SHIPPING_FEE', totalPrice: CZK(30000), totalVat: VAT(21, deliveryVat), ...over },
    ],
  } as OrderInput;
}

describe('order checks: an impossible VAT is an error, not advice', () => {
  for (const [what, vat] of [
    ['900 000 on a 30 000 item', 900000],
    ['negative on a positive item', -5207],
    ['the whole price at 21 %', 30000],
  ] as const) {
    it(`when an item's VAT is ${what}, then an ERROR naming it that override cannot accept`, () => {
      const { errors, warnings } = checkOrder(order(vat), { currencies: ['CZK'] });
      expect(errors).to.have.length(1);
      expect(errors[0]).to.include({ code: 'UNPROCESSABLE', severity: 'ERROR', attribute: 'order.items[1].totalVat.amount' });
      expect(unacceptedWarnings(warnings, ['VAT_AMOUNT_MISMATCH'])).to.deep.equal([]);
    });
  }

  it('when a VAT is only off its rate (a rounding difference, however large), then a WARN only', () => {
    const { errors, warnings } = checkOrder(order(4000), { currencies: ['CZK'] });
    expect(errors).to.deep.equal([]);
    expect(warnings.map((w) => w.code)).to.deep.equal(['VAT_AMOUNT_MISMATCH']);
  });

  it('when unitVat is impossible for unitPrice, then an ERROR naming unitVat', () => {
    const { errors } = checkOrder(order(5207, { unitPrice: CZK(30000), unitVat: VAT(21, -1) }), { currencies: ['CZK'] });
    expect(errors.map((e) => e.attribute)).to.deep.equal(['order.items[1].unitVat.amount']);
  });

  it('the bounds: the sign of the price, at most the price, below it at a positive rate; deductions carry negative VAT', () => {
    expect(impossibleVat(30000, 5207, 21)).to.equal(undefined);
    expect(impossibleVat(-10000, -1736, 21)).to.equal(undefined);
    expect(impossibleVat(0, 0, 21)).to.equal(undefined);
    expect(impossibleVat(30000, 0, 21)).to.equal(undefined);
    expect(impossibleVat(100, 100, 0)).to.equal(undefined);
    expect(impossibleVat(0, 1, 21)).to.be.a('string');
    expect(impossibleVat(-10000, 1736, 21)).to.be.a('string');
    expect(impossibleVat(100, 101, 0)).to.be.a('string');
    expect(impossibleVat(100, 100, 21)).to.be.a('string');
    expect(impossibleVat(-100, -100, 10)).to.be.a('string');
  });
});
