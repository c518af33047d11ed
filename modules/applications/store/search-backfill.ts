import type { AnyBulkWriteOperation, Db, Filter } from 'mongodb';
import type { ApplicationDoc } from '../application.model.js';
import { searchTermsOf } from '../search-terms.js';

const BATCH = 500;

/**
 * Gives every application written before the search terms existed its terms; the number
 * written. It walks the collection by `_id` in batches (each a range read of the `_id`
 * index, so no cursor stays open while it writes and no batch reads the collection again),
 * and takes only documents without terms: a run that died half-way is resumed by the next,
 * and a second run writes nothing. Each write is guarded by the version it read, so a
 * change that landed meanwhile (which writes the terms itself, compile-change.ts) is never
 * overwritten with terms of the older customer or order. No version bump: the terms are
 * derived from fields already there, not a change of the application.
 */
export async function fillSearchTerms(db: Db, batch = BATCH): Promise<number> {
  const applications = db.collection<ApplicationDoc>('applications');
  const missing = { search: { $exists: false } } as Filter<ApplicationDoc>;
  const projection = { _id: 1, version: 1, 'customer.firstName': 1, 'customer.lastName': 1, 'customer.fullName': 1, 'order.number': 1, privacy: 1 };
  let written = 0;
  let after = '';
  for (;;) {
    const docs = await applications
      .find({ _id: { $gt: after }, ...missing } as Filter<ApplicationDoc>, { projection, sort: { _id: 1 }, limit: batch })
      .toArray();
    if (!docs.length) return written;
    after = docs[docs.length - 1]!._id;
    const ops: AnyBulkWriteOperation<ApplicationDoc>[] = docs.map((d) => ({
      updateOne: {
        filter: { _id: d._id, version: d.version, ...missing } as Filter<ApplicationDoc>,
        update: { $set: { search: searchTermsOf(d as ApplicationDoc & { privacy?: { anonymisedAt?: Date } }) } },
      },
    }));
    written += (await applications.bulkWrite(ops, { ordered: false })).modifiedCount;
  }
}
