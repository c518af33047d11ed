import type { AnyBulkWriteOperation, Db, Filter } from 'mongodb';
import type { ApplicationDoc } from '../application.model.js';
import { searchTermsOf } from '../search-terms.js';

const BATCH = 500;

/**
 * Gives every application written before the search terms existed its terms; the number
 * written. Resumable and idempotent: it reads only documents without terms (a run that
 * died half-way leaves the rest without them), and each write is guarded by the version it
 * read, so a change that landed meanwhile (which writes the terms itself, compile-change.ts)
 * is never overwritten with terms of the older customer or order. No version bump: the
 * terms are derived from fields already there, not a change of the application.
 */
export async function fillSearchTerms(db: Db, batch = BATCH): Promise<number> {
  const applications = db.collection<ApplicationDoc>('applications');
  const missing = { search: { $exists: false } } as Filter<ApplicationDoc>;
  const projection = { _id: 1, version: 1, 'customer.firstName': 1, 'customer.lastName': 1, 'customer.fullName': 1, 'order.number': 1, privacy: 1 };
  let written = 0;
  let ops: AnyBulkWriteOperation<ApplicationDoc>[] = [];
  const flush = async () => {
    if (!ops.length) return;
    written += (await applications.bulkWrite(ops, { ordered: false })).modifiedCount;
    ops = [];
  };
  for await (const doc of applications.find(missing, { projection, batchSize: batch })) {
    const d = doc as ApplicationDoc & { privacy?: { anonymisedAt?: Date } };
    ops.push({
      updateOne: {
        filter: { _id: d._id, version: d.version, ...missing } as Filter<ApplicationDoc>,
        update: { $set: { search: searchTermsOf(d) } },
      },
    });
    if (ops.length >= batch) await flush();
  }
  await flush();
  return written;
}
