import type { AccountLevel } from '../../order-rules/index.js';
import type { ApplicationDoc, ScreeningApproval } from '../application.model.js';

/**
 * The decision rules (docs/applications.md, "The decision"). Deterministic: the same
 * application and account always give the same outcome; the first rule that matches
 * decides. Two stages: the screening on confirm (S1-R3) rejects at once or preapproves
 * (PROCESSING_PREAPPROVED); the final checks (F1) then approve or reject.
 *
 *   S1 SANDBOX_REJECT    (SANDBOX=true) the partner asked for REJECT through the sandbox
 *                        decision helper, or else the e-mail's local part ends in `+reject`
 *   S2 SANDBOX_APPROVE   (SANDBOX=true) the partner asked for APPROVE, or else the e-mail's
 *                        local part ends in `+approve`
 *   R1 OVER_LIMIT        the order total exceeds the level's limit (BASIC 50 000.00, GOLD 150 000.00)
 *   R2 FIRST_PURCHASE_LIMIT  no earlier transaction in the shop (transactionsNumber 0) and
 *                        the total exceeds 20 000.00 for a BASIC customer
 *   R3 WITHIN_LIMITS     otherwise: approved
 *   F1 VELOCITY_LIMIT    (final, not after S2) the customer already has VELOCITY_LIMIT approved
 *                        applications created within VELOCITY_WINDOW_MS before this one
 *
 * Limits are in minor units of the application's currency (the accepted set is CZK by default).
 */
export const LEVEL_LIMITS: Record<AccountLevel, number> = { BASIC: 5_000_000, GOLD: 15_000_000 };
export const FIRST_PURCHASE_LIMIT = 2_000_000;

export const VELOCITY_LIMIT = 5;
export const VELOCITY_WINDOW_MS = 24 * 60 * 60 * 1000;

export type Verdict =
  | { outcome: 'APPROVED'; rule: ScreeningApproval }
  | { outcome: 'REJECTED'; rule: 'SANDBOX_REJECT' | 'OVER_LIMIT' | 'FIRST_PURCHASE_LIMIT' | 'VELOCITY_LIMIT' };

export type { ScreeningApproval };

function localPart(email: string): string {
  return email.slice(0, email.lastIndexOf('@')).toLowerCase();
}

export function decideApplication(
  app: Pick<ApplicationDoc, 'customer' | 'order'> & { gateway?: Pick<ApplicationDoc['gateway'], 'sandboxOutcome'> },
  level: AccountLevel,
  opts: { sandbox: boolean },
): Verdict {
  if (opts.sandbox) {
    const asked = app.gateway?.sandboxOutcome;
    if (asked === 'REJECT') return { outcome: 'REJECTED', rule: 'SANDBOX_REJECT' };
    if (asked === 'APPROVE') return { outcome: 'APPROVED', rule: 'SANDBOX_APPROVE' };
    const local = localPart(app.customer.email);
    if (local.endsWith('+reject')) return { outcome: 'REJECTED', rule: 'SANDBOX_REJECT' };
    if (local.endsWith('+approve')) return { outcome: 'APPROVED', rule: 'SANDBOX_APPROVE' };
  }
  const total = app.order.totalPrice.amount;
  if (total > LEVEL_LIMITS[level]) return { outcome: 'REJECTED', rule: 'OVER_LIMIT' };
  if (level === 'BASIC' && app.customer.fraudPreventionData?.transactionsNumber === 0 && total > FIRST_PURCHASE_LIMIT) {
    return { outcome: 'REJECTED', rule: 'FIRST_PURCHASE_LIMIT' };
  }
  return { outcome: 'APPROVED', rule: 'WITHIN_LIMITS' };
}

/** Milliseconds since the epoch in a UUIDv7 (its first 48 bits: the creation time). */
export function createdAtOfId(id: string): number {
  return parseInt(id.slice(0, 8) + id.slice(9, 13), 16);
}

/**
 * The final checks of an application the screening approved by `screenedBy`. `approvedIds`
 * are the customer's approved applications (UUIDv7: their creation time is in the id). A
 * sandbox approval stays approved.
 */
export function finalCheck(applicationId: string, screenedBy: ScreeningApproval, approvedIds: readonly string[]): Verdict {
  const screening: Verdict = { outcome: 'APPROVED', rule: screenedBy };
  if (screenedBy === 'SANDBOX_APPROVE') return screening;
  const created = createdAtOfId(applicationId);
  const recent = approvedIds.filter((id) => {
    const age = created - createdAtOfId(id);
    return id !== applicationId && age >= 0 && age < VELOCITY_WINDOW_MS;
  });
  if (recent.length >= VELOCITY_LIMIT) return { outcome: 'REJECTED', rule: 'VELOCITY_LIMIT' };
  return screening;
}

/** GOLD after this many approved applications (docs/applications.md, "Account levels"). */
export const GOLD_AFTER_APPROVALS = 3;
