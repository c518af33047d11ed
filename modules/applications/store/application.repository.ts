import { JOURNAL_EXCLUDED } from '../../../platform/outbox-journal.js';
import type { Binary, Collection, Db } from 'mongodb';
import type { OutboxPublisher } from '../../../platform/outbox-publisher.js';
import { VersionedStore, type Change, type NewDocument } from '../../../platform/versioned-store.js';
import type { OutboxEntry } from '../../../platform/outbox.js';
import type { Reply } from '../../../platform/idempotency.js';
import { isDuplicateKey } from '../../../platform/mongo.js';
import type { AccountLevel } from '../../order-rules/index.js';
import type { ApplicationDoc } from '../application.model.js';

/**
 * The claim documents of earlier versions (collection `application_dedup`), which kept the
 * duplicate key apart from the application: read only to adopt the ones still in their window.
 */
export interface LegacyDedupClaimDoc {
  _id: string;
  partnerId: string;
  applicationId: string;
  claimedAt: Date;
}

/** The application's `dedupKey` is held by another application (the unique index refused it). */
/**
 * GET orders (findNewestByOrder) and the portal's search, one index per way to ask: by
 * order number, and by variable symbol (a multikey index: an application holds several
 * symbols). Each takes the store straight to the partner's matching applications, newest
 * first (the local mongo-java-server too: its launcher serves secondary indexes); neither
 * slowed inserts measurably (1500 inserts, 3 runs: 0.24-0.40 ms each with and without the
 * first).
 */
export async function createOrderLookupIndexes(applications: Collection<ApplicationDoc>): Promise<void> {
  await applications.createIndex({ partnerId: 1, 'order.number': 1, createdAt: -1 });
  await applications.createIndex({ partnerId: 1, 'order.variableSymbols': 1, createdAt: -1, _id: -1 } as any, { name: 'partner_variable_symbol_newest' });
}

export class DedupKeyTakenError extends Error {
  constructor(readonly key: string) {
    super('the duplicate key is held by another application');
  }
}

/** Document bytes, stored once per content hash (they never sit in the application). */
export interface DocumentContentDoc {
  _id: string; // sha256 hex
  mimeType: string;
  size: number;
  content: Binary;
  createdAt: Date;
}

/** The customer's account with the service, keyed by the normalized e-mail. */
export interface CustomerAccountDoc {
  _id: string;
  level: AccountLevel;
  /** approved applications counted towards GOLD (idempotent: a set of ids) */
  approvedApplicationIds: string[];
  createdAt: Date;
  updatedAt: Date;
}

/** Recurrence id → the application that holds it (immutable pointer). */
export interface RecurrencePointerDoc {
  _id: string;
  applicationId: string;
  partnerId: string;
}

/** Secret keys of the module (the gateway link HMAC key). */
export interface ModuleKeyDoc {
  _id: string;
  secret: string;
  createdAt: Date;
}

/** The order criteria of findNewestByOrder (all given must match). */
export interface OrderCriteria {
  orderNumber?: string;
  orderVariableSymbol?: string;
}

/**
 * What the applications module asks of its store, by intent. Only this module reads or
 * writes these documents. MongoApplicationRepository is the store's implementation;
 * InMemoryApplicationRepository (application.repository.fake.ts) keeps the same contract
 * in memory for unit tests, and one contract test runs against both.
 */
