import { JOURNAL_EXCLUDED } from '../../platform/outbox-journal.js';
import type { Collection, Db } from 'mongodb';
import { isDuplicateKey } from '../../platform/mongo.js';
import type { OutboxPublisher } from '../../platform/outbox-publisher.js';
import { VersionedStore, type Change, type NewDocument } from '../../platform/versioned-store.js';
import type { LedgerDoc } from './payments.model.js';

/**
 * The payout ledgers (one per application) as the payments module asks for them.
 * MongoLedgerRepository is the store's; InMemoryLedgerRepository (ledger.repository.fake.ts)
 * the unit tests'.
 */
export interface LedgerRepository {
  init(): Promise<void>;
  findByApplication(applicationId: string): Promise<LedgerDoc | null>;
  /** Opens the ledger; when one exists already (a concurrent first event), that one. */
  openOrGet(doc: NewDocument<LedgerDoc>, now: Date): Promise<LedgerDoc>;
  /** Read, decide, write under the version guard with the change's outbox entries. */
  mutate<R>(
    applicationId: string,
    decide: (doc: LedgerDoc) => Change<R> | Promise<Change<R>>,
    opts: { notFound: () => Error },
  ): Promise<{ doc: LedgerDoc; result: R | undefined }>;
}

export const LEDGERS_COLLECTION = 'payment_ledgers';

export class MongoLedgerRepository implements LedgerRepository {
  private readonly collection: Collection<LedgerDoc>;
  private readonly store: VersionedStore<LedgerDoc>;

  constructor(db: Db, outbox: OutboxPublisher) {
    this.collection = db.collection<LedgerDoc>(LEDGERS_COLLECTION);
    this.store = new VersionedStore(this.collection, outbox);
  }

  async init(): Promise<void> {
    await this.store.init();
  }

  /** Built by the payments module's migration. */
  static async createIndexes(db: Db): Promise<void> {
    const collection = db.collection(LEDGERS_COLLECTION);
    await VersionedStore.createIndexes(collection);
    // the one read by partner: a request's kept response looked for after its process died
    // (platform/idempotency.ts); written once per ledger, never changed
    await collection.createIndex({ partnerId: 1 }, { name: 'partner' });
  }

  findByApplication(applicationId: string): Promise<LedgerDoc | null> {
    return this.collection.findOne({ _id: applicationId }, { projection: JOURNAL_EXCLUDED });
  }

  async openOrGet(doc: NewDocument<LedgerDoc>, now: Date): Promise<LedgerDoc> {
    try {
      return await this.store.insert(doc, [], now);
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      return (await this.findByApplication(doc._id))!;
    }
  }

  mutate<R>(applicationId: string, decide: (doc: LedgerDoc) => Change<R> | Promise<Change<R>>, opts: { notFound: () => Error }) {
    return this.store.mutate(applicationId, () => this.findByApplication(applicationId), decide, opts);
  }
}
