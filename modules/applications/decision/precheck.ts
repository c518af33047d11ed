import type { AccountLevel, FinancingType, Money } from '../../order-rules/index.js';
import { LEVEL_LIMITS, decideApplication, finalCheck, type Verdict } from './decision.rules.js';

/**
 * The precheck: would an application of this customer and order be approved now? Answered
 * by the very rules that decide after the gateway (the screening, then the final checks),
 * so in the sandbox a precheck predicts the decision exactly. It tells no more about the
 * customer than the decision would: the outcome and the limit of the customer's standing at
 * this shop, never why a rule about other shops said no.
 */
export const PRECHECK_CODES = ['OK', 'INSUFFICIENT_LIMIT', 'NOT_AVAILABLE'] as const;
export type PrecheckCode = (typeof PRECHECK_CODES)[number];
/** the customer as this shop knows them: no approved purchase here yet, or some */
export type CustomerStanding = 'UNKNOWN' | 'FULL';

export interface PrecheckResult {
  type: FinancingType;
  recommendation: boolean;
  probabilityOfApproval: number;
  code: PrecheckCode;
  PrecheckResultResponseSerializer: CustomerStanding;
  message: string;
}

export interface PrecheckAnswer {
  results: PrecheckResult[];
  /** only for a customer this shop has had an approved purchase with */
  limits?: { availableLimit: Money; totalLimit: Money };
}

export interface PrecheckQuestion {
  email: string;
  fraudPreventionData?: { transactionsNumber?: number | null };
  total?: Money;
  type?: FinancingType;
}

export interface Standing {
  level: AccountLevel;
  /** approved applications of this customer at this shop */
  approvalsHere: number;
  /** the customer's approved applications at every shop (the final checks' velocity) */
  approvedIds: readonly string[];
}

const MESSAGES: Record<PrecheckCode, string> = {
  OK: 'The application would be approved now.',
  INSUFFICIENT_LIMIT: 'The order exceeds the limit the customer has for it now.',
  NOT_AVAILABLE: 'The financing would not be offered now.',
};

function codeOf(v: Verdict): PrecheckCode {
  if (v.outcome === 'APPROVED') return 'OK';
  return v.rule === 'OVER_LIMIT' || v.rule === 'FIRST_PURCHASE_LIMIT' ? 'INSUFFICIENT_LIMIT' : 'NOT_AVAILABLE';
}

/**
 * `id` is the precheck's own id (a UUIDv7 made now): the final checks read an application's
 * creation time from its id, so the precheck stands in for an application created now.
 */
export function precheck(q: PrecheckQuestion, standing: Standing, opts: { sandbox: boolean; id: string; currency: string }): PrecheckAnswer {
  const total = q.total ?? { amount: 0, currency: opts.currency };
  const application = {
    customer: { email: q.email, ...(q.fraudPreventionData ? { fraudPreventionData: q.fraudPreventionData } : {}) },
    order: { totalPrice: total },
  };
  const screening = decideApplication(application as Parameters<typeof decideApplication>[0], standing.level, { sandbox: opts.sandbox });
  const verdict = screening.outcome === 'APPROVED' ? finalCheck(opts.id, screening.rule, standing.approvedIds) : screening;
  const code = codeOf(verdict);
  const known = standing.approvalsHere > 0;
  const types: FinancingType[] = q.type ? [q.type] : ['DEFERRED_PAYMENT', 'PAY_IN_THREE'];
  const results = types.map((type) => ({
    type,
    recommendation: code === 'OK',
    probabilityOfApproval: code === 'OK' ? 1 : 0,
    code,
    PrecheckResultResponseSerializer: (known ? 'FULL' : 'UNKNOWN') as CustomerStanding,
    message: MESSAGES[code],
  }));
  const limit = { amount: LEVEL_LIMITS[standing.level], currency: total.currency };
  return { results, ...(known ? { limits: { availableLimit: limit, totalLimit: limit } } : {}) };
}
