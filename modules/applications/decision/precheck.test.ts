import { expect } from 'chai';
import { newId } from '../../../platform/ids.js';
import { precheck } from './precheck.js';
import { LEVEL_LIMITS, VELOCITY_LIMIT } from './decision.rules.js';

const CZK = (amount: number) => ({ amount, currency: 'CZK' });
const basic = { level: 'BASIC' as const, approvalsHere: 0, approvedIds: [] };

describe("precheck: the decision's own rules, asked before the application", () => {
  it('when the order is within the limit, then OK for both financing types, and no limits for a customer the shop has no approval with', () => {
    const a = precheck({ email: 'jana@example.com', total: CZK(150_000) }, basic, { sandbox: false, id: newId(), currency: 'CZK' });
    expect(a.results.map((r) => [r.type, r.code, r.recommendation, r.probabilityOfApproval])).to.deep.equal([
      ['DEFERRED_PAYMENT', 'OK', true, 1],
      ['PAY_IN_THREE', 'OK', true, 1],
    ]);
    expect(a).not.to.have.property('limits');
  });

  it("when the order exceeds the level's limit, then INSUFFICIENT_LIMIT; a GOLD customer of this shop has the higher limit, shown", () => {
    const over = precheck({ email: 'jana@example.com', total: CZK(LEVEL_LIMITS.BASIC + 1), type: 'DEFERRED_PAYMENT' }, basic, {
      sandbox: false,
      id: newId(),
      currency: 'CZK',
    });
    expect(over.results).to.have.length(1);
    expect(over.results[0]).to.include({ code: 'INSUFFICIENT_LIMIT', recommendation: false });
    const gold = precheck(
      { email: 'jana@example.com', total: CZK(LEVEL_LIMITS.BASIC + 1) },
      { level: 'GOLD', approvalsHere: 3, approvedIds: [] },
      { sandbox: false, id: newId(), currency: 'CZK' },
    );
    expect(gold.results[0]).to.include({ code: 'OK', PrecheckResultResponseSerializer: 'FULL' });
    expect(gold.limits).to.deep.equal({ availableLimit: CZK(LEVEL_LIMITS.GOLD), totalLimit: CZK(LEVEL_LIMITS.GOLD) });
  });

  it('when the sandbox address says +reject or +approve, then the precheck says what the decision will', () => {
    const opts = { sandbox: true, id: newId(), currency: 'CZK' };
    expect(precheck({ email: 'x+reject@example.com', total: CZK(100) }, basic, opts).results[0]!.code).to.equal('NOT_AVAILABLE');
    expect(precheck({ email: 'x+approve@example.com', total: CZK(LEVEL_LIMITS.GOLD * 2) }, basic, opts).results[0]!.code).to.equal('OK');
  });

  it('when the customer had too many approvals elsewhere lately, then NOT_AVAILABLE without saying why', () => {
    const approvedIds = Array.from({ length: VELOCITY_LIMIT }, () => newId());
    const a = precheck({ email: 'busy@example.com', total: CZK(100) }, { ...basic, approvedIds }, { sandbox: false, id: newId(), currency: 'CZK' });
    expect(a.results[0]).to.include({ code: 'NOT_AVAILABLE', message: 'The financing would not be offered now.' });
  });
});
