import { JOURNAL_EXCLUDED } from '../../platform/outbox-journal.js';
import type { Collection, Db } from 'mongodb';
import type { OutboxEntry } from '../../platform/outbox.js';
import type { OutboxPublisher } from '../../platform/outbox-publisher.js';
import { VersionedStore, type NewDocument } from '../../platform/versioned-store.js';
import type { SettlementDoc } from './settlement.model.js';

/**
 * Settlements as the settlement service asks for them. `_id` is derived from the partner
 * and the cut-off, and (partnerId, number) is unique: two instances that close the same cut-off
 * write one document, and two cut-offs cannot both follow the same settlement.
 */
export interface SettlementsRepository {
  init(): Promise<void>;
  find(id: string): Promise<SettlementDoc | null>;
  /** The partner's newest settlements, newest first. */
  latest(partnerId: string, n: number): Promise<SettlementDoc[]>;
  /** Inserts with its outbox entries; a taken `_id` or number is a duplicate-key error. */
  insert(doc: NewDocument<SettlementDoc>, entries: OutboxEntry[], now: Date): Promise<SettlementDoc>;
  /** A page in number order (oldest first; backwards from `before`); cursors are numbers. */
  page(partnerId: string, req: { limit: number; afterNumber?: number; beforeNumber?: number }): Promise<{ items: SettlementDoc[]; more: boolean }>;
  /** Every settlement of the store, one by one (the integrity check). */
  each(): AsyncIterable<SettlementDoc>;
}

/** Settlements are read without their line ids unless asked (a day's settlement can list thousands). */
const SUMMARY = { projection: { lineIds: 0, outbox: 0 } } as const;

export class MongoSettlementsRepository implements SettlementsRepository {
  readonly collection: Collection<SettlementDoc>;
  private readonly store: VersionedStore<SettlementDoc>;

  constructor(db: Db, outbox: OutboxPublisher) {
    this.collection = db.collection<SettlementDoc>('settlements');
    this.store = new VersionedStore(this.collection, outbox);
  }

  async init(): Promise<void> {
    await this.store.init();
  }

  /** Built by the payments module's migration. */
  static async createIndexes(db: Db): Promise<void> {
    const collection = db.collection('settlements');
    await VersionedStore.createIndexes(collection);
    await collection.createIndex({ partnerId: 1, number: 1 }, { unique: true, name: 'partner_number' });
    await collection.createIndex({ partnerId: 1, cutoffAt: 1 }, { unique: true, name: 'partner_cutoff' });
    // The lists read a partner's settlements in number order. MongoDB would read them from
    // partner_number; the local store plans prefix and range reads over non-unique indexes
    // only, so the lists get their own (one settlement per partner and day: nothing to keep up).
    await collection.createIndex({ partnerId: 1, number: -1 }, { name: 'partner_newest' });
  }

  find(id: string): Promise<SettlementDoc | null> {
    return this.collection.findOne({ _id: id }, { projection: JOURNAL_EXCLUDED });
  }

  latest(partnerId: string, n: number): Promise<SettlementDoc[]> {
    return this.collection.find({ partnerId }, { projection: JOURNAL_EXCLUDED, sort: { number: -1 }, limit: n }).toArray();
  }

  insert(doc: NewDocument<SettlementDoc>, entries: OutboxEntry[], now: Date): Promise<SettlementDoc> {
    return this.store.insert(doc, entries, now);
  }

  async page(partnerId: string, req: { limit: number; afterNumber?: number; beforeNumber?: number }): Promise<{ items: SettlementDoc[]; more: boolean }> {
    const backwards = req.beforeNumber !== undefined;
    const number = req.afterNumber !== undefined ? { $gt: req.afterNumber } : backwards ? { $lt: req.beforeNumber! } : undefined;
    const found = (await this.collection
      .find({ partnerId, ...(number ? { number } : {}) }, { ...SUMMARY, sort: { number: backwards ? -1 : 1 }, limit: req.limit + 1 })
      .toArray()) as SettlementDoc[];
    const more = found.length > req.limit;
    const items = found.slice(0, req.limit).map((s) => ({ ...s, lineIds: [] }));
    return { items: backwards ? items.reverse() : items, more };
  }

  each(): AsyncIterable<SettlementDoc> {
    return eachSettlement(this.collection.db);
  }
}

/** Every settlement, without its outbox (reads only: no publisher needed). */
export async function* eachSettlement(db: Db): AsyncIterable<SettlementDoc> {
  yield* db.collection<SettlementDoc>('settlements').find({}, { projection: { outbox: 0, journal: 0 }, sort: { partnerId: 1, number: 1 } });
}
