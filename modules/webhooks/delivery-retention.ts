import type { Db, Filter } from 'mongodb';
import type { DeliveryDoc } from './delivery.model.js';
import { DELIVERIES_COLLECTION } from './delivery.repository.js';

/** What a cleared body reads as: valid JSON, so every reader of the record still works. */
export const CLEARED_PAYLOAD = '{}';

/**
 * Clears the bodies of deliveries created before `before` (RETENTION_DELIVERY_BODIES_DAYS):
 * the record (ids, endpoint, times, attempts, state) stays, the text sent goes. A delivery
 * still retrying keeps its body until it ends. The update matches only bodies not yet
 * cleared, so instances running it at once clear each body once; the number cleared.
 */
export async function expireDeliveryBodies(db: Db, before: Date, now: Date): Promise<number> {
  const filter = {
    createdAt: { $lt: before },
    bodyClearedAt: { $exists: false },
    state: { $in: ['DELIVERED', 'DEAD_LETTERED'] },
  } as Filter<DeliveryDoc>;
  const r = await db.collection<DeliveryDoc>(DELIVERIES_COLLECTION).updateMany(filter, { $set: { payload: CLEARED_PAYLOAD, bodyClearedAt: now } });
  return r.modifiedCount;
}
