import type { LedgerRecordType, PaymentOperation } from './ledger.rules.js';
import type { PaymentBody } from './payments.model.js';

/**
 * One payment line of a partner (a payout or a credit note) in `payment_lines`, written once
 * per ledger record with the record's paymentId as `_id`, so a repeated write is a
 * duplicate key and never a second line. It is what the account-wide payments list pages
 * through and what a settlement claims: `settlementId` is null until a settlement takes
 * the line, and a line is never changed otherwise.
 */
export interface PaymentLineDoc {
  /** the paymentId (UUIDv7) */
  _id: string;
  partnerId: string;
  applicationId: string;
  type: LedgerRecordType;
  gross: number;
  fee: number;
  net: number;
  currency: string;
  /** local date (Europe/Prague) of the record: the list's `from` / `to` */
  date: string;
  /** when the ledger recorded it (the module clock): the cut-off compares with it */
  createdAt: Date;
  orderNumber?: string;
  variableSymbol?: string;
  operation?: PaymentOperation;
  /** where the partner's payment notifications go (the settlement's notification goes there too) */
  notifyUrl?: string;
  /** the Payment exactly as notified */
  body: PaymentBody;
  /** the written settlement that lists the line; null while it is open. Once set, never changed */
  settlementId: string | null;
  /**
   * the partner's settlement number a close has reserved the line for (absent: unclaimed).
   * A reservation only: whoever writes that settlement lists the claimed lines it read, and
   * every claim it did not list is given back once it is written
   */
  claimNumber?: number;
  /** the earlier layout's claim (a settlement id on an unsettled line): finished or given back by the next close */
  claimCutoff?: Date;
  /** true once `settlementId` is set (the cut-off job finds open lines by it) */
  settled: boolean;
}

export interface LineFilter {
  type?: LedgerRecordType;
  /** inclusive local dates */
  from?: string;
  to?: string;
  settlementId?: string;
}

export interface LinePageRequest {
  limit: number;
  after?: string;
  before?: string;
}
