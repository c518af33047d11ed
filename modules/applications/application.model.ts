import type { Versioned } from '../../platform/versioned-store.js';

/**
 * The Application aggregate: one document holds the application, its customer, its order
 * with items and fulfilment history, and its recurrence, so that every state change is one
 * atomic, version-guarded write with its outbox entries (docs/architecture.md).
 *
 * Money is integers in minor units everywhere. Quantities are kept as given and as
 * integer thousandths (`quantityMilli`), so that partial fulfilment adds up exactly.
 */

export const FINANCING_TYPES = ['DEFERRED_PAYMENT', 'PAY_IN_THREE'] as const;
export type FinancingType = (typeof FINANCING_TYPES)[number];

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

/** The enumerations the spec leaves open, fixed by the service. */
export const DOCUMENT_TYPES = ['INVOICE', 'PROFORMA_INVOICE', 'CREDIT_NOTE', 'OTHER'] as const;
export const ADDRESS_TYPES = ['PERMANENT', 'CONTACT', 'DELIVERY', 'BILLING'] as const;
export const ORDER_ADDRESS_TYPES = ['BILLING', 'DELIVERY'] as const;
export const ITEM_TYPES = ['PHYSICAL', 'DISCOUNT', 'SHIPPING_FEE', 'SALES_TAX', 'DIGITAL', 'GIFT_CARD', 'STORE_CREDIT', 'FEE', 'INSURANCE'] as const;
/** Item types whose price reduces the order total (their amounts may be negative). */
export const DEDUCTION_ITEM_TYPES: readonly ItemType[] = ['DISCOUNT', 'GIFT_CARD', 'STORE_CREDIT'];
export const FULFILMENT_STATES = ['PROCESSING', 'SENT', 'DELIVERED', 'RETURNED', 'CANCELLED'] as const;
export const DELIVERY_TYPES = ['DELIVERY_CARRIER', 'PERSONAL_BRANCH', 'PERSONAL_PARTNER', 'ONLINE'] as const;
export const CARRIER_IDS = [
  'CZ_POST_HAND', 'CZ_POST_OFFICE', 'CZ_POST_OTHER', 'PPL', 'DPD', 'GEIS', 'IN_TIME', 'TOP_TRANS',
  'GEBRUDER_WEISS', 'LOCAL_COURIER', 'TNT', 'GLS', 'HDS_COMFORT', 'HDS_STANDARD',
] as const;
export const RECURRENCE_STATES = ['APPROVING', 'READY', 'CANCELLED', 'EXPIRED'] as const;

export type DocumentType = (typeof DOCUMENT_TYPES)[number];
export type AddressType = (typeof ADDRESS_TYPES)[number];
export type ItemType = (typeof ITEM_TYPES)[number];
export type FulfilmentState = (typeof FULFILMENT_STATES)[number];
export type DeliveryType = (typeof DELIVERY_TYPES)[number];
export type RecurrenceState = (typeof RECURRENCE_STATES)[number];
export type AccountLevel = 'BASIC' | 'GOLD';
/** The decision rules by which the screening approves (and so preapproves). */
export type ScreeningApproval = 'SANDBOX_APPROVE' | 'WITHIN_LIMITS';

export type { Money } from '../../platform/money.js';
import type { Money } from '../../platform/money.js';

export interface VatAmount extends Money {
  vatRate: number;
}

export interface Address {
  name?: string;
  city?: string;
  country?: string;
  streetAddress?: string;
  streetNumber?: string;
  zip?: string;
  addressType: AddressType;
}

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

