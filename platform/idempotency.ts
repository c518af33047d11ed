import { systemClock, type Clock } from './clock.js';
import { createHash, randomUUID } from 'node:crypto';
import type { Collection, Db } from 'mongodb';
import { isDuplicateKey } from './mongo.js';
import { AppError } from './errors.js';

/**
 * Idempotency-Key on partner writes (docs/idempotency.md). Two records per key:
 *
 * - a claim in `idempotency_keys` (`_id` = hash of partner and key): who runs the key now
 *   (a lease), the request's fingerprint, and, once answered, the response;
 * - the response itself inside the aggregate's own document (`idempotency.<keyHash>`),
 *   written by VersionedStore in the same single-document write as the change it reports
 *   (the route hands that write its `Reply`).
 *
 * The claim answers the common cases (running, reused, done). The copy in the aggregate
 * is what makes a crash harmless: a claim left IN_PROGRESS by a dead process is resolved
 * from the aggregate before anything runs again.
 */

export const IDEMPOTENCY_ERRORS = {
  reused: () =>
    new AppError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used with another request (method, path or body); use a new key for a new request.', {
      status: 422,
      attribute: 'Idempotency-Key',
    }),
  inUse: (retryAfterSeconds: number) =>
    new AppError('IDEMPOTENCY_KEY_IN_USE', 'A request with this Idempotency-Key is still being processed; repeat it after Retry-After seconds.', {
      status: 409,
      attribute: 'Idempotency-Key',
      headers: { 'Retry-After': String(retryAfterSeconds) },
    }),
};

/** A response as it went on the wire: status, the exact body bytes, `Location`. */
export interface KeptResponse {
  status: number;
  body: string;
  location?: string;
}

/** The form a response is kept in inside an aggregate document. */
export interface KeptEntry extends KeptResponse {
  expiresAt: Date;
}

/** What a route renders from the document its write produced. */
export interface Rendered {
  status?: number;
  body: unknown;
  location?: string;
}

export function keptOf(r: Rendered): KeptResponse {
  return { status: r.status ?? 200, body: JSON.stringify(r.body), ...(r.location ? { location: r.location } : {}) };
}

/** 1-255 printable ASCII characters (the header's contract). */
export function isValidKey(key: string): boolean {
  return /^[\x20-\x7e]{1,255}$/.test(key);
}

/** Partner-scoped: two partners sending the same key get two different claims. */
export function keyHashOf(partnerId: string, key: string): string {
  return createHash('sha256').update(partnerId).update('\0').update(key).digest('hex');
}

