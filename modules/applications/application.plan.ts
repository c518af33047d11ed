import type { ApplicationDoc, Instalment, OrderDoc } from './application.model.js';
import { APPLICATION_EVENTS } from './application.events.js';
import { localDate } from '../../platform/dates.js';
import { planTotal, replan } from './repayment.js';

/**
 * The customer's repayment plan follows what the order leaves owed (the gateway's terms:
 * "when you return goods ... your repayment is reduced accordingly"). Every change of an
 * approved application goes through the kernel, so checking here, after the change is
 * decided, covers returns, refunds, item cancels, order changes and a cancelled
 * application alike: the plan's instalments always sum to the order total.
 *
 * Returns the new plan and its event (`applications.repaymentplan.changed`, on the
 * application events topic in the same write), or undefined when the plan still fits.
 */
export function planChange(
  doc: Pick<ApplicationDoc, 'order' | 'repaymentPlan'>,
  fields: { order?: OrderDoc; repaymentPlan?: Instalment[] },
  cause: string | undefined,
  now: Date,
): { plan: Instalment[]; event: { type: string; data: Record<string, unknown> } } | undefined {
  const previous = fields.repaymentPlan ?? doc.repaymentPlan;
  const owed = (fields.order ?? doc.order).totalPrice;
  if (!previous?.length || planTotal(previous) === owed.amount) return undefined;
  const plan = replan(previous, owed.amount, localDate(now));
  return {
    plan,
    event: {
      type: APPLICATION_EVENTS.repaymentPlanChanged,
      data: { repaymentPlan: plan, previousRepaymentPlan: previous, owed, ...(cause ? { cause } : {}) },
    },
  };
}
