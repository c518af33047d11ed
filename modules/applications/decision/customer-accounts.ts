import type { AccountLevel } from '../../order-rules/index.js';
import type { ApplicationRepository } from '../store/index.js';
import { GOLD_AFTER_APPROVALS } from './decision.rules.js';

/**
 * The customer's standing, kept by the service in `customer_accounts`, keyed by the
 * normalized e-mail. Two records per customer, for two purposes:
 *
 * - the **level** (BASIC, then GOLD after GOLD_AFTER_APPROVALS approvals) is counted per
 *   shop: it sets the terms the customer sees (50 days instead of 30), and a shop can open
 *   its own gateway link and read the repayment plan, so a level earned at other shops would
 *   tell the shop about the customer's purchases elsewhere. A shop's own history with the
 *   customer is no secret to it; sandbox approvals of one partner reach no other's record;
 * - the **velocity** of approvals (the final checks' fraud control) is counted across every
 *   shop: its only visible effect is a rejection without a reason.
 *
 * Counting is idempotent (a set of application ids), so a redelivered approval counts once.
 */
export class CustomerAccounts {
  constructor(private readonly repo: ApplicationRepository) {}

  /** The key of the customer's record at one shop (the level). */
  static shopKey(partnerId: string, accountId: string): string {
    return `partner:${partnerId}:${accountId}`;
  }

  level(partnerId: string, accountId: string): Promise<AccountLevel> {
    return this.repo.accountLevel(CustomerAccounts.shopKey(partnerId, accountId));
  }

  /** The level at this shop and the approved applications at every shop (the final checks need both). */
  async standing(partnerId: string, accountId: string): Promise<{ level: AccountLevel; approvedIds: string[] }> {
    const [level, all] = await Promise.all([this.level(partnerId, accountId), this.repo.account(accountId)]);
    return { level, approvedIds: all.approvedIds };
  }

  /**
   * What a precheck may know: this shop's own history with the person only. A precheck is
   * asked before the person identified themselves to the shop (anyone's e-mail will do), so
   * an answer that moved with approvals at other shops would let any shop look up a
   * person's purchases elsewhere. The velocity is therefore counted on this shop's
   * approvals here; the decision after the gateway still counts every shop's.
   */
  async precheckStanding(partnerId: string, accountId: string): Promise<{ level: AccountLevel; approvalsHere: number; approvedIds: string[] }> {
    const here = await this.repo.account(CustomerAccounts.shopKey(partnerId, accountId));
    return { level: here.level, approvalsHere: here.approvedIds.length, approvedIds: here.approvedIds };
  }

  async recordApproval(partnerId: string, accountId: string, applicationId: string, now = new Date()): Promise<void> {
    const key = CustomerAccounts.shopKey(partnerId, accountId);
    const [doc] = await Promise.all([this.repo.addApproval(key, applicationId, now), this.repo.addApproval(accountId, applicationId, now)]);
    if (doc.level === 'BASIC' && doc.approvedApplicationIds.length >= GOLD_AFTER_APPROVALS) {
      await this.repo.promoteToGold(key, now);
    }
  }
}
