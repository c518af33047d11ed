import { expect } from 'chai';
import fc from 'fast-check';
import { addDays, allocate, formatMoney, localDate, mulDivRound, payInThree, replan, repaymentPlan, toDecimalString, toMilli, unitFromTotal, vatIncluded } from './money.js';

describe('money helpers', () => {
  it('when any total is allocated over any weights, then the parts sum to the total exactly', () => {
    fc.assert(fc.property(
      fc.integer({ min: -1e12, max: 1e12 }),
      fc.array(fc.integer({ min: 0, max: 1e9 }), { minLength: 1, maxLength: 20 }),
      (total, weights) => allocate(total, weights).reduce((a, b) => a + b, 0) === total,
    ));
  });

  it('when 100 is allocated 1:1:1, then the remainder goes to the first part', () => {
    expect(allocate(100, [1, 1, 1])).to.deep.equal([34, 33, 33]);
    expect(allocate(10, [0, 0])).to.deep.equal([10, 0]);
  });

  it('when any total is paid in three, then the instalments sum exactly and differ by the remainder on the first', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 1e13 }), (total) => {
      const [a, b, c] = payInThree(total);
      return a + b + c === total && b === c && a - b >= 0 && a - b < 3;
    }));
    expect(payInThree(10000)).to.deep.equal([3334, 3333, 3333]);
  });

  it('when a date crosses a month or leap day, then addDays stays on the calendar', () => {
    expect(addDays('2024-01-31', 30)).to.equal('2024-03-01');
    expect(addDays('2023-12-15', 50)).to.equal('2024-02-03');
  });

  it('when an instant is near midnight UTC, then the local date is the Prague date', () => {
    expect(localDate(new Date('2024-06-30T22:30:00Z'))).to.equal('2024-07-01');
  });

  it('when a BASIC customer defers, then one payment due in 30 days; GOLD gets 50', () => {
    const at = new Date('2024-03-01T10:00:00Z');
    expect(repaymentPlan('DEFERRED_PAYMENT', { amount: 5000, currency: 'CZK' }, at, 'BASIC'))
      .to.deep.equal([{ dueDate: '2024-03-31', amount: { amount: 5000, currency: 'CZK' } }]);
    expect(repaymentPlan('DEFERRED_PAYMENT', { amount: 5000, currency: 'CZK' }, at, 'GOLD')[0]!.dueDate).to.equal('2024-04-20');
  });

  it('when a customer pays in three, then +0, +30, +60 days, exact to the minor unit', () => {
    const plan = repaymentPlan('PAY_IN_THREE', { amount: 100001, currency: 'CZK' }, new Date('2024-03-01T10:00:00Z'), 'BASIC');
    expect(plan.map((p) => p.dueDate)).to.deep.equal(['2024-03-01', '2024-03-31', '2024-04-30']);
    expect(plan.map((p) => p.amount.amount)).to.deep.equal([33335, 33333, 33333]);
  });

  describe('the plan after the debt changed (replan)', () => {
    const three = repaymentPlan('PAY_IN_THREE', { amount: 150000, currency: 'CZK' }, new Date('2024-03-01T10:00:00Z'), 'BASIC');
    const amounts = (owed: number, today: string) => replan(three, owed, today).map((p) => p.amount.amount);

    it('when the debt falls on the day of purchase, then the first instalment (collected) stays and the other two share the rest, remainder first', () => {
      expect(amounts(120000, '2024-03-01')).to.deep.equal([50000, 35000, 35000]);
      expect(amounts(100001, '2024-03-01')).to.deep.equal([50000, 25001, 25000]);
      expect(replan(three, 120000, '2024-03-01').map((p) => p.dueDate)).to.deep.equal(three.map((p) => p.dueDate));
    });

    it('when the debt falls below what has fallen due, then the latest fallen-due instalments shrink and nothing is left to come', () => {
      expect(amounts(50000, '2024-03-01')).to.deep.equal([50000, 0, 0]);
      expect(amounts(70000, '2024-04-01')).to.deep.equal([50000, 20000, 0]);
      expect(amounts(0, '2024-04-01')).to.deep.equal([0, 0, 0]);
    });

    it('when nothing has fallen due yet, then the whole plan is recomputed as at creation; a deferred payment is the debt', () => {
      expect(amounts(100001, '2024-02-29')).to.deep.equal([33335, 33333, 33333]);
      const deferred = repaymentPlan('DEFERRED_PAYMENT', { amount: 150000, currency: 'CZK' }, new Date('2024-03-01T10:00:00Z'), 'BASIC');
      expect(replan(deferred, 50000, '2024-03-05')).to.deep.equal([{ dueDate: '2024-03-31', amount: { amount: 50000, currency: 'CZK' } }]);
      expect(replan(deferred, 0, '2024-05-05')[0]!.amount.amount).to.equal(0);
    });
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
