import { MongoBulkWriteError, type Collection, type Db, type Filter } from 'mongodb';
import { asStoreError, DUPLICATE_KEY } from '../../platform/mongo.js';
import type { DeliveryDoc, DeliveryState } from './delivery.model.js';
import { MicroBatcher } from '../../platform/micro-batch.js';

export const DELIVERIES_COLLECTION = 'webhook_deliveries';

export interface PageQuery {
  limit: number;
  /** older than this delivery (forward in the newest-first order) */
  after?: string;
  /** newer than this delivery (backward) */
  before?: string;
  states?: DeliveryState[];
}

/**
 * The delivery records as the relay's deliverer asks for them. MongoDeliveryRepository is the
 * store's; InMemoryDeliveryRepository (delivery.repository.fake.ts) the unit tests'.
 */
export interface DeliveryRepository {
  /** The record (the store's implementation batches these per turn). */
  get(id: string): Promise<DeliveryDoc | null>;
  /** The record, read at once (after a lost race). */
  getNow(id: string): Promise<DeliveryDoc | null>;
  /** Inserts a first record; false when a record with that id exists already. */
  insert(doc: DeliveryDoc): Promise<boolean>;
  /** Applies `set` when the record is still at `version`; false when another write came first. */
  update(id: string, version: number, set: Record<string, unknown>): Promise<boolean>;
}

/**
 * The relay's one collection. The relay reads and writes it on the hot path by `_id` (one
 * `$in` look-up per batch) and `{_id, version}` (a version-guarded update, answered from a
 * unique index on mongo-java-server too); the API process only reads it for partners.
 */
export class MongoDeliveryRepository implements DeliveryRepository {
  readonly collection: Collection<DeliveryDoc>;
  private readonly loads: MicroBatcher<string, DeliveryDoc | null>;
  private readonly inserts: MicroBatcher<DeliveryDoc, boolean>;

  constructor(db: Db) {
    this.collection = db.collection<DeliveryDoc>(DELIVERIES_COLLECTION);
    this.loads = new MicroBatcher(async (ids) => {
      const docs = await this.collection.find({ _id: { $in: [...new Set(ids)] } }).toArray();
      const byId = new Map(docs.map((d) => [d._id, d]));
      return ids.map((id) => byId.get(id) ?? null);
    });
    // recording waits up to 10 ms for company: it is off the delivery's path (after the POST)
    this.inserts = new MicroBatcher((docs) => this.insertMany(docs), { lingerMs: 10, maxBatch: 200 });
  }

  /** Built by the webhooks module's migration (the relay writes here, the API reads). */
  static async createIndexes(db: Db): Promise<void> {
    const collection = db.collection(DELIVERIES_COLLECTION);
    await collection.createIndex({ _id: 1, version: 1 } as any, { unique: true, name: 'occ_id_version' });
    // the partner's list (and its state filter) on MongoDB; one index only: every index
    // costs each insert, and the state filter and redeliver-all are rare
    await collection.createIndex({ partnerId: 1, _id: -1 } as any, { name: 'partner_newest_first' });
  }

  /** The record, through the per-turn batch. */
  get(id: string): Promise<DeliveryDoc | null> {
    return this.loads.add(id).catch(asStoreError);
  }

  getNow(id: string): Promise<DeliveryDoc | null> {
    return this.collection.findOne({ _id: id }).catch(asStoreError);
  }

  /** Inserts a first record; false when a record with that id exists already. */
  insert(doc: DeliveryDoc): Promise<boolean> {
    return this.inserts.add(doc).catch(asStoreError);
  }

  /** Applies `set` when the record is still at `version`; false when another write came first. */
  async update(id: string, version: number, set: Record<string, unknown>): Promise<boolean> {
    const res = await this.collection.updateOne({ _id: id, version }, { $set: set, $inc: { version: 1 } }).catch(asStoreError);
    return res.matchedCount === 1;
  }

