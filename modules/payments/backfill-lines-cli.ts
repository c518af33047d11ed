/**
 * Writes the payment line of every ledger record that has none: the records made before
 * payment lines existed (a one-off after the upgrade; running it again writes nothing).
 * Prints `{ledgers, lines}` (ledgers read, lines written) as JSON.
 *
 *   npx tsx modules/payments/backfill-lines-cli.ts
 *
 * Finds the store like every project command: MONGO_URL (and MONGO_DB) when set, else the
 * local stack. The lines are open, so the next settlement of each partner takes them.
 */
import { connectMongo } from '../../platform/mongo.js';
import { resolveStack } from '../../scripts/local-stack.js';
import { lineOf } from './ledger.service.js';
import { MongoPaymentLinesRepository } from './payment-lines.repository.js';
import type { LedgerDoc } from './payments.model.js';

export async function backfillLines(db: import('mongodb').Db): Promise<{ ledgers: number; lines: number }> {
  const lines = new MongoPaymentLinesRepository(db);
  await lines.init();
  let ledgers = 0;
  let written = 0;
  for await (const ledger of db.collection<LedgerDoc>('payment_ledgers').find({}, { projection: { outbox: 0, processedEventIds: 0 } })) {
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

async function main(): Promise<number> {
  const url = process.env.MONGO_URL ?? (await resolveStack({ start: false })).MONGO_URL;
  const { client, db } = await connectMongo(url, process.env.MONGO_DB ?? 'partner_financing');
  try {
    process.stdout.write(`${JSON.stringify(await backfillLines(db))}\n`);
    return 0;
  } finally {
    await client.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().then((code) => process.exit(code), (err) => {
    process.stderr.write(`backfill-lines: ${err?.message ?? err}\n`);
    process.exit(1);
  });
}
