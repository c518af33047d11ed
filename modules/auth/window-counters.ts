import type { Collection, Db } from 'mongodb';
import { isDuplicateKey } from '../../platform/mongo.js';

export interface CounterDoc {
  /** `<scope>|<key>|<window start ms>`: one document per key and window */
  _id: string;
  n: number;
  /** epoch ms of the last counted event (backoff), where it is kept */
  lastAt?: number;
  /** end of the window; the sweeper removes the document after it (no TTL index, INFRA) */
  expiresAt: Date;
}

export interface WindowCount {
  count: number;
  /** epoch ms at which the window ends and the count starts again from zero */
  resetAt: number;
}

/**
 * Fixed-window counters in the store, shared by every API instance: one atomic `$inc`
 * upsert of a document addressed by `_id` alone (the one query shape mongo-java-server
 * answers from an index; MongoDB 7 does the same). Expiry is explicit: the window is part
 * of the id, so a stale document is never read again, and `sweep` deletes ended windows.
 *
 * Why not rate-limiter-flexible's RateLimiterMongo: it looks documents up by
 * `{key, $or: [{expire}, ...]}` (a collection scan on mongo-java-server on every request),
 * relies on a TTL index for clean-up, and has no way to claim quota in batches.
 */
export class WindowCounters {
  readonly collection: Collection<CounterDoc>;

  constructor(db: Db, name = 'auth_counters') {
    this.collection = db.collection<CounterDoc>(name);
  }

  /** The index of `sweep`'s filter (MongoDB reads it; mongo-java-server scans, on a rare call); a migration builds it. */
  static async createIndexes(db: Db, name = 'auth_counters'): Promise<void> {
    await db.collection(name).createIndex({ expiresAt: 1 });
  }

  static window(windowMs: number, now: number): { start: number; resetAt: number } {
    const start = Math.floor(now / windowMs) * windowMs;
    return { start, resetAt: start + windowMs };
  }

  /** Adds `by` (may be negative: a refund) and returns the count after it. */
  async add(key: string, windowMs: number, by: number, now = Date.now()): Promise<WindowCount> {
    const { start, resetAt } = WindowCounters.window(windowMs, now);
    const _id = `${key}|${start}`;
    const op = () =>
      this.collection.findOneAndUpdate({ _id }, { $inc: { n: by }, $setOnInsert: { expiresAt: new Date(resetAt) } }, { upsert: true, returnDocument: 'after' });
    // two first upserts of one id can race on MongoDB; the loser's retry finds the document
    const doc = await op().catch((err) => (isDuplicateKey(err) ? op() : Promise.reject(err)));
    return { count: doc?.n ?? by, resetAt };
  }

  /**
   * Adds one and stamps the time, returning the count and stamp from *before* this call:
   * what a backoff needs to judge whether the attempt came too soon after the last one.
   */
  async addStamped(key: string, windowMs: number, now = Date.now()): Promise<WindowCount & { lastAt: number | undefined }> {
    const { start, resetAt } = WindowCounters.window(windowMs, now);
    const _id = `${key}|${start}`;
    const op = () =>
      this.collection.findOneAndUpdate(
        { _id },
        { $inc: { n: 1 }, $max: { lastAt: now }, $setOnInsert: { expiresAt: new Date(resetAt) } },
        { upsert: true, returnDocument: 'before' },
      );
    const doc = await op().catch((err) => (isDuplicateKey(err) ? op() : Promise.reject(err)));
    return { count: doc?.n ?? 0, lastAt: doc?.lastAt, resetAt };
  }

  async peek(key: string, windowMs: number, now = Date.now()): Promise<WindowCount> {
    const { start, resetAt } = WindowCounters.window(windowMs, now);
    const doc = await this.collection.findOne({ _id: `${key}|${start}` });
    return { count: doc?.n ?? 0, resetAt };
  }

  /** Deletes the counters of ended windows (a rare call). */
  async sweep(now = new Date()): Promise<number> {
    return (await this.collection.deleteMany({ expiresAt: { $lte: now } })).deletedCount;
  }
}
