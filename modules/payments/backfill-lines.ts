import type { Db } from 'mongodb';
import { lineOf } from './ledger.service.js';
import { MongoPaymentLinesRepository } from './payment-lines.repository.js';
import type { PaymentLineDoc } from './payment-lines.model.js';
import type { LedgerDoc } from './payments.model.js';

export interface BackfillResult {
  /** false when a line without its ledger record is settled or claimed: a person must look */
  ok: boolean;
  ledgers: number;
  /** lines written for records that had none */
  lines: number;
  /** open lines withdrawn because no ledger record explains them */
  withdrawn: number;
  /** lines without a ledger record that a settlement holds or a close has claimed: never changed here */
  settledWithoutRecord: string[];
}

/**
 * Makes the payment lines follow the ledgers; running it again changes nothing. The
 * migration step that introduced lines only writes (`withdraw` off); `ops ledger
 * backfill-lines`, the step after a restore, does both.
 *
 * - A ledger record without its line gets it, open, so the next settlement takes it.
 * - A line whose ledger holds no record of it can come back from a dump taken collection by
 *   collection while the service wrote (`mongodump` without `--oplog`): the line was dumped,
 *   the ledger record and the application's change that made it were not. The restored store
 *   does not owe it, and the partner repeats the call made after the backup, which pays
 *   again under a new id: an open one is withdrawn (otherwise paid twice). One that a
 *   settlement holds or a close has claimed is money already moving: it is reported and
 *   left for a person (the answer is not ok).
 */
export async function backfillLines(db: Db, { withdraw = false } = {}): Promise<BackfillResult> {
  const lines = new MongoPaymentLinesRepository(db);
  const ledgers = db.collection<LedgerDoc>('payment_ledgers');
  // every line read once, before the ledgers: a line written after this read has its record
  // already (the service writes the record first), and writing it again is a no-op by paymentId
  const existing = new Map<string, Pick<PaymentLineDoc, 'applicationId' | 'settled' | 'settlementId' | 'claimNumber'>>();
  for await (const l of lines.collection.find({}, { projection: { _id: 1, applicationId: 1, settled: 1, settlementId: 1, claimNumber: 1 } }))
    existing.set(l._id, l);
  let read = 0;
  let written = 0;
  for await (const ledger of ledgers.find({}, { projection: { outbox: 0, processedEventIds: 0, journal: 0 } })) {
    read++;
    for (const record of ledger.records) {
      if (existing.delete(record.paymentId)) continue;
      await lines.record(lineOf(ledger.partnerId, ledger._id, record));
      written++;
    }
  }
  // what is left in `existing` is a line no ledger record read above explains
  let withdrawn = 0;
  const settledWithoutRecord: string[] = [];
  if (!withdraw) return { ok: true, ledgers: read, lines: written, withdrawn, settledWithoutRecord };
  for (const [id, line] of existing) {
    // read its ledger again: a record written after the scan above came before its line
    if (await ledgers.findOne({ _id: line.applicationId, 'records.paymentId': id }, { projection: { _id: 1 } })) continue;
    if (line.settled || line.settlementId || line.claimNumber !== undefined) {
      settledWithoutRecord.push(id);
      continue;
    }
    const gone = await lines.collection.deleteOne({ _id: id, settled: false, settlementId: null, claimNumber: { $exists: false } });
    withdrawn += gone.deletedCount;
  }
  return { ok: settledWithoutRecord.length === 0, ledgers: read, lines: written, withdrawn, settledWithoutRecord };
}
