import { addDays, localDate } from '../../platform/dates.js';
import { splitEvenly } from '../../platform/money.js';
import type { Instalment, Money } from './order.model.js';

/** The customer's repayment plan, as pure functions (amounts in minor units, dates local). */

/** The plan's terms: how the customer pays (the application's `type`) ... */
export const FINANCING_TYPES = ['DEFERRED_PAYMENT', 'PAY_IN_THREE'] as const;
export type FinancingType = (typeof FINANCING_TYPES)[number];
/** ... and the customer's account level, which sets how long a deferred payment may wait. */
export type AccountLevel = 'BASIC' | 'GOLD';

/** Days until the deferred payment is due, by the customer's account level. */
export const DEFERRED_DAYS: Record<AccountLevel, number> = { BASIC: 30, GOLD: 50 };
/** Pay in three is due at +0, +30 and +60 days. */
export const PAY_IN_THREE_OFFSETS = [0, 30, 60] as const;

/** Three instalments summing exactly to `total`; the remainder goes to the first. */
export function payInThree(total: number): [number, number, number] {
  return splitEvenly(total, 3) as [number, number, number];
}

/**
 * The plan after what the customer owes changed to `owed` (returns, refunds, cancels), on
 * local date `today`: the same instalments and due dates, summing to `owed` exactly.
 *
 * - Instalments due on or before `today` have fallen due (pay in three's first one is
 *   collected at checkout): they keep their amount as long as the customer owes that much;
 *   when the customer owes less, the latest of them shrink first (what was collected beyond
 *   the new debt is owed back to the customer).
 * - The rest of the debt is spread over the instalments still to come by the rule of the
 *   plan at creation: equal parts, the remainder on the first of them.
 * - With none still to come, a debt above the fallen-due amounts (never the case: a debt
 *   only falls) goes on the last instalment, so the sum is exact in every case.
 */
export function replan(plan: Instalment[], owed: number, today: string): Instalment[] {
  const dueNow = plan.filter((p) => p.dueDate <= today).length;
  const amounts = plan.map((p) => p.amount.amount);
  let left = Math.max(0, owed);
  for (let i = 0; i < dueNow; i++) {
    amounts[i] = Math.min(amounts[i]!, left);
    left -= amounts[i]!;
  }
  if (dueNow < plan.length)
    splitEvenly(left, plan.length - dueNow).forEach((a, k) => {
      amounts[dueNow + k] = a;
    });
  else amounts[plan.length - 1]! += left;
  return plan.map((p, i) => ({ dueDate: p.dueDate, amount: { amount: amounts[i]!, currency: p.amount.currency } }));
}

/** Σ of a plan's instalments. */
export const planTotal = (plan: Instalment[]): number => plan.reduce((a, p) => a + p.amount.amount, 0);

/** The customer's repayment plan for a purchase made at `purchasedAt`. */
export function repaymentPlan(type: FinancingType, total: Money, purchasedAt: Date, level: AccountLevel): Instalment[] {
  const day = localDate(purchasedAt);
  if (type === 'DEFERRED_PAYMENT') {
    return [{ dueDate: addDays(day, DEFERRED_DAYS[level]), amount: { ...total } }];
  }
  return payInThree(total.amount).map((amount, i) => ({
    dueDate: addDays(day, PAY_IN_THREE_OFFSETS[i]!),
    amount: { amount, currency: total.currency },
  }));
}
