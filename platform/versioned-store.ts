import type { Collection, Filter } from 'mongodb';
import { ConcurrencyError } from './errors.js';
import { isStoreUnavailable } from './mongo.js';
import { KeyedMutex } from './keyed-mutex.js';
import { expiredKept, keptPath, registerKeptResponseCarrier, type KeptEntry, type Reply } from './idempotency.js';
import { outboxForInsert, outboxForUpdate, type OutboxEntry, type OutboxFields } from './outbox.js';
import type { OutboxPublisher } from './outbox-publisher.js';
import { JOURNAL_EXCLUDED, journalForInsert, journalForUpdate, withoutJournal } from './outbox-journal.js';

/** A document that changes only through version-guarded single-document writes. */
export interface Versioned extends OutboxFields {
  _id: string;
  version: number;
  /** responses of requests with an Idempotency-Key, by key hash, written with the change they report */
  idempotency?: Record<string, KeptEntry>;
}

export type NewDocument<T extends Versioned> = Omit<T, keyof OutboxFields | 'version'>;

export interface Change<R = void> {
  /** top-level fields to set (whole values: items, history, ...) */
  set: Record<string, unknown>;
  /** outbox entries that leave with this change (no state change without its event) */
  entries: OutboxEntry[];
  /** what the caller gets back besides the new document */
  result?: R;
}

/**
 * The writes a repository offers over versioned documents: what a use case calls. The
 * MongoDB implementation is VersionedStore; InMemoryVersionedStore (versioned-store.fake.ts)
 * keeps the same contract in memory for unit tests.
 */
export interface VersionedWrites<T extends Versioned> {
  /**
   * Inserts a new document (version 1) with its entries; a taken `_id` is a duplicate-key
   * error. `reply`: the request's answer, kept in the document when it has an Idempotency-Key.
   */
  insert(doc: NewDocument<T>, entries: OutboxEntry[], now?: Date, reply?: Reply<T>): Promise<T>;
  /** Read, decide, write under the version guard (VersionedStore.mutate); `opts.reply` as on insert. */
  mutate<R>(
    id: string,
    load: () => Promise<T | null>,
    decide: (doc: T) => Change<R> | Promise<Change<R>>,
    opts: { attempts?: number; notFound: () => Error; reply?: Reply<T> },
  ): Promise<{ doc: T; result: R | undefined }>;
}

/**
 * Optimistic concurrency over one collection, with the transactional outbox: every write
 * is one atomic single-document operation that changes the state, bumps `version` and adds
 * the events; the events are published after the write commits.
 */
export class VersionedStore<T extends Versioned> implements VersionedWrites<T> {
  private readonly mutex = new KeyedMutex();

  /** `onWritten` sees every document this store wrote, as written (a module's in-process index of it). */
  constructor(
    readonly collection: Collection<T>,
    private readonly outbox: OutboxPublisher,
    private readonly onWritten?: (doc: T) => void,
  ) {
    registerKeptResponseCarrier(collection.collectionName);
  }

  /** Registers the collection with the outbox sweeper (its indexes come from a migration: createIndexes). */
  async init(): Promise<void> {
    await this.outbox.register(this.collection);
  }

  /**
   * The indexes the guarded writes and the outbox sweep need, built by the owning module's
   * migration. The unique {_id, version} index is redundant on MongoDB (the _id index
   * serves) but it is what lets mongo-java-server answer `{_id, version}` filters from an
   * index instead of a collection scan (it uses an index only when the query's keys equal
   * its keys); the sweep finds unsent entries by `outboxAt`.
   */
  static async createIndexes(collection: Collection<any>): Promise<void> {
    await collection.createIndex({ _id: 1, version: 1 } as any, { unique: true, name: 'occ_id_version' });
    await collection.createIndex({ outboxAt: 1 });
  }

  /** Inserts a new document (version 1) with its entries; duplicate-key errors are the caller's. */
  async insert(doc: NewDocument<T>, entries: OutboxEntry[], now = new Date(), reply?: Reply<T>): Promise<T> {
    const projected = { ...doc, version: 1 } as unknown as T;
    const kept = reply?.slotFor(projected);
    const full = { ...projected, ...(kept ? { idempotency: { [kept.keyHash]: kept.entry } } : {}), ...outboxForInsert(entries, now) } as unknown as T;
    await this.collection.insertOne({ ...full, ...journalForInsert(entries) } as any).catch((err) => this.unanswered(err, entries));
    if (kept) reply!.committed(kept);
    this.afterWrite(full, { collection: this.collection, docId: full._id, entries, soleAtVersion: 1 });
    return full;
  }

