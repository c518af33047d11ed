import type { AccountLevel } from '../application.model.js';
import type { ApplicationRepository } from '../application.repository.js';
import { GOLD_AFTER_APPROVALS } from './decision.rules.js';

/**
 * The customer's account level (BASIC, then GOLD after approvals), kept by the service in `customer_accounts`,
 * keyed by the normalized e-mail. BASIC until GOLD_AFTER_APPROVALS applications were
 * approved. Counting is idempotent (a set of application ids), so a redelivered approval
 * counts once.
 */
export class CustomerAccounts {
  constructor(private readonly repo: ApplicationRepository) {}

  level(accountId: string): Promise<AccountLevel> {
    return this.repo.accountLevel(accountId);
  }

  /** The level and the approved applications (the final checks need both). */
  standing(accountId: string): Promise<{ level: AccountLevel; approvedIds: string[] }> {
    return this.repo.account(accountId);
  }

  async recordApproval(accountId: string, applicationId: string, now = new Date()): Promise<void> {
    const doc = await this.repo.addApproval(accountId, applicationId, now);
    if (doc.level === 'BASIC' && doc.approvedApplicationIds.length >= GOLD_AFTER_APPROVALS) {
      await this.repo.promoteToGold(accountId, now);
    }
  }
}