export interface ApplicationRepository {
  init(): Promise<void>;
  findById(id: string): Promise<ApplicationDoc | null>;
  /** The partner's application; another partner's id reads exactly like an unknown one. */
  findForPartner(partnerId: string, id: string): Promise<ApplicationDoc | null>;
  /** The partner's newest (createdAt, then id) application matching every criterion given. */
  findNewestByOrder(partnerId: string, q: OrderCriteria): Promise<ApplicationDoc | null>;
  /**
   * A new application at version 1 with its outbox entries, in one atomic write; rejects
   * with DedupKeyTakenError when another application holds its `dedupKey`. `reply`: the
   * partner request's answer, kept in the same write under its Idempotency-Key (NO_REPLY
   * when no request waits on it).
   */
  insertWithOutbox(doc: NewDocument<ApplicationDoc>, entries: OutboxEntry[], now: Date, reply: Reply<ApplicationDoc>): Promise<ApplicationDoc>;
  /** Read, decide, write under the version guard with the change's outbox entries (and `opts.reply` as on insert). */
  mutate<R>(
    id: string,
    load: () => Promise<ApplicationDoc | null>,
    decide: (doc: ApplicationDoc) => Change<R> | Promise<Change<R>>,
    opts: { notFound: () => Error; reply: Reply<ApplicationDoc> },
  ): Promise<{ doc: ApplicationDoc; result: R | undefined }>;
  /** Ids of applications whose `expiresAt` has come by `now`, at most `limit`. */
  idsExpiringBy(now: Date, limit: number): Promise<string[]>;
  /** Ids of applications whose READY recurrence's validity ended by `now`, at most `limit`. */
  idsWithRecurrenceEndedBy(now: Date, limit: number): Promise<string[]>;

  /** The application holding this duplicate key, if one does. */
  findByDedupKey(key: string): Promise<ApplicationDoc | null>;
  /** Takes the key off the application if it still holds it (compare-and-swap); true when it did. */
  releaseDedupKey(applicationId: string, key: string): Promise<boolean>;
  /** Gives the applications of legacy claims made since `since` their keys; the number given. */
  adoptLegacyDedupClaims(since: Date): Promise<number>;

  insertRecurrencePointer(pointer: RecurrencePointerDoc): Promise<void>;
  findRecurrencePointer(recurrenceId: string): Promise<RecurrencePointerDoc | null>;

  /** Stores file bytes under their hash; storing the same bytes twice is a no-op. */
  putContent(doc: DocumentContentDoc): Promise<void>;

  /** The customer's level and the applications approved for it so far, in one read. */
  account(accountId: string): Promise<{ level: AccountLevel; approvedIds: string[] }>;
  accountLevel(accountId: string): Promise<AccountLevel>;
  /** Adds the approval to the account (created BASIC on the first), once per application; returns the account. */
  addApproval(accountId: string, applicationId: string, now: Date): Promise<CustomerAccountDoc>;
  /** BASIC → GOLD; a no-op when the account is not BASIC. */
  promoteToGold(accountId: string, now: Date): Promise<void>;

  /** The module key with this id: `fresh` is stored if there is none yet (the first instance wins). */
  moduleKey(fresh: ModuleKeyDoc): Promise<ModuleKeyDoc>;
}

const DEDUP_INDEX = 'dedup_key_unique';

/** Dropping a collection that is not there (MongoDB before 7 and mongo-java-server say so, code 26). */
function isNamespaceNotFound(err: unknown): boolean {
  const e = err as { code?: number; codeName?: string; message?: string };
  return e.code === 26 || e.codeName === 'NamespaceNotFound' || e.message === 'ns not found';
}

/** Whether a duplicate-key error comes from this index (MongoDB names its keys; mongo-java-server only the index). */
function onIndex(err: unknown, index: string, field: string): boolean {
  const e = err as { keyPattern?: Record<string, unknown>; message?: string };
  return e.keyPattern ? field in e.keyPattern : (e.message ?? '').includes(index);
}

/**
 * The store's implementation. Hot-path reads are by `_id` only (mongo-java-server uses an
 * index only for exact unique keys).
 */
