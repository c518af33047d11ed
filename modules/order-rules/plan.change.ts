import { localDate } from '../../platform/dates.js';
import type { Instalment, OrderDoc } from './order.model.js';
import { planTotal, replan } from './repayment.js';

/**
 * The customer's repayment plan follows what the order leaves owed (the gateway's terms:
 * "when you return goods ... your repayment is reduced accordingly"). Every change of an
 * approved application goes through one write path (modules/applications/change), which
 * asks this after the change is decided: so returns, refunds, item cancels, order changes
 * and a cancelled application alike keep the plan's instalments summing to the order total.
 *
 * Returns the new plan and the data of its event (the applications module names it
 * `applications.repaymentplan.changed` and writes it with the change), or undefined when
 * the plan still fits.
 */
export function planChange(
  doc: { order: OrderDoc; repaymentPlan?: Instalment[] },
  fields: { order?: OrderDoc; repaymentPlan?: Instalment[] },
  cause: string | undefined,
  now: Date,
): { plan: Instalment[]; data: Record<string, unknown> } | undefined {
  const previous = fields.repaymentPlan ?? doc.repaymentPlan;
  const owed = (fields.order ?? doc.order).totalPrice;
  if (!previous?.length || planTotal(previous) === owed.amount) return undefined;
  const plan = replan(previous, owed.amount, localDate(now));
  return { plan, data: { repaymentPlan: plan, previousRepaymentPlan: previous, owed, ...(cause ? { cause } : {}) } };
}
