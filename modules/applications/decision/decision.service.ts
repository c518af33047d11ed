import type { Logger } from '../../../platform/logger.js';
import { accountIdOf, type ApplicationDoc } from '../application.model.js';
import type { ApplicationRepository } from '../store/index.js';
import type { ApplicationChanges, ApplicationChange } from '../change/index.js';
import { APPLICATION_EVENTS } from '../application.events.js';
import { repaymentPlan } from '../../order-rules/index.js';
import { CustomerAccounts } from './customer-accounts.js';
import { decideApplication, finalCheck, type Verdict } from './decision.rules.js';

/** The fields and events of a decided application (also used for create-from-recurrence). */
export function verdictChange(app: ApplicationDoc, verdict: Verdict, level: 'BASIC' | 'GOLD', now: Date): ApplicationChange<Verdict> {
  const decision = { outcome: verdict.outcome, rule: verdict.rule, accountLevel: level, decidedAt: now };
  const data = { rule: verdict.rule, accountLevel: level };
  if (verdict.outcome === 'REJECTED') {
    return { trigger: 'REJECT', set: { decision }, events: [{ type: APPLICATION_EVENTS.rejected, data }], result: verdict };
  }
  return {
    trigger: 'APPROVE',
    set: { decision, repaymentPlan: repaymentPlan(app.type, app.order.totalPrice, now, level) },
    events: [{ type: APPLICATION_EVENTS.approved, data }],
    result: verdict,
  };
}

/** Screening passed: PROCESSING_PREAPPROVED and the `preapproved` event the final checks consume. */
function preapproveChange(verdict: Extract<Verdict, { outcome: 'APPROVED' }>, level: 'BASIC' | 'GOLD', now: Date): ApplicationChange<Verdict> {
  return {
    trigger: 'PREAPPROVE',
    set: { screening: { rule: verdict.rule, accountLevel: level, screenedAt: now } },
    events: [{ type: APPLICATION_EVENTS.preapproved, data: { rule: verdict.rule, accountLevel: level } }],
    result: verdict,
  };
}

/**
 * Decides a confirmed application in two stages (the decision consumer's use cases):
 * `screen` on `confirmed` rejects at once or preapproves; `finalize` on `preapproved` runs
 * the final checks and approves or rejects. Idempotent and state-checked: each stage acts
 * only on an application still in its own state; a redelivered or late event (decided,
 * cancelled or expired meanwhile) changes nothing.
 */
export class DecisionService {
  readonly accounts: CustomerAccounts;

  constructor(private readonly deps: { repo: ApplicationRepository; changes: ApplicationChanges; sandbox: boolean; logger: Logger }) {
    this.accounts = new CustomerAccounts(deps.repo);
  }

  async levelOf(app: Pick<ApplicationDoc, 'customer' | 'partnerId'>) {
    return this.accounts.level(app.partnerId, accountIdOf(app.customer.email));
  }

  /** Stage one: PROCESSING_VALIDATION_IN_PROGRESS → REJECTED, or PROCESSING_PREAPPROVED. */
  async screen(applicationId: string): Promise<Verdict | undefined> {
    const current = await this.deps.repo.findById(applicationId);
    if (!current || current.stateReason !== 'PROCESSING_VALIDATION_IN_PROGRESS') return undefined;
    const level = await this.levelOf(current);
    const now = this.deps.changes.now();
    const outcome = await this.deps.changes.changeIf(applicationId, (app) => {
      if (app.stateReason !== 'PROCESSING_VALIDATION_IN_PROGRESS') return null;
      const verdict = decideApplication(app, level, { sandbox: this.deps.sandbox });
      return verdict.outcome === 'REJECTED' ? verdictChange(app, verdict, level, now) : preapproveChange(verdict, level, now);
    });
    const verdict = outcome?.result;
    if (verdict)
      this.deps.logger.info({ applicationId, ...verdict, level }, verdict.outcome === 'REJECTED' ? 'application decided' : 'application preapproved');
    return verdict;
  }

  /** Stage two: PROCESSING_PREAPPROVED → READY or REJECTED by the final checks. */
  async finalize(applicationId: string): Promise<Verdict | undefined> {
    const current = await this.deps.repo.findById(applicationId);
    if (!current || current.stateReason !== 'PROCESSING_PREAPPROVED' || !current.screening) return undefined;
    const { level, approvedIds } = await this.accounts.standing(current.partnerId, accountIdOf(current.customer.email));
    const now = this.deps.changes.now();
    const outcome = await this.deps.changes.changeIf(applicationId, (app) => {
      if (app.stateReason !== 'PROCESSING_PREAPPROVED' || !app.screening) return null;
      // every rule again, on the order as it is in the write that decides: nothing approved
      // above a limit, whatever happened to the order since the screening
      const rules = decideApplication(app, level, { sandbox: this.deps.sandbox });
      const verdict = rules.outcome === 'REJECTED' ? rules : finalCheck(app._id, app.screening.rule, approvedIds);
      return verdictChange(app, verdict, level, now);
    });
    const verdict = outcome?.result;
    if (verdict) this.deps.logger.info({ applicationId, ...verdict, level }, 'application decided');
    return verdict;
  }

  /**
   * Counts an approval towards the customer's account level. Driven by the `approved`
   * event, which leaves through the outbox with the approval itself, so a crash right after
   * the decision cannot lose the count; counting is a set of application ids, so a
   * redelivered event counts once.
   */
  async countApproval(applicationId: string): Promise<void> {
    const app = await this.deps.repo.findById(applicationId);
    if (!app || app.decision?.outcome !== 'APPROVED') return;
    await this.accounts.recordApproval(app.partnerId, accountIdOf(app.customer.email), applicationId, app.decision.decidedAt);
  }
}