export class MongoApplicationRepository implements ApplicationRepository {
  private readonly store: VersionedStore<ApplicationDoc>;
  private readonly applications: Collection<ApplicationDoc>;
  private readonly legacyDedup: Collection<LegacyDedupClaimDoc>;
  private readonly contents: Collection<DocumentContentDoc>;
  private readonly accounts: Collection<CustomerAccountDoc>;
  private readonly recurrences: Collection<RecurrencePointerDoc>;
  private readonly keys: Collection<ModuleKeyDoc>;
  /** `onWritten` sees every application the store wrote (the expiry schedule notes its due times). */
  constructor(db: Db, outbox: OutboxPublisher, onWritten?: (doc: ApplicationDoc) => void) {
    this.applications = db.collection<ApplicationDoc>('applications');
    this.store = new VersionedStore(this.applications, outbox, onWritten);
    this.legacyDedup = db.collection<LegacyDedupClaimDoc>('application_dedup');
    this.contents = db.collection<DocumentContentDoc>('application_document_contents');
    this.accounts = db.collection<CustomerAccountDoc>('customer_accounts');
    this.recurrences = db.collection<RecurrencePointerDoc>('recurrences');
    this.keys = db.collection<ModuleKeyDoc>('application_keys');
  }

  async init(): Promise<void> {
    await this.store.init();
  }

  /** Built by the applications module's migration. */
  static async createIndexes(db: Db): Promise<void> {
    const applications = db.collection<ApplicationDoc>('applications');
    await VersionedStore.createIndexes(applications);
    // the expiry sweep filters on these (the sweep also runs only when something is due:
    // ExpirySchedule)
    await applications.createIndex({ expiresAt: 1 });
    await applications.createIndex({ 'recurrence.validUntil': 1 });
    await createOrderLookupIndexes(applications);
    // the duplicate rule: an application holds its key while an identical request would be
    // answered with it; sparse, so applications that gave their key up are not indexed
    await applications.createIndex({ dedupKey: 1 }, { unique: true, sparse: true, name: DEDUP_INDEX });
  }

  findById(id: string): Promise<ApplicationDoc | null> {
    return this.applications.findOne({ _id: id }, { projection: JOURNAL_EXCLUDED });
  }

  async findForPartner(partnerId: string, id: string): Promise<ApplicationDoc | null> {
    const doc = await this.findById(id);
    return doc && doc.partnerId === partnerId ? doc : null;
  }

  async insertWithOutbox(doc: NewDocument<ApplicationDoc>, entries: OutboxEntry[], now: Date, reply: Reply<ApplicationDoc>): Promise<ApplicationDoc> {
    try {
      return await this.store.insert(doc, entries, now, reply);
    } catch (err) {
      if (doc.dedupKey !== undefined && isDuplicateKey(err) && onIndex(err, DEDUP_INDEX, 'dedupKey')) throw new DedupKeyTakenError(doc.dedupKey);
      throw err;
    }
  }

  mutate<R>(
    id: string,
    load: () => Promise<ApplicationDoc | null>,
    decide: (doc: ApplicationDoc) => Change<R> | Promise<Change<R>>,
    opts: { notFound: () => Error; reply: Reply<ApplicationDoc> },
  ): Promise<{ doc: ApplicationDoc; result: R | undefined }> {
    return this.store.mutate(id, load, decide, opts);
  }

  async idsExpiringBy(now: Date, limit: number): Promise<string[]> {
    const due = await this.applications
      .find({ expiresAt: { $lte: now } }, { projection: { _id: 1 } })
      .limit(limit)
      .toArray();
    return due.map((d) => d._id);
  }

  async idsWithRecurrenceEndedBy(now: Date, limit: number): Promise<string[]> {
    const filter = { 'recurrence.state': 'READY' as const, 'recurrence.validUntil': { $lte: now } };
    return (
      await this.applications
        .find(filter, { projection: { _id: 1 } })
        .limit(limit)
        .toArray()
    ).map((d) => d._id);
  }

  findByDedupKey(key: string): Promise<ApplicationDoc | null> {
    return this.applications.findOne({ dedupKey: key }, { projection: JOURNAL_EXCLUDED });
  }

  async releaseDedupKey(applicationId: string, key: string): Promise<boolean> {
    // no version bump: the key is no part of the application's state, and guarded writes
    // $set only the fields they change, so none of them puts it back
    return (await this.applications.updateOne({ _id: applicationId, dedupKey: key }, { $unset: { dedupKey: '' } })).modifiedCount === 1;
  }

