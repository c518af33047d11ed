import type { Db } from 'mongodb';
import { lineOf } from './ledger.service.js';
import { MongoPaymentLinesRepository } from './payment-lines.repository.js';
import type { LedgerDoc } from './payments.model.js';

/**
 * Writes the payment line of every ledger record that has none: the records made before
 * payment lines existed (a one-off after the upgrade; running it again writes nothing).
 * The lines are open, so the next settlement of each partner takes them. Answers how many
 * ledgers were read and lines written. Run by `ops ledger backfill-lines`.
 */
export async function backfillLines(db: Db): Promise<{ ledgers: number; lines: number }> {
  const lines = new MongoPaymentLinesRepository(db);
  let ledgers = 0;
  let written = 0;
  for await (const ledger of db.collection<LedgerDoc>('payment_ledgers').find({}, { projection: { outbox: 0, processedEventIds: 0, journal: 0 } })) {
    ledgers++;
    for (const record of ledger.records) {
      const found = await lines.collection.findOne({ _id: record.paymentId }, { projection: { _id: 1 } });
      if (found) continue;
      await lines.record(lineOf(ledger.partnerId, ledger._id, record));
      written++;
    }
  }
  return { ledgers, lines: written };
}
