import type { Db, Filter } from 'mongodb';
import type { DeliveryDoc } from './delivery.model.js';
import { DELIVERIES_COLLECTION } from './delivery.repository.js';

/** What a cleared body reads as: valid JSON, so every reader of the record still works. */
export const CLEARED_PAYLOAD = '{}';

/**
 * The pass's index: bodies not yet cleared, by age (the pass never reads the cleared past).
 * Built only by the module's migration step (modules/webhooks/migrations.ts).
 */
export async function createDeliveryRetentionIndex(db: Db): Promise<void> {
  await db.collection<DeliveryDoc>(DELIVERIES_COLLECTION).createIndex({ bodyClearedAt: 1, createdAt: 1 }, { name: 'body_retention' });
}

/**
 * Clears the bodies of deliveries created before `before` (RETENTION_DELIVERY_BODIES_DAYS):
 * the record (ids, endpoint, times, attempts, state) stays, the text sent goes. A delivery
 * still retrying keeps its body until it ends. The update matches only bodies not yet
 * cleared, so instances running it at once clear each body once; the number cleared.
 */
export async function expireDeliveryBodies(db: Db, before: Date, now: Date): Promise<number> {
  const filter = {
    createdAt: { $lt: before },
    bodyClearedAt: null, // absent: the index's equality
    state: { $in: ['DELIVERED', 'DEAD_LETTERED'] },
  } as unknown as Filter<DeliveryDoc>;
  const r = await db.collection<DeliveryDoc>(DELIVERIES_COLLECTION).updateMany(filter, { $set: { payload: CLEARED_PAYLOAD, bodyClearedAt: now } });
  return r.modifiedCount;
}