/** Method, path and the JSON body as parsed (whitespace and encoding of the bytes aside). */
export function fingerprintOf(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${path}\n`)
    .update(JSON.stringify(body ?? {}))
    .digest('hex');
}

/**
 * The running request's Idempotency-Key, as the middleware claimed it: the first write that
 * is handed a `Reply` of this request keeps the rendered response in its document, and
 * `kept` holds it once that write committed.
 */
export class IdempotentWrite {
  private open = true;
  kept?: KeptResponse;

  constructor(
    readonly keyHash: string,
    readonly expiresAt: Date,
  ) {}

  /** Whether a write may still keep this request's response (once, and only during the request). */
  get keeps(): boolean {
    return this.open && !this.kept;
  }

  committed(entry: KeptEntry): void {
    const { expiresAt: _e, ...response } = entry;
    this.kept = response;
  }

  /** After the request: writes that outlive it (timers it started) carry nothing. */
  close(): void {
    this.open = false;
  }
}

/** What a kept response is keyed by in the document: its key hash. */
export interface KeptSlot {
  keyHash: string;
  entry: KeptEntry;
}

/**
 * How a write route answers, handed to the write itself as an argument: the route says how
 * its response is rendered from the document the write produces, and the write (the
 * versioned store) keeps that rendering in the same document when the request has an
 * Idempotency-Key. The route answers with `answer(doc)`, which is that same rendering: a
 * response is rendered once. Writes no partner request waits on (consumers, sweeps, the
 * gateway's forms) pass `NO_REPLY`, in the open.
 */
export class Reply<T extends { _id: string; version: number } = { _id: string; version: number }> {
  private last?: { id: string; version: number; rendered: Rendered };

  constructor(
    private readonly render: (doc: T) => Rendered,
    private readonly write?: IdempotentWrite,
  ) {}

  /** The response to keep with `doc`, when the request has a key and nothing is kept yet. */
  slotFor(doc: T): KeptSlot | undefined {
    if (!this.write?.keeps) return undefined;
    return { keyHash: this.write.keyHash, entry: { ...keptOf(this.answer(doc)), expiresAt: this.write.expiresAt } };
  }

  /** The write that carried `slot` committed: the request's answer is decided. */
  committed(slot: KeptSlot): void {
    this.write?.committed(slot.entry);
  }

  /** The answer for `doc` (rendered once per document version). */
  answer(doc: T): Rendered {
    if (this.last?.id !== doc._id || this.last.version !== doc.version) this.last = { id: doc._id, version: doc.version, rendered: this.render(doc) };
    return this.last.rendered;
  }
}

/** The reply of a write that answers no partner request: nothing is kept. */
export const NO_REPLY: Reply<any> = new Reply(() => ({ body: null }));

/** Collections whose documents may carry kept responses (VersionedStore registers its own). */
const carriers = new Set<string>();
export function registerKeptResponseCarrier(collectionName: string): void {
  carriers.add(collectionName);
}

/** The field a kept response lives under in an aggregate document. */
export const keptPath = (keyHash: string) => `idempotency.${keyHash}`;

/** Entries of `kept` past their expiry: removed by the next write that keeps a response. */
export function expiredKept(kept: Record<string, KeptEntry> | undefined, now: Date): string[] {
  return Object.entries(kept ?? {})
    .filter(([, e]) => e.expiresAt <= now)
    .map(([h]) => keptPath(h));
}

interface KeyDoc {
  _id: string;
  partnerId: string;
  fingerprint: string;
  state: 'IN_PROGRESS' | 'DONE';
  /** who runs the key now; a taken-over claim gets a new owner */
  owner: string;
  leaseUntil: Date;
  expiresAt: Date;
  response?: KeptResponse;
}

export type Claim =
  | { kind: 'run'; keyHash: string; owner: string; expiresAt: Date }
  | { kind: 'replay'; response: KeptResponse }
  | { kind: 'reused' }
  | { kind: 'in-use'; retryAfterSeconds: number };

export interface IdempotencyConfig {
  ttlMs: number;
  leaseMs: number;
}

export const IDEMPOTENCY_COLLECTION = 'idempotency_keys';

export class IdempotencyStore {
  readonly keys: Collection<KeyDoc>;

  constructor(
    private readonly db: Db,
    private readonly cfg: IdempotencyConfig,
    /** the service's clock: claims expire and are purged on the same time (a test moves it) */
    private readonly clock: Clock = systemClock,
  ) {
    this.keys = db.collection<KeyDoc>(IDEMPOTENCY_COLLECTION);
  }

  /**
   * Decides what a request with this key does. Expiry is a time filter here (no TTL index):
   * an expired claim is taken over as if it did not exist.
   */
  async claim(partnerId: string, key: string, fingerprint: string, now = this.clock.now()): Promise<Claim> {
    const keyHash = keyHashOf(partnerId, key);
    for (;;) {
      const fresh = this.freshClaim(keyHash, partnerId, fingerprint, now);
      try {
        await this.keys.insertOne(fresh);
        return this.running(fresh);
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
      }
      const existing = await this.keys.findOne({ _id: keyHash });
      if (!existing) continue;
      if (existing.expiresAt <= now) {
        if (await this.takeOver(existing, fresh)) return this.running(fresh);
        continue;
      }
      if (existing.fingerprint !== fingerprint) return { kind: 'reused' };
      if (existing.state === 'DONE') return { kind: 'replay', response: existing.response! };
      if (existing.leaseUntil > now) return { kind: 'in-use', retryAfterSeconds: 1 };
      const settled = await this.fromAggregate(existing, now);
      if (settled) return settled;
      if (await this.takeOver(existing, { ...fresh, expiresAt: existing.expiresAt })) return this.running({ ...fresh, expiresAt: existing.expiresAt });
    }
  }

  /** A plain index on `expiresAt` for the purge (not a TTL index: expiry is the queries' time filter); a platform migration builds it. */
  static async createIndexes(db: Db): Promise<void> {
    await db.collection(IDEMPOTENCY_COLLECTION).createIndex({ expiresAt: 1 });
  }

  /**
   * Removes claims past their expiry. Validity never depends on it (every read filters by
   * time); it only keeps the collection to the keys still live.
   */
  async purgeExpired(now = this.clock.now()): Promise<number> {
    return (await this.keys.deleteMany({ expiresAt: { $lte: now } })).deletedCount;
  }

  /**
   * Purges every `everyMs` of `clock`'s time until the returned stop is called. On the
   * service's clock, so a test that moves time past the keys' lifetime sees their kept
   * answers (which render the customer) go, as production does an hour after they expire.
   */
  purgeEvery(everyMs: number, onError: (err: unknown) => void): () => void {
    const clock = this.clock;
    let stopped = false;
    let cancel = () => {};
    const tick = async () => {
      await this.purgeExpired(clock.now()).catch(onError);
      if (!stopped) cancel = clock.after(everyMs, tick);
    };
    cancel = clock.after(everyMs, tick);
    return () => {
      stopped = true;
      cancel();
    };
  }

  /** The key's answer: kept for replays. Only the current owner may write it. */
  async finish(keyHash: string, owner: string, response: KeptResponse): Promise<void> {
    await this.keys.updateOne({ _id: keyHash, owner }, { $set: { state: 'DONE', response } });
  }

  /** Nothing is kept (refused as invalid, or failed): a retry runs again. */
  async release(keyHash: string, owner: string): Promise<void> {
    await this.keys.deleteOne({ _id: keyHash, owner, state: 'IN_PROGRESS' });
  }

  private freshClaim(keyHash: string, partnerId: string, fingerprint: string, now: Date): KeyDoc {
    return {
      _id: keyHash,
      partnerId,
      fingerprint,
      state: 'IN_PROGRESS',
      owner: randomUUID(),
      leaseUntil: new Date(now.getTime() + this.cfg.leaseMs),
      expiresAt: new Date(now.getTime() + this.cfg.ttlMs),
    };
  }

  private running(doc: KeyDoc): Claim {
    return { kind: 'run', keyHash: doc._id, owner: doc.owner, expiresAt: doc.expiresAt };
  }

  /** Compare-and-swap on the owner: of two requests taking over one claim, one wins. */
  private async takeOver(existing: KeyDoc, next: KeyDoc): Promise<boolean> {
    const res = await this.keys.replaceOne({ _id: existing._id, owner: existing.owner }, next);
    return res.modifiedCount === 1;
  }

  /**
   * The holder's lease ran out (its process died): if its write committed, the aggregate
   * holds the response, and the effect must not happen again. A scan of the carriers by a
   * field without an index, paid only after a crash.
   */
  private async fromAggregate(claim: KeyDoc, now: Date): Promise<Claim | undefined> {
    const path = keptPath(claim._id);
    for (const name of carriers) {
      const doc = await this.db.collection(name).findOne({ partnerId: claim.partnerId, [`${path}.expiresAt`]: { $gt: now } }, { projection: { [path]: 1 } });
      const entry = (doc as { idempotency?: Record<string, KeptEntry> } | null)?.idempotency?.[claim._id];
      if (!entry) continue;
      const { expiresAt: _e, ...response } = entry;
      await this.finish(claim._id, claim.owner, response);
      return { kind: 'replay', response };
    }
    return undefined;
  }
}
