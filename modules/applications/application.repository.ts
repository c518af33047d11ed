import { Binary, type Collection, type Db } from 'mongodb';
import type { OutboxPublisher } from '../../platform/outbox-publisher.js';
import { VersionedStore } from '../../platform/versioned-store.js';
import { isDuplicateKey } from '../../platform/mongo.js';
import type { AccountLevel, ApplicationDoc } from './application.model.js';

/** Duplicate-detection claim: `_id` is the hash of the duplicate key. */
export interface DedupClaimDoc {
  _id: string;
  partnerId: string;
  applicationId: string;
  claimedAt: Date;
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

/**
 * The applications module's collections; only this module reads or writes them. Hot-path
 * reads are by `_id` only (mongo-java-server uses an index only for exact unique keys).
 */
export class ApplicationRepository {
  readonly store: VersionedStore<ApplicationDoc>;
  readonly applications: Collection<ApplicationDoc>;
  readonly dedup: Collection<DedupClaimDoc>;
  readonly contents: Collection<DocumentContentDoc>;
  readonly accounts: Collection<CustomerAccountDoc>;
  readonly recurrences: Collection<RecurrencePointerDoc>;
  readonly keys: Collection<ModuleKeyDoc>;

  /** `onWritten` sees every application the store wrote (the expiry schedule notes its due times). */
  constructor(db: Db, outbox: OutboxPublisher, onWritten?: (doc: ApplicationDoc) => void) {
    this.applications = db.collection<ApplicationDoc>('applications');
    this.store = new VersionedStore(this.applications, outbox, onWritten);
    this.dedup = db.collection<DedupClaimDoc>('application_dedup');
    this.contents = db.collection<DocumentContentDoc>('application_document_contents');
    this.accounts = db.collection<CustomerAccountDoc>('customer_accounts');
    this.recurrences = db.collection<RecurrencePointerDoc>('recurrences');
    this.keys = db.collection<ModuleKeyDoc>('application_keys');
  }

  async init(): Promise<void> {
    await this.store.init();
    // the expiry sweep filters on these; MongoDB uses them, mongo-java-server scans (so the
    // sweep runs only when something is due: ExpirySchedule)
    await this.applications.createIndex({ expiresAt: 1 });
    await this.applications.createIndex({ 'recurrence.validUntil': 1 });
    // GET orders by number or variable symbol (findNewestByOrder): MongoDB keeps the lookup to
    // the partner's entries; on mongo-java-server the index is not read, and it did not slow
    // inserts measurably (1500 inserts, 3 runs: 0.24-0.40 ms each with and without it)
    await this.applications.createIndex({ partnerId: 1, 'order.number': 1, createdAt: -1 });
  }

  findById(id: string): Promise<ApplicationDoc | null> {
    return this.applications.findOne({ _id: id });
  }

  /** The partner's application; another partner's id reads exactly like an unknown one. */
  async findForPartner(partnerId: string, id: string): Promise<ApplicationDoc | null> {
    const doc = await this.findById(id);
    return doc && doc.partnerId === partnerId ? doc : null;
  }

  /**
   * The partner's newest application with this order number and/or variable symbol (all
   * given must match). A rare path (GET orders, not per request): on mongo-java-server,
   * which uses an index only for the exact keys of a unique one, it scans the collection;
   * on MongoDB the {partnerId, order.number, createdAt} index keeps it to the partner's
   * entries (and to the order number when one is given).
   */
  findNewestByOrder(partnerId: string, q: { orderNumber?: string; orderVariableSymbol?: string }): Promise<ApplicationDoc | null> {
    const filter: Record<string, unknown> = { partnerId };
    if (q.orderNumber !== undefined) filter['order.number'] = q.orderNumber;
    if (q.orderVariableSymbol !== undefined) filter['order.variableSymbols'] = q.orderVariableSymbol;
    return this.applications.find(filter).sort({ createdAt: -1, _id: -1 }).limit(1).next();
  }

  /** Stores file bytes under their hash; storing the same bytes twice is a no-op. */
  async putContent(doc: DocumentContentDoc): Promise<void> {
    await this.contents.insertOne(doc).catch((err) => { if (!isDuplicateKey(err)) throw err; });
  }

  /** The customer's level and the applications approved for it so far, in one read. */
  async account(accountId: string): Promise<{ level: AccountLevel; approvedIds: string[] }> {
    const doc = await this.accounts.findOne({ _id: accountId }, { projection: { level: 1, approvedApplicationIds: 1 } });
    return { level: doc?.level ?? 'BASIC', approvedIds: doc?.approvedApplicationIds ?? [] };
  }

  async accountLevel(accountId: string): Promise<AccountLevel> {
    return (await this.accounts.findOne({ _id: accountId }, { projection: { level: 1 } }))?.level ?? 'BASIC';
  }
}
