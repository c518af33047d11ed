import type { Db } from 'mongodb';
import { lineOf } from './ledger.service.js';
import { MongoPaymentLinesRepository } from './payment-lines.repository.js';
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
  const recorded = new Set<string>();
  let read = 0;
  let written = 0;
  for await (const ledger of ledgers.find({}, { projection: { outbox: 0, processedEventIds: 0, journal: 0 } })) {
    read++;
    for (const record of ledger.records) {
      recorded.add(record.paymentId);
      const found = await lines.collection.findOne({ _id: record.paymentId }, { projection: { _id: 1 } });
      if (found) continue;
      await lines.record(lineOf(ledger.partnerId, ledger._id, record));
      written++;
    }
  }
  let withdrawn = 0;
  const settledWithoutRecord: string[] = [];
  if (!withdraw) return { ok: true, ledgers: read, lines: written, withdrawn, settledWithoutRecord };
  const candidates = lines.collection.find({}, { projection: { _id: 1, applicationId: 1, settled: 1, settlementId: 1, claimNumber: 1 } });
  for await (const line of candidates) {
    if (recorded.has(line._id)) continue;
    // read its ledger again: the service writes a record before its line, so a line made
    // after the scan above has its record by now
    if (await ledgers.findOne({ _id: line.applicationId, 'records.paymentId': line._id }, { projection: { _id: 1 } })) continue;
    if (line.settled || line.settlementId || line.claimNumber !== undefined) {
      settledWithoutRecord.push(line._id);
      continue;
    }
    const gone = await lines.collection.deleteOne({ _id: line._id, settled: false, settlementId: null, claimNumber: { $exists: false } });
    withdrawn += gone.deletedCount;
  }
  return { ok: settledWithoutRecord.length === 0, ledgers: read, lines: written, withdrawn, settledWithoutRecord };
}
