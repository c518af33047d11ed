import type { AccountLevel, ApplicationDoc } from '../application.model.js';

/**
 * The decision rules (docs/applications.md, "The decision"). Deterministic: the same
 * application and account level always give the same outcome; the first rule that
 * matches decides.
 *
 *   S1 SANDBOX_REJECT    (SANDBOX=true) the e-mail's local part ends in `+reject`
 *   S2 SANDBOX_APPROVE   (SANDBOX=true) the e-mail's local part ends in `+approve`
 *   R1 OVER_LIMIT        the order total exceeds the level's limit (BASIC 50 000.00, GOLD 150 000.00)
 *   R2 FIRST_PURCHASE_LIMIT  no earlier transaction in the shop (transactionsNumber 0) and
 *                        the total exceeds 20 000.00 for a BASIC customer
 *   R3 WITHIN_LIMITS     otherwise: approved
 *
 * Limits are in minor units of the application's currency (the accepted set is CZK by default).
 */
export const LEVEL_LIMITS: Record<AccountLevel, number> = { BASIC: 5_000_000, GOLD: 15_000_000 };
export const FIRST_PURCHASE_LIMIT = 2_000_000;

export interface Verdict {
  outcome: 'APPROVED' | 'REJECTED';
  rule: 'SANDBOX_REJECT' | 'SANDBOX_APPROVE' | 'OVER_LIMIT' | 'FIRST_PURCHASE_LIMIT' | 'WITHIN_LIMITS';
}

function localPart(email: string): string {
  return email.slice(0, email.lastIndexOf('@')).toLowerCase();
}

export function decideApplication(app: Pick<ApplicationDoc, 'customer' | 'order'>, level: AccountLevel, opts: { sandbox: boolean }): Verdict {
  if (opts.sandbox) {
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

/**
 * The customer's account key: the e-mail in lower case without a `+tag` in the local
 * part (one mailbox, one account: `jana+approve@x.cz` and `Jana@X.cz` are the same customer).
 */
export function accountIdOf(email: string): string {
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at).toLowerCase().replace(/\+.*$/, '');
  return `${local}@${email.slice(at + 1).toLowerCase()}`;
}

/** GOLD after this many approved applications (docs/applications.md, "Account levels"). */
export const GOLD_AFTER_APPROVALS = 3;
