import type { Collection, Db } from 'mongodb';
import type { LedgerDoc, PaymentBody } from './payments.model.js';

/** Ledgers read for one query at most; past it the answer says it is incomplete. */
const MAX_LEDGERS = 20_000;

/**
 * A partner's payouts and credit notes across all its applications, by payment date: the
 * one query the partner portal's money page reads, kept here so that it can move to the
 * account-wide payments when they exist. It reads the ledgers (one per application)
 * through a multikey index on the partner and the payments' dates, and returns the
 * payments exactly as the payments API lists them (the same bodies), by paymentId.
 */
export class PartnerPaymentsQuery {
  private readonly collection: Collection<LedgerDoc>;

  constructor(db: Db) {
    this.collection = db.collection<LedgerDoc>('payment_ledgers');
  }

  async init(): Promise<void> {
    await this.collection.createIndex({ partnerId: 1, 'records.body.date': 1 } as never, { name: 'partner_payment_date' });
  }

  /** Payments dated from `fromDay` to `toDay` inclusive (YYYY-MM-DD). */
  async between(partnerId: string, fromDay: string, toDay: string): Promise<{ payments: PaymentBody[]; complete: boolean }> {
    const ledgers = await this.collection
      .find({ partnerId, 'records.body.date': { $gte: fromDay, $lte: toDay } } as never, { projection: { records: 1 } })
      .limit(MAX_LEDGERS + 1)
      .toArray();
    const payments = ledgers.slice(0, MAX_LEDGERS)
      .flatMap((l) => l.records.map((r) => r.body))
      .filter((b) => b.date >= fromDay && b.date <= toDay)
      .sort((a, b) => (a.paymentId < b.paymentId ? -1 : a.paymentId > b.paymentId ? 1 : 0));
    return { payments, complete: ledgers.length <= MAX_LEDGERS };
  }
}
