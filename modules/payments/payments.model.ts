import type { Versioned } from '../../platform/versioned-store.js';
import type { LedgerRecord, PaymentOperation, PayoutTerms } from './ledger.rules.js';

/**
 * The spec's Payment as the partner receives it (notification body and payments list),
 * with three fields the spec's table does not have, so that a partner's accounting can
 * book it: `type` (PAYOUT, or CREDIT_NOTE when the partner owes money back), the
 * `grossValue` and `fee` that `value` is the difference of (docs/orders-and-payments.md),
 * and the operation that caused it with its items (current API version only).
 */
export interface PaymentBody {
  [key: string]: unknown;
  paymentId: string;
  type: LedgerRecord['type'];
  date: string;
  applicationId: string;
  value: { amount: number; currency: string };
  grossValue: { amount: number; currency: string };
  fee: { amount: number; currency: string };
  variableSymbol?: string;
  /** the call that caused it (the send, deliver, return, cancel or change answered this id) */
  operationId?: string;
  operation?: Omit<PaymentOperation, 'operationId'>;
  invoice: {
    fullName: string;
    address: { streetAddress: string; streetNumber: string; city: string; zip: string; country: string; addressType: 'PERMANENT' };
    dueDate: string;
    accountNumber: { accountNumber: string; bankCode: string };
  };
}

export interface LedgerEntryDoc extends LedgerRecord {
  /** the Payment exactly as notified (billing data as configured at the time) */
  body: PaymentBody;
  /** the order's number when the record was made (the settlement report's column) */
  orderNumber?: string;
  /** where its notification went */
  notifyUrl?: string;
}

/** One ledger per application (`_id` = application id), changed only by version-guarded writes. */
export interface LedgerDoc extends Versioned {
  partnerId: string;
  /** the partner's payout trigger and fee when the first fulfilment event arrived */
  terms: PayoutTerms;
  currency: string;
  /** aggregateVersion of the newest order snapshot reconciled: older or repeated events do nothing */
  lastAggregateVersion: number;
  /** ids of the events applied (bounded): an audit trail and a second idempotency check */
  processedEventIds: string[];
  records: LedgerEntryDoc[];
  createdAt: Date;
  updatedAt: Date;
}
