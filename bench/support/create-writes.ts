import type { Db } from 'mongodb';
import { newId } from '../../platform/ids.js';
import { outboxForInsert } from '../../platform/outbox.js';
import { createdEntries } from '../../modules/applications/create/create-application.js';
import { duplicateKey, duplicateScopeOf } from '../../modules/applications/create/new-application.js';
import type { ApplicationDoc } from '../../modules/applications/application.model.js';
import { uniqueValues } from './unique-bodies.js';

export interface IndexSpec {
  key: Record<string, 1 | -1>;
  name: string;
  unique?: boolean;
}

/** The indexes of the service's collections that a create writes to (its own database's). */
export async function createIndexes(serviceDb: Db): Promise<Record<string, IndexSpec[]>> {
  const of = async (name: string) =>
    (await serviceDb.collection(name).listIndexes().toArray())
      .filter((i) => i.name !== '_id_')
      .map((i) => ({ key: i.key, name: i.name, ...(i.unique ? { unique: true } : {}) }));
  return { applications: await of('applications') };
}

/**
 * The store writes of one create, straight through the driver: the application holding its
 * duplicate-rule key, with its outbox entries (the service's own: the created event and the
 * notification), and the outbox removal once published (the publisher's version-guarded
 * `$unset`), into collections with the service's indexes (every index and every byte is
 * part of a write's cost). Shared by the store-alone ceiling and the bare-Koa-plus-store
 * floor of bench/applications.ts.
 *
 * Every write carries its own order number (the request's, or one from `uniqueValues`, as
 * the benchmark's bodies do), and its `dedupKey` is the service's own duplicate key of it:
 * a hash, so keys land all over the unique index as the service's do. A time-ordered key
 * only ever appends to the index's last page (measured when the key was a claim document's
 * `_id`: 85-349 µs, median 149, less store CPU per create in 5 interleaved pairs, the gap
 * growing with the collection): a ceiling that fast is not the same writes.
 */
export async function createWrites(
  db: Db,
  indexes: Record<string, IndexSpec[]>,
): Promise<(template: Record<string, any>, orderNumber?: string) => Promise<string>> {
  const apps = db.collection<any>('applications');
  for (const [name, specs] of Object.entries(indexes)) {
    for (const { key, ...options } of specs) await db.collection(name).createIndex(key, options);
  }
  const orderNumbers = uniqueValues();
  return async (template, orderNumber) => {
    const id = newId();
    const now = new Date();
    const order = { ...template.order, number: orderNumber ?? orderNumbers() };
    const doc = {
      ...template,
      _id: id,
      order,
      dedupKey: duplicateKey(template.partnerId, template.type, order, duplicateScopeOf(template as ApplicationDoc)),
    } as any;
    const entries = createdEntries(doc, now);
    await apps.insertOne({ ...doc, version: 1, ...outboxForInsert(entries, now) });
    const unset = Object.fromEntries(entries.map((e) => [`outbox.${e.id}`, '']));
    await apps.updateOne({ _id: id, version: 1 }, { $unset: { ...unset, outboxAt: '' } });
    return id;
  };
}
