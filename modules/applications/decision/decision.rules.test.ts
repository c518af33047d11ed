import { expect } from 'chai';
import { accountIdOf, decideApplication } from './decision.rules.js';
import { sampleDoc } from '../../../test/applications/fixtures.js';

const withEmail = (email: string, amount = 12100, transactionsNumber?: number) => {
  const d = sampleDoc();
  d.customer.email = email;
  d.order.totalPrice.amount = amount;
  if (transactionsNumber !== undefined) d.customer.fraudPreventionData = { transactionsNumber, transactionsSum: { amount: 0, currency: 'CZK' } };
  return d;
};

describe('decision rules', () => {
  const rows: Array<[string, Parameters<typeof withEmail>, 'BASIC' | 'GOLD', boolean, string, string]> = [
    ['a sandbox +reject e-mail', ['jana+reject@example.com'], 'BASIC', true, 'REJECTED', 'SANDBOX_REJECT'],
    ['a sandbox +approve e-mail over the limit', ['jana+approve@example.com', 99_999_999], 'BASIC', true, 'APPROVED', 'SANDBOX_APPROVE'],
    ['+reject outside the sandbox', ['jana+reject@example.com'], 'BASIC', false, 'APPROVED', 'WITHIN_LIMITS'],
    ['a BASIC total over 50 000.00', ['jana@example.com', 5_000_001], 'BASIC', true, 'REJECTED', 'OVER_LIMIT'],
    ['a GOLD total of 100 000.00', ['jana@example.com', 10_000_000], 'GOLD', true, 'APPROVED', 'WITHIN_LIMITS'],
    ['a first purchase over 20 000.00', ['jana@example.com', 2_000_001, 0], 'BASIC', true, 'REJECTED', 'FIRST_PURCHASE_LIMIT'],
    ['a first purchase of 20 000.00', ['jana@example.com', 2_000_000, 0], 'BASIC', true, 'APPROVED', 'WITHIN_LIMITS'],
  ];
  for (const [what, args, level, sandbox, outcome, rule] of rows) {
    it(`when ${what} (${level}, sandbox ${sandbox}), then ${outcome} by ${rule}`, () => {
      expect(decideApplication(withEmail(...args), level, { sandbox })).to.deep.equal({ outcome, rule });
    });
  }
  it('when e-mails differ in case or +tag, then they are one account', () => {
    expect(accountIdOf('Jana.N+approve@Example.COM')).to.equal('jana.n@example.com');
  });
});
