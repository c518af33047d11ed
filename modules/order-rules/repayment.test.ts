import { expect } from 'chai';
import fc from 'fast-check';
import { payInThree, replan, repaymentPlan } from './repayment.js';

describe('repayment plan', () => {
  it('when any total is paid in three, then the instalments sum exactly and differ by the remainder on the first', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e13 }), (total) => {
        const [a, b, c] = payInThree(total);
        return a + b + c === total && b === c && a - b >= 0 && a - b < 3;
      }),
    );
    expect(payInThree(10000)).to.deep.equal([3334, 3333, 3333]);
  });

  it('when a BASIC customer defers, then one payment due in 30 days; GOLD gets 50', () => {
    const at = new Date('2024-03-01T10:00:00Z');
    expect(repaymentPlan('DEFERRED_PAYMENT', { amount: 5000, currency: 'CZK' }, at, 'BASIC')).to.deep.equal([
      { dueDate: '2024-03-31', amount: { amount: 5000, currency: 'CZK' } },
    ]);
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
});