  /** One page of a partner's deliveries, newest first; `more` tells whether the next page has any. */
  async page(partnerId: string, q: PageQuery): Promise<{ items: DeliveryDoc[]; more: boolean }> {
    const filter: Filter<DeliveryDoc> = { partnerId };
    if (q.states?.length) filter.state = { $in: q.states };
    if (q.before) filter._id = { $gt: q.before };
    else if (q.after) filter._id = { $lt: q.after };
    const items = await this.collection
      .find(filter)
      .sort({ _id: q.before ? 1 : -1 })
      .limit(q.limit + 1)
      .toArray();
    const more = items.length > q.limit;
    const page = items.slice(0, q.limit);
    return { items: q.before ? page.reverse() : page, more };
  }

  /** The records with these ids that exist (one `$in` look-up by `_id`). */
  findMany(ids: string[]): Promise<DeliveryDoc[]> {
    return ids.length ? this.collection.find({ _id: { $in: [...new Set(ids)] } }).toArray() : Promise.resolve([]);
  }

  /** The partner's delivery, or null when it does not exist or belongs to another partner. */
  async findForPartner(partnerId: string, id: string): Promise<DeliveryDoc | null> {
    const doc = await this.getNow(id);
    return doc && doc.partnerId === partnerId ? doc : null;
  }

  /**
   * A partner's deliveries of notifications created since `sinceId` (delivery ids are
   * UUIDv7 of the notification's time), newest first, at most `limit`: the partner's index
   * from its start.
   */
  since(partnerId: string, sinceId: string, limit: number, states?: DeliveryState[]): Promise<DeliveryDoc[]> {
    return this.collection
      .find({ partnerId, _id: { $gte: sinceId }, ...(states ? { state: { $in: states } } : {}) })
      .sort({ _id: -1 })
      .limit(limit)
      .toArray();
  }

  /**
   * The same newest deliveries with only what endpoint health reads (the endpoint, the state
   * and the attempts): without the payloads, a window of thousands is a small read.
   */
  attemptsSince(partnerId: string, sinceId: string, limit: number): Promise<Array<Pick<DeliveryDoc, '_id' | 'url' | 'state' | 'attempts'>>> {
    return this.collection
      .find({ partnerId, _id: { $gte: sinceId } }, { projection: { url: 1, state: 1, attempts: 1 } })
      .sort({ _id: -1 })
      .limit(limit)
      .toArray();
  }

  /** Every dead-lettered delivery of a partner, in pages of `size` (oldest first). */
  async *deadLettered(partnerId: string, size = 500): AsyncGenerator<DeliveryDoc[]> {
    let after = '';
    for (;;) {
      const docs = await this.collection
        .find({ partnerId, state: 'DEAD_LETTERED', _id: { $gt: after } })
        .sort({ _id: 1 })
        .limit(size)
        .toArray();
      if (docs.length) yield docs;
      if (docs.length < size) return;
      after = docs[docs.length - 1]!._id;
    }
  }

  private async insertMany(docs: DeliveryDoc[]): Promise<Array<boolean | Error>> {
    if (docs.length === 1) {
      try {
        await this.collection.insertOne(docs[0]!);
        return [true];
      } catch (err) {
        if ((err as { code?: number }).code === DUPLICATE_KEY) return [false];
        throw err;
      }
    }
    try {
      await this.collection.insertMany(docs, { ordered: false });
      return docs.map(() => true);
    } catch (err) {
      if (!(err instanceof MongoBulkWriteError)) throw err;
      const failed = new Map<number, number | undefined>();
      const writeErrors = Array.isArray(err.writeErrors) ? err.writeErrors : [err.writeErrors];
      for (const we of writeErrors) failed.set(we.index, we.code);
      return docs.map((_, i) => {
        if (!failed.has(i)) return true;
        return failed.get(i) === DUPLICATE_KEY ? false : new Error(`insert of delivery ${docs[i]!._id} failed (code ${failed.get(i)})`);
      });
    }
  }
}
