import { ConcurrencyError } from './errors.js';
import { DUPLICATE_KEY } from './mongo.js';
import { outboxForInsert, type OutboxEntry } from './outbox.js';
import { appendedJournal, journalForInsert, withoutJournal } from './outbox-journal.js';
import type { Reply } from './idempotency.js';
import type { Change, NewDocument, Versioned, VersionedWrites } from './versioned-store.js';

/** The error the store gives for a taken unique key (isDuplicateKey recognises it). */
export function duplicateKeyError(key: string): Error {
  return Object.assign(new Error(`E11000 duplicate key: ${key}`), { code: DUPLICATE_KEY });
}

/** Sets `value` at a dotted path of `doc` (a change's `set` may name nested fields). */
export function setPath(doc: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split('.');
  let at = doc;
  for (const p of parts.slice(0, -1)) {
    if (typeof at[p] !== 'object' || at[p] === null) at[p] = {};
    at = at[p] as Record<string, unknown>;
  }
  at[parts.at(-1)!] = value;
}

/**
 * VersionedStore's contract in memory: insert at version 1 with the entries in `outbox`,
 * guarded updates that bump the version, duplicate `_id`s refused as the store refuses
 * them. Nothing is published: `written` lists every entry in write order, for a test to
 * read. Documents are copied in and out, as a store's round trip does. Idempotency-Key
 * responses (kept on the document by the real store) are not modelled.
 */
export class InMemoryVersionedStore<T extends Versioned> implements VersionedWrites<T> {
  readonly docs = new Map<string, T>();
  readonly written: OutboxEntry[] = [];

  constructor(private readonly onWritten?: (doc: T) => void) {}

  /** A document as the repositories read it: without its journal (a read projects it out). */
  get(id: string): T | null {
    const doc = this.docs.get(id);
    return doc ? withoutJournal(structuredClone(doc)) : null;
  }

  all(): T[] {
    return [...this.docs.values()].map((d) => withoutJournal(structuredClone(d)));
  }

  /** The document's outbox journal (outbox-journal.ts), as recovery reads it. */
  journal(id: string): OutboxEntry[] {
    return structuredClone(this.docs.get(id)?.journal ?? []);
  }

  async insert(doc: NewDocument<T>, entries: OutboxEntry[], now = new Date(), _reply?: Reply<T>): Promise<T> {
    if (this.docs.has(doc._id)) throw duplicateKeyError(doc._id);
    const full = { ...structuredClone(doc), version: 1, ...outboxForInsert(entries, now), ...journalForInsert(entries) } as unknown as T;
    this.docs.set(full._id, full);
    return this.afterWrite(full, entries);
  }

  /** Writes `change` if the document is still at `current.version` (undefined: a race was lost). */
  async update(current: T, change: Pick<Change, 'set' | 'entries'>, now = new Date()): Promise<T | undefined> {
    const stored = this.docs.get(current._id);
    if (!stored || stored.version !== current.version) return undefined;
    const next = structuredClone(stored) as T & Record<string, unknown>;
    for (const [path, value] of Object.entries(change.set)) setPath(next, path, structuredClone(value));
    next.version = stored.version + 1;
    for (const e of change.entries) next.outbox = { ...next.outbox, [e.id]: e };
    const journal = appendedJournal(next.journal, change.entries);
    if (journal) next.journal = journal;
    // the stamp of the oldest write still pending, as the store keeps it ($min)
    if (change.entries.length && !(next.outboxAt && (next.outboxAt as Date) <= now)) next.outboxAt = now;
    this.docs.set(next._id, next);
    return this.afterWrite(next, change.entries);
  }

  async mutate<R>(
    id: string,
    load: () => Promise<T | null>,
    decide: (doc: T) => Change<R> | Promise<Change<R>>,
    opts: { attempts?: number; notFound: () => Error; reply?: Reply<T> },
  ): Promise<{ doc: T; result: R | undefined }> {
    for (let i = 0; i < (opts.attempts ?? 10); i++) {
      const doc = await load();
      if (!doc) throw opts.notFound();
      const change = await decide(doc);
      const updated = await this.update(doc, change);
      if (updated) return { doc: updated, result: change.result };
    }
    throw new ConcurrencyError();
  }

  private afterWrite(doc: T, entries: OutboxEntry[]): T {
    this.written.push(...entries);
    // as the store does, the written document is handed back without its journal
    this.onWritten?.(withoutJournal(structuredClone(doc)));
    return withoutJournal(structuredClone(doc));
  }
}