  /**
   * Writes `change` if the document is still at `current.version`; returns the new document,
   * or undefined when a concurrent write got there first.
   */
  async update(current: T, change: Pick<Change, 'set' | 'entries'>, now = new Date(), reply?: Reply<T>): Promise<T | undefined> {
    const { kept, set, unset } = this.keptResponse(current, change.set, now, reply);
    const outbox = outboxForUpdate(change.entries, now);
    const updated = await this.collection
      .findOneAndUpdate(
        { _id: current._id, version: current.version } as Filter<T>,
        {
          $set: { ...change.set, ...set, ...outbox.$set },
          ...(outbox.$min ? { $min: outbox.$min } : {}),
          ...journalForUpdate(change.entries),
          $inc: { version: 1 },
          ...(unset ? { $unset: unset } : {}),
        } as any,
        { returnDocument: 'after', projection: JOURNAL_EXCLUDED },
      )
      .catch((err) => this.unanswered(err, change.entries));
    if (!updated) return undefined;
    if (kept) reply!.committed(kept);
    // a store that ignores the projection still hands back no journal
    const doc = withoutJournal(updated as T);
    const behind = Object.values(current.outbox ?? {}).sort((a, b) => +new Date(a.createdAt) - +new Date(b.createdAt));
    this.afterWrite(doc, {
      collection: this.collection,
      docId: current._id,
      entries: change.entries,
      soleAtVersion: behind.length === 0 ? current.version + 1 : undefined,
      ...(behind.length ? { behind: { entries: behind, atVersion: current.version + 1 } } : {}),
    });
    return doc;
  }

  /**
   * When the write is handed the reply of a request with an Idempotency-Key, the response
   * rides on it (so it exists exactly when the change does), and kept responses past their
   * expiry leave with it.
   */
  private keptResponse(current: T, set: Record<string, unknown>, now: Date, reply: Reply<T> | undefined) {
    const kept = reply?.slotFor({ ...current, ...set, version: current.version + 1 });
    if (!kept) return { kept: undefined, set: {}, unset: undefined };
    const stale = expiredKept(current.idempotency, now).filter((p) => p !== keptPath(kept.keyHash));
    return {
      kept,
      set: { [keptPath(kept.keyHash)]: kept.entry },
      unset: stale.length ? Object.fromEntries(stale.map((p) => [p, ''])) : undefined,
    };
  }

  /** A write that got no answer may have been applied: its entries are left to a sweep. */
  private unanswered(err: unknown, entries: OutboxEntry[]): never {
    if (entries.length && isStoreUnavailable(err)) this.outbox.writeOutcomeUnknown(entries);
    throw err;
  }

  /** Publishing and the index callback outlive the request; they are handed no reply. */
  private afterWrite(doc: T, publish: Parameters<OutboxPublisher['publishAfterWrite']>[0]): void {
    void this.outbox.publishAfterWrite(publish);
    this.onWritten?.(doc);
  }

  /**
   * Read, decide, write. Within this process the changes of one document run one at a
   * time (their events leave in commit order); across processes the version guard decides,
   * and a lost race re-reads and decides again on the fresh state, so no update is lost.
   * `decide` throws an AppError to refuse. After `attempts` lost races the caller gets a
   * ConcurrencyError (409 in the spec's format).
   */
  mutate<R>(
    id: string,
    load: () => Promise<T | null>,
    decide: (doc: T) => Change<R> | Promise<Change<R>>,
    opts: { attempts?: number; notFound: () => Error; reply?: Reply<T> },
  ): Promise<{ doc: T; result: R | undefined }> {
    return this.mutex.run(id, async () => {
      const attempts = opts.attempts ?? 10;
      for (let i = 0; i < attempts; i++) {
        const doc = await load();
        if (!doc) throw opts.notFound();
        const change = await decide(doc);
        const updated = await this.update(doc, change, undefined, opts.reply);
        if (updated) return { doc: updated, result: change.result };
        await new Promise((r) => setTimeout(r, Math.random() * 5 * (i + 1)));
      }
      throw new ConcurrencyError();
    });
  }
}
