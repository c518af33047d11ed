import type { Logger } from '../../../platform/logger.js';
import type { ApplicationDoc } from '../application.model.js';
import type { ApplicationRepository } from '../application.repository.js';
import type { ApplicationService } from '../application.service.js';
import type { ApplicationChange } from '../application.changes.js';
import { APPLICATION_EVENTS } from '../application.events.js';
import { repaymentPlan } from '../money.js';
import { CustomerAccounts } from './customer-accounts.js';
import { accountIdOf, decideApplication, type Verdict } from './decision.rules.js';

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

/**
 * Decides a confirmed application (the decision consumer's use case). Idempotent and
 * state-checked: only an application still in PROCESSING_VALIDATION_IN_PROGRESS is
 * decided; a redelivered or late event (the application was decided, cancelled or
 * expired meanwhile) changes nothing.
 */
export class DecisionService {
  readonly accounts: CustomerAccounts;

  constructor(private readonly deps: { repo: ApplicationRepository; applications: ApplicationService; sandbox: boolean; logger: Logger }) {
    this.accounts = new CustomerAccounts(deps.repo);
  }

  async levelOf(app: Pick<ApplicationDoc, 'customer'>) {
    return this.accounts.level(accountIdOf(app.customer.email));
  }

  async decide(applicationId: string): Promise<Verdict | undefined> {
    const current = await this.deps.repo.findById(applicationId);
    if (!current || current.stateReason !== 'PROCESSING_VALIDATION_IN_PROGRESS') return undefined;
    const level = await this.levelOf(current);
    const now = new Date();
    const outcome = await this.deps.applications.changeIf(applicationId, (app) => {
      if (app.stateReason !== 'PROCESSING_VALIDATION_IN_PROGRESS') return null;
      return verdictChange(app, decideApplication(app, level, { sandbox: this.deps.sandbox }), level, now);
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
    await this.accounts.recordApproval(accountIdOf(app.customer.email), applicationId, app.decision.decidedAt);
  }
}
