import { expect } from 'chai';
import { createdAtOfId, decideApplication, finalCheck, VELOCITY_LIMIT, VELOCITY_WINDOW_MS, type ScreeningApproval, type Verdict } from './decision.rules.js';
import { accountIdOf } from '../application.model.js';
import { v7 as uuidv7 } from 'uuid';
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

  describe('final checks of a preapproved application', () => {
    const at = Date.parse('2026-11-23T10:00:00Z');
    const idAt = (msecs: number) => uuidv7({ msecs });
    const within: Verdict = { outcome: 'APPROVED', rule: 'WITHIN_LIMITS' };
    const earlier = (n: number, hoursBefore: number) => Array.from({ length: n }, (_, i) => idAt(at - hoursBefore * 3_600_000 - i));

    it('when a UUIDv7 is read, then its creation time comes back', () => {
      expect(createdAtOfId(idAt(at))).to.equal(at);
    });
    const rows: Array<[string, string[], ScreeningApproval, Verdict]> = [
      [`${VELOCITY_LIMIT - 1} approvals created in the 24 h before`, earlier(VELOCITY_LIMIT - 1, 1), 'WITHIN_LIMITS', within],
      [`${VELOCITY_LIMIT} approvals created in the 24 h before`, earlier(VELOCITY_LIMIT, 1), 'WITHIN_LIMITS', { outcome: 'REJECTED', rule: 'VELOCITY_LIMIT' }],
      [`${VELOCITY_LIMIT} approvals created more than 24 h before`, earlier(VELOCITY_LIMIT, VELOCITY_WINDOW_MS / 3_600_000 + 1), 'WITHIN_LIMITS', within],
      [
        `${VELOCITY_LIMIT} approvals of applications created after this one`,
        Array.from({ length: VELOCITY_LIMIT }, (_, i) => idAt(at + 1 + i)),
        'WITHIN_LIMITS',
        within,
      ],
      [`${VELOCITY_LIMIT} approvals and a sandbox +approve`, earlier(VELOCITY_LIMIT, 1), 'SANDBOX_APPROVE', { outcome: 'APPROVED', rule: 'SANDBOX_APPROVE' }],
    ];
    for (const [what, approved, screening, verdict] of rows) {
      it(`when ${what}, then ${verdict.outcome} by ${verdict.rule}`, () => {
        expect(finalCheck(idAt(at), screening, approved)).to.deep.equal(verdict);
      });
    }
    it('when the application itself is among the approvals (a redelivery), then it does not count', () => {
      const self = idAt(at);
      expect(finalCheck(self, within.rule, [...earlier(VELOCITY_LIMIT - 1, 1), self])).to.deep.equal(within);
    });
  });
});
