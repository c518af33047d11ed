import { expect } from 'chai';
import fc from 'fast-check';
import { allocate, formatMoney, mulDivRound, toDecimalString, toMilli, unitFromTotal, vatIncluded } from './money.js';

describe('money helpers', () => {
  it('when any total is allocated over any weights, then the parts sum to the total exactly', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e12, max: 1e12 }),
        fc.array(fc.integer({ min: 0, max: 1e9 }), { minLength: 1, maxLength: 20 }),
        (total, weights) => allocate(total, weights).reduce((a, b) => a + b, 0) === total,
      ),
    );
  });

  it('when 100 is allocated 1:1:1, then the remainder goes to the first part', () => {
    expect(allocate(100, [1, 1, 1])).to.deep.equal([34, 33, 33]);
    expect(allocate(10, [0, 0])).to.deep.equal([10, 0]);
  });

  it('when quantities and prices are converted, then integer arithmetic rounds half away from zero', () => {
    expect(toMilli(1.005)).to.equal(1005);
    expect(toMilli(2.3)).to.equal(2300);
    expect(unitFromTotal(1000, 3000)).to.equal(333);
    expect(unitFromTotal(1001, 2000)).to.equal(501);
    expect(mulDivRound(-5, 1, 2)).to.equal(-3);
    expect(vatIncluded(12100, 21)).to.equal(2100);
    expect(vatIncluded(11000, 10)).to.equal(1000);
  });

  it('when an amount is shown, then its decimal text is exact', () => {
    expect(toDecimalString(12590, 'CZK')).to.equal('125.90');
    expect(toDecimalString(5, 'CZK')).to.equal('0.05');
    expect(toDecimalString(-5, 'EUR')).to.equal('-0.05');
    expect(toDecimalString(500, 'JPY')).to.equal('500');
    expect(formatMoney({ amount: 125990, currency: 'CZK' }).replace(/\s/g, ' ')).to.equal('1 259,90 Kč');
  });
});
