import { v5 as uuidV5 } from 'uuid';
import type { Versioned } from '../../platform/versioned-store.js';
import type { PaymentLineDoc } from './payment-lines.model.js';

/**
 * One settlement: everything that became payable to or by a partner up to a cut-off, paid
 * as one bank transfer. Written once (insert with a deterministic `_id`) and never changed;
 * a correction that arrives later is a line of the next settlement.
 *
 * Amounts in minor units: `gross` is the payouts' gross (≥ 0), `refunds` the credit notes'
 * gross (≤ 0), `fees` the fees of all lines (a credit note's fee is negative: the fee given
 * back), `linesNet` = gross + refunds − fees = the sum of the lines' nets, `carriedIn` the
 * negative balance of the settlement before (≤ 0), `net` = linesNet + carriedIn. When `net`
 * is negative nothing is sent (`transfer` 0) and it is carried into the next settlement
 * (`carriedOut`); otherwise `transfer` = `net` and `carriedOut` 0.
 */
export interface SettlementDoc extends Versioned, SettlementTotals {
  partnerId: string;
  /** 1, 2, 3, … per partner: the chain of settlements */
  number: number;
  /** the transfer's variable symbol: the number, ten digits */
  reference: string;
  /** the settlement before (null for the first): unique per partner, so the chain never forks */
  previousId: string | null;
  cutoffAt: Date;
  /** the previous settlement's cut-off (null for the first) */
  periodStart: Date | null;
  valueDate: string;
  currency: string;
  /** the lines it took, exactly: what its totals are the sums of */
  lineIds: string[];
  lineCount: number;
  /** the account it is paid to, as the partner had set it (absent: none set yet) */
  bankAccount?: string;
  /** true: closed by the sandbox call, not the daily job */
  sandbox?: boolean;
  createdAt: Date;
}

const NAMESPACE = '6f2b1c4e-2a57-4f0e-9d53-7c1a0f5e8b21';

/** The settlement of a partner and a cut-off has one id, whoever computes it. */
export function settlementIdOf(partnerId: string, cutoff: Date): string {
  return uuidV5(`${partnerId}|${cutoff.toISOString()}`, NAMESPACE);
}

export function referenceOf(number: number): string {
  return String(number).padStart(10, '0');
}

export interface SettlementTotals {
  gross: number;
  refunds: number;
  fees: number;
  linesNet: number;
  carriedIn: number;
  net: number;
  transfer: number;
  carriedOut: number;
}

/** The totals of a settlement of `lines` after a settlement that carried `carriedIn` (≤ 0). */
export function totalsOf(lines: Pick<PaymentLineDoc, 'type' | 'gross' | 'fee' | 'net'>[], carriedIn: number): SettlementTotals {
  let gross = 0;
  let refunds = 0;
  let fees = 0;
  let linesNet = 0;
  for (const l of lines) {
    if (l.type === 'PAYOUT') gross += l.gross;
    else refunds += l.gross;
    fees += l.fee;
    linesNet += l.net;
  }
  const net = linesNet + carriedIn;
  return { gross, refunds, fees, linesNet, carriedIn, net, transfer: Math.max(net, 0), carriedOut: Math.min(net, 0) };
}

/** A settlement as the partner reads it (API, webhook, feed). */
export function settlementView(s: SettlementDoc) {
  const money = (amount: number) => ({ amount, currency: s.currency });
  return {
    id: s._id,
    number: s.number,
    reference: s.reference,
    cutoffAt: s.cutoffAt.toISOString(),
    ...(s.periodStart ? { periodStart: s.periodStart.toISOString() } : {}),
    valueDate: s.valueDate,
    gross: money(s.gross),
    refunds: money(s.refunds),
    fees: money(s.fees),
    linesNet: money(s.linesNet),
    carriedIn: money(s.carriedIn),
    net: money(s.net),
    transfer: money(s.transfer),
    carriedOut: money(s.carriedOut),
    lineCount: s.lineCount,
    ...(s.bankAccount ? { bankAccount: s.bankAccount } : {}),
    ...(s.sandbox ? { sandbox: true } : {}),
    createdAt: s.createdAt.toISOString(),
  };
}

export type SettlementView = ReturnType<typeof settlementView>;