export interface CustomerDoc {
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

/** A known carrier code or a custom text (one of the two). */
export type DeliveryCarrier = { carrierId: (typeof CARRIER_IDS)[number] } | { carrierCustom: string };

/** Metadata of an attached document; the bytes live in the document-contents collection under `sha256`. */
export interface DocumentMeta {
  type: DocumentType;
  filename?: string;
  mimeType: string;
  size: number;
  sha256: string;
  /** where the file was fetched from, when it was given as an https URL */
  sourceUrl?: string;
  description?: string;
  /** partner's free object as JSON text (keys may hold `.` or `$`) */
  extraDataJson?: string;
  addedAt: Date;
}

export type ItemImage = string | { url: string; title?: string };

export interface OrderItemDoc {
  code: string;
  ean?: string;
  name: string;
  type?: ItemType;
  variant?: string;
  producer?: string;
  categories?: string[];
  /** as the partner gave it (decimal, up to 3 places) */
  quantity: number;
  /** the same quantity in integer thousandths: the unit of every fulfilment counter */
  quantityMilli: number;
  unitPrice: Money;
  totalPrice: Money;
  unitVat: VatAmount;
  totalVat: VatAmount;
  image?: ItemImage;
  productUrl?: string;
  state: FulfilmentState;
  /** fulfilment counters in thousandths of a piece */
  sentMilli: number;
  deliveredMilli: number;
  returnedMilli: number;
  cancelledMilli: number;
  sentDate?: string;
  deliveryTrackingNumber?: string;
}

/** An amount-only refund (return with `items: []`), or a price correction. */
export interface OrderAdjustment {
  id: string;
  kind: 'REFUND' | 'CANCEL' | 'RETURN';
  amount: Money;
  vat?: VatAmount[];
  variableSymbol?: string;
  at: Date;
}

export interface FulfilmentEntry {
  id: string;
  operation: 'SEND' | 'DELIVER' | 'RETURN' | 'CANCEL' | 'CHANGE';
  at: Date;
  /** per item index: thousandths affected by the operation */
  items: Array<{ index: number; quantityMilli: number }>;
  amount?: Money;
  sentDate?: string;
  deliveryTrackingNumber?: string;
  deliveryCarrier?: DeliveryCarrier;
  variableSymbol?: string;
  reason?: string;
}

export interface OrderDoc {
  number: string;
  /** as given (ISO 8601 with offset) */
  reservationDate?: string;
  state: FulfilmentState;
  totalPrice: Money;
  /** the total at creation (or last order change), before refunds */
  originalTotalPrice: Money;
  totalVat: VatAmount[];
  items: OrderItemDoc[];
  /** true: the partner sent only totals and the items were derived from them (one per VAT rate) */
  itemsDerived?: boolean;
  addresses: Address[];
  variableSymbols: string[];
  deliveryType?: DeliveryType;
  deliveryCarrier?: DeliveryCarrier;
  channel?: string;
  documents: DocumentMeta[];
  adjustments: OrderAdjustment[];
  fulfilment: FulfilmentEntry[];
}

export interface MerchantUrls {
  approvedRedirect: string;
  rejectedRedirect: string;
  notificationEndpoint: string;
}

export interface HistoryEntry {
  at: Date;
  state: ApplicationState;
  stateReason: StateReason;
  /** the event type that made the change */
  event: string;
}

/** One instalment of the repayment plan (the customer's side). */
export interface Instalment {
  dueDate: string; // YYYY-MM-DD
  amount: Money;
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
  /** hash of the duplicate rule's key, unique among applications while it stands (application.dedup.ts) */
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
    /** the outcome a partner asked for through the sandbox decision helper (SANDBOX=true only) */
    sandboxOutcome?: SandboxOutcome;
  };
  /** while PROCESSING: when the application expires (APPLICATION_TTL after creation); null afterwards */
  expiresAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  history: HistoryEntry[];
}

/** The state pair the state machine works on. */
export interface Status {
  state: ApplicationState;
  stateReason: StateReason;
}

/** Whether any goods of the order have left the shop (a cancel is judged by it). */
export function anySentOrDelivered(order: OrderDoc): boolean {
  return order.items.some((i) => i.sentMilli > 0 || i.deliveredMilli > 0);
}
