import { payoutBase, type PayoutTrigger } from '../order-rules/index.js';

/**
 * The payout ledger of one application as pure functions. The ledger does not
 * add up events: after every order event it compares what the partner is owed in total
 * (`payoutBase` of the order's latest snapshot) with what it has been paid so far, and pays
 * the difference, or issues a credit note for it when goods came back after a payout. So
 * payouts minus credit notes equal the base after every step, whatever the order of the
 * steps, and a replayed or stale snapshot changes nothing.
 */

export interface PayoutTerms {
  trigger: PayoutTrigger;
  /** fee in basis points of the gross paid out */
  feeBps: number;
}

export type LedgerRecordType = 'PAYOUT' | 'CREDIT_NOTE';

/** The partner call that caused a record, and the items and quantities it touched. */
export interface PaymentOperation {
  operationId: string;
  type: 'SEND' | 'DELIVER' | 'RETURN' | 'CANCEL' | 'CHANGE';
  idempotencyKey?: string;
  /** the lines of the call: item code, quantity (decimal) and the amount that moved with it */
  items: Array<{ code: string; quantity: number; amount: number }>;
}

export interface LedgerRecord {
  /** UUIDv7: sorts in creation order (the payments list pages by it) */
  paymentId: string;
  type: LedgerRecordType;
  /** gross change (negative for a credit note) */
  gross: number;
  /** fee change: the fee of the new cumulative gross minus the fee of the old */
  fee: number;
  /** what moves between the service and the partner: gross − fee */
  net: number;
  currency: string;
  /** the order event that caused it */
  sourceEventId: string;
  /** the call behind that event (absent for records of events older than operation ids) */
  operation?: PaymentOperation;
  createdAt: Date;
}

export interface LedgerTotals {
  gross: number;
  fee: number;
  net: number;
}

/** The fee of a cumulative gross, rounded half away from zero (BigInt: exact). */
export function feeOf(gross: number, feeBps: number): number {
  const n = BigInt(gross) * BigInt(feeBps);
  const neg = n < 0n;
  const a = neg ? -n : n;
  const q = (a * 2n + 10_000n) / 20_000n;
  return Number(neg ? -q : q);
}

export function totals(records: Pick<LedgerRecord, 'gross' | 'fee' | 'net'>[]): LedgerTotals {
  return records.reduce((t, r) => ({ gross: t.gross + r.gross, fee: t.fee + r.fee, net: t.net + r.net }), { gross: 0, fee: 0, net: 0 });
}

/**
 * The record that brings the ledger to `base` (gross), or undefined when it is there.
 * Fees are allocated cumulatively, so the fees of all records sum to the fee of the total.
 */
export function reconcile(
  records: LedgerRecord[],
  base: number,
  terms: PayoutTerms,
  ctx: { currency: string; sourceEventId: string; operation?: PaymentOperation; now: Date; newId: () => string },
): LedgerRecord | undefined {
  const paid = totals(records).gross;
  const due = base - paid;
  if (due === 0) return undefined;
  const fee = feeOf(base, terms.feeBps) - feeOf(paid, terms.feeBps);
  return {
    paymentId: ctx.newId(),
    type: due > 0 ? 'PAYOUT' : 'CREDIT_NOTE',
    gross: due,
    fee,
    net: due - fee,
    currency: ctx.currency,
    sourceEventId: ctx.sourceEventId,
    ...(ctx.operation ? { operation: ctx.operation } : {}),
    createdAt: ctx.now,
  };
}

/** An order as the ledger reads it: the snapshot an order event carries. */
export type PayoutOrder = Parameters<typeof payoutBase>[0] & { currency: string };

/**
 * The record an order event's snapshot makes: the ledger brought to the order's payout base.
 * The ledger's consumer runs exactly this for every order event, and the portal's preview
 * runs it without writing (`recordsAhead`).
 */
export function recordFor(
  records: LedgerRecord[],
  order: PayoutOrder,
  terms: PayoutTerms,
  ctx: { sourceEventId: string; operation?: PaymentOperation; now: Date; newId: () => string; currency?: string },
): LedgerRecord | undefined {
  return reconcile(records, payoutBase(order, terms.trigger), terms, { ...ctx, currency: ctx.currency ?? order.currency });
}

/**
 * A dry run of the ledger: the records it will have made once it has applied each snapshot
 * in turn (the order as it is now, whose event may still be on its way to the ledger, then
 * the order after an operation), from the records it holds. Only the last snapshot's record
 * is the operation's own; the ones before it are what the ledger still owes to earlier
 * events. Nothing is written and the ids are placeholders.
 */
export function recordsAhead(records: LedgerRecord[], terms: PayoutTerms, snapshots: PayoutOrder[], now: Date): Array<LedgerRecord | undefined> {
  const held = [...records];
  return snapshots.map((order, i) => {
    const record = recordFor(held, order, terms, { sourceEventId: `dry-run-${i}`, now, newId: () => `dry-run-${i}` });
    if (record) held.push(record);
    return record;
  });
}