  async adoptLegacyDedupClaims(since: Date): Promise<number> {
    let adopted = 0;
    for (const claim of await this.legacyDedup.find({ claimedAt: { $gt: since } }).toArray()) {
      try {
        adopted += (await this.applications.updateOne({ _id: claim.applicationId, dedupKey: { $exists: false } }, { $set: { dedupKey: claim._id } }))
          .modifiedCount;
      } catch (err) {
        if (!isDuplicateKey(err)) throw err; // a newer application holds the key already
      }
    }
    // nothing reads the claims once adopted; an instance of the earlier version still
    // running writes new ones, which the next start adopts
    await this.legacyDedup.drop().catch((err) => {
      if (!isNamespaceNotFound(err)) throw err;
    });
    return adopted;
  }

  async insertRecurrencePointer(pointer: RecurrencePointerDoc): Promise<void> {
    await this.recurrences.insertOne(pointer);
  }

  findRecurrencePointer(recurrenceId: string): Promise<RecurrencePointerDoc | null> {
    return this.recurrences.findOne({ _id: recurrenceId });
  }

  /**
   * The partner's newest application with this order number and/or variable symbol (all
   * given must match). On MongoDB an index of the partner's order numbers, or of its
   * variable symbols, answers it (createIndexes), on MongoDB and on the local store alike
   * (docs/operations.md, "Indexes").
   */
  findNewestByOrder(partnerId: string, q: OrderCriteria): Promise<ApplicationDoc | null> {
    const filter: Record<string, unknown> = { partnerId };
    if (q.orderNumber !== undefined) filter['order.number'] = q.orderNumber;
    if (q.orderVariableSymbol !== undefined) filter['order.variableSymbols'] = q.orderVariableSymbol;
    return this.applications.find(filter, { projection: JOURNAL_EXCLUDED }).sort({ createdAt: -1, _id: -1 }).limit(1).next();
  }

  async putContent(doc: DocumentContentDoc): Promise<void> {
    await this.contents.insertOne(doc).catch((err) => {
      if (!isDuplicateKey(err)) throw err;
    });
  }

  async account(accountId: string): Promise<{ level: AccountLevel; approvedIds: string[] }> {
    const doc = await this.accounts.findOne({ _id: accountId }, { projection: { level: 1, approvedApplicationIds: 1 } });
    return { level: doc?.level ?? 'BASIC', approvedIds: doc?.approvedApplicationIds ?? [] };
  }

  async accountLevel(accountId: string): Promise<AccountLevel> {
    return (await this.accounts.findOne({ _id: accountId }, { projection: { level: 1 } }))?.level ?? 'BASIC';
  }

  async addApproval(accountId: string, applicationId: string, now: Date): Promise<CustomerAccountDoc> {
    const add = { $addToSet: { approvedApplicationIds: applicationId }, $set: { updatedAt: now } };
    try {
      await this.accounts.updateOne({ _id: accountId }, { ...add, $setOnInsert: { level: 'BASIC', createdAt: now } }, { upsert: true });
    } catch (err) {
      if (!isDuplicateKey(err)) throw err; // a concurrent first approval created it: count again
      await this.accounts.updateOne({ _id: accountId }, add);
    }
    return (await this.accounts.findOne({ _id: accountId }))!;
  }

  async promoteToGold(accountId: string, now: Date): Promise<void> {
    await this.accounts.updateOne({ _id: accountId, level: 'BASIC' }, { $set: { level: 'GOLD', updatedAt: now } });
  }

  async moduleKey(fresh: ModuleKeyDoc): Promise<ModuleKeyDoc> {
    await this.keys.insertOne(fresh).catch((err) => {
      if (!isDuplicateKey(err)) throw err;
    });
    const doc = await this.keys.findOne({ _id: fresh._id });
    if (!doc) throw new Error(`module key ${fresh._id} missing`);
    return doc;
  }
}
