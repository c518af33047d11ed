import type { Versioned } from '../../platform/versioned-store.js';
import type { AccountLevel, Address, FinancingType, Instalment, Money, OrderDoc } from '../order-rules/index.js';

/**
 * The Application aggregate: one document holds the application, its customer, its order
 * with items and fulfilment history, and its recurrence, so that every state change is one
 * atomic, version-guarded write with its outbox entries (docs/architecture.md). The order's
 * own shape and rules are in modules/order-rules.
 */

export const APPLICATION_STATES = ['PROCESSING', 'READY', 'REJECTED', 'CANCELLED'] as const;
export type ApplicationState = (typeof APPLICATION_STATES)[number];

/** Why an application is in its state: what it waits for, or how it ended. */
export const STATE_REASONS = [
  'PROCESSING_REDIRECT_NEEDED',
  'PROCESSING_PREAPPROVED',
  'PROCESSING_VALIDATION_IN_PROGRESS',
  'REJECTED',
  'CANCELLED_NOT_PAID',
  'READY_TO_SHIP',
  'READY_SHIPPED',
  'READY_DELIVERED',
  'READY_PAID',
  'CANCELLED_RETURNED',
] as const;
export type StateReason = (typeof STATE_REASONS)[number];

/** Why a partner cancels an application (and EXPIRED, set by the expiry sweeper). */
export const CANCEL_REASONS = [
  'APPLICATION_CANCELLED_CARRIER_CHANGED',
  'APPLICATION_CANCELLED_CART_CONTENT_CHANGED',
  'APPLICATION_CANCELLED_BY_CUSTOMER',
  'APPLICATION_CANCELLED_BY_ERP',
  'APPLICATION_CANCELLED_EXPIRED',
  'APPLICATION_CANCELLED_UNFINISHED',
  'APPLICATION_CANCELLED_BY_ESHOP_RULES',
  'APPLICATION_CANCELLED_OTHER',
] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];

export const RECURRENCE_STATES = ['APPROVING', 'READY', 'CANCELLED', 'EXPIRED'] as const;
export type RecurrenceState = (typeof RECURRENCE_STATES)[number];
/** The decision rules by which the screening approves (and so preapproves). */
export type ScreeningApproval = 'SANDBOX_APPROVE' | 'WITHIN_LIMITS';

/** The four behaviour numbers, transaction history and tags the decision may use. */
export interface FraudPreventionData {
  transactionsNumber?: number;
  cashlessTransactionsNumber?: number;
  transactionsSum?: Money;
  cashlessTransactionsSum?: Money;
  pageTotalTime?: number | null;
  pageReviewsTime?: number | null;
  cartItemsRemoved?: number | null;
  itemsViewed?: number | null;
  latestTransactionDate?: string;
  earliestTransactionDate?: string;
  tags?: string[];
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

export interface CustomerDoc {
  titleBefore?: string;
  titleAfter?: string;
  fullName?: string;
  firstName?: string;
  lastName?: string;
  email: string;
  phone: string;
  tin?: string;
  vatin?: string;
  addresses: Address[];
  fraudPreventionData?: FraudPreventionData;
}

export interface MerchantUrls {
  approvedRedirect: string;
  rejectedRedirect: string;
  notificationEndpoint: string;
  /** payment notifications go here when given (else to notificationEndpoint) */
  paymentsEndpoint?: string | null;
}

export interface HistoryEntry {
  at: Date;
  state: ApplicationState;
  stateReason: StateReason;
  /** the event type that made the change */
  event: string;
}

export interface DecisionRecord {
  outcome: 'APPROVED' | 'REJECTED';
  /** the rule that decided (docs/applications.md) */
  rule: string;
  accountLevel: AccountLevel;
  decidedAt: Date;
}

/** The recurrence lives in the application that created it: one document, one atomic write. */
export interface RecurrenceDoc {
  id: string;
  state: RecurrenceState;
  financingType: FinancingType;
  createdAt: Date;
  authorizedAt?: Date;
  validUntil?: Date;
  cancelledAt?: Date;
}

export type SandboxOutcome = 'APPROVE' | 'REJECT';

export interface ApplicationDoc extends Versioned {
  partnerId: string;
  type: FinancingType;
  state: ApplicationState;
  stateReason: StateReason;
  agreementTermsAndConditions: boolean;
  customer: CustomerDoc;
  order: OrderDoc;
  merchantUrls: MerchantUrls;
  /** partner's customData as JSON text, or null (keys may hold `.` or `$`) */
  customDataJson: string | null;
  /** the recurrence this application created (isRecurring) */
  recurrence?: RecurrenceDoc;
  /** the recurrence this application was created from */
  fromRecurrenceId?: string;
  /** hash of the duplicate rule's key, unique among applications while it stands (create/duplicate-guard.ts) */
  dedupKey?: string;
  cancelReason?: { reason: CancelReason; customReason?: string };
  /** the first stage of the decision, when it passed (PROCESSING_PREAPPROVED) */
  screening?: { rule: ScreeningApproval; accountLevel: AccountLevel; screenedAt: Date };
  decision?: DecisionRecord;
  repaymentPlan?: Instalment[];
  /** payouts to the partner already reflected as READY_PAID (their paymentIds): each counts once */
  payoutsApplied?: string[];
  gateway: {
    /** the link stops working after this; the token is an HMAC over id and this time */
    expiresAt: Date;
    confirmedAt?: Date;
    /**
     * the variable symbol the customer pays with (payment_references), copied in by the
     * customer's confirm, so that every answer of the application can carry it
     */
    variableSymbol?: string;
    /** the outcome a partner asked for through the sandbox decision helper (SANDBOX=true only) */
    sandboxOutcome?: SandboxOutcome;
  };
  /** while PROCESSING: when the application expires (APPLICATION_TTL after creation); null afterwards */
  expiresAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  history: HistoryEntry[];
  /**
   * the portal's search terms: the customer's name words and the order number's runs,
   * normalised (search-terms.ts); written with every change of the customer or the order,
   * absent on documents written before the field existed until the migration fills them
   */
  search?: string[];
}

/** The state pair the state machine works on. */
export interface Status {
  state: ApplicationState;
  stateReason: StateReason;
}
