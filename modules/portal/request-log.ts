import type { Collection, Db, Filter } from 'mongodb';
import type { Middleware } from 'koa';
import { AppError } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import type { Logger } from '../../platform/logger.js';
import type { AppState } from '../../platform/http/state.js';

/** How long a partner's API requests stay in its request log. */
export const REQUEST_LOG_RETENTION_MS = 7 * 86_400_000;
/** Entries written in one batch at most; a batch also leaves after FLUSH_MS. */
const BATCH = 200;
const FLUSH_MS = 500;
/** Entries waiting at most: past it (a store that does not answer) new ones are dropped, never the API's memory. */
const MAX_PENDING = 10_000;

/** One request of the partner API: no bodies and no query string (they hold customer data). */
export interface RequestLogDoc {
  _id: string;
  partnerId: string;
  at: Date;
  method: string;
  path: string;
  status: number;
  requestId: string;
  idempotencyKey?: string;
  durationMs: number;
  /** the TTL index removes the entry then */
  expiresAt: Date;
}

export type StatusClass = '2xx' | '3xx' | '4xx' | '5xx';

/**
 * The partner's API request log, the way Stripe's lets a shop debug its integration. The
 * middleware only measures and queues; entries are written in batches off the request's
 * path, so a request pays a few microseconds, not a store round trip. A TTL index keeps
 * seven days; the list's index starts with partnerId and walks newest first, with the
 * status in the index so a status filter is judged on index keys.
 */
export class RequestLog {
  readonly collection: Collection<RequestLogDoc>;
  private pending: RequestLogDoc[] = [];
  private timer?: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();
  dropped = 0;

  constructor(
    db: Db,
    private readonly logger: Logger,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.collection = db.collection('partner_request_log');
  }

  /** Built by the portal module's migration. */
  static async createIndexes(db: Db): Promise<void> {
    const collection = db.collection('partner_request_log');
    await collection.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0 });
    await collection.createIndex({ partnerId: 1, at: -1, _id: -1, status: 1 }, { name: 'partner_newest_status' });
  }

  /** The middleware on the partner API (after the bearer check: it logs authenticated requests only). */
  middleware(): Middleware<AppState> {
    return async (ctx, next) => {
      const started = performance.now();
      let status: number | undefined;
      try {
        await next();
        status = ctx.status;
      } catch (err) {
        status = err instanceof AppError ? err.status : ((err as { status?: number }).status ?? 500);
        throw err;
      } finally {
        const partner = ctx.state.partner;
        if (partner) {
          const key = ctx.get('Idempotency-Key');
          this.add({
            partnerId: partner.id,
            method: ctx.method,
            path: ctx.path,
            status: status ?? 500,
            requestId: ctx.state.requestId,
            durationMs: Math.round((performance.now() - started) * 10) / 10,
            ...(key ? { idempotencyKey: key.slice(0, 255) } : {}),
          });
        }
      }
    };
  }

  add(entry: Omit<RequestLogDoc, '_id' | 'at' | 'expiresAt'>): void {
    if (this.pending.length >= MAX_PENDING) {
      this.dropped += 1;
      return;
    }
    const at = this.now();
    this.pending.push({ _id: newId(), at, expiresAt: new Date(at.getTime() + REQUEST_LOG_RETENTION_MS), ...entry });
    if (this.pending.length >= BATCH) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), FLUSH_MS).unref();
  }

  /** Writes what is queued (the module's stop waits for it). */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.pending;
    this.pending = [];
    if (!batch.length) return this.flushing;
    this.flushing = this.flushing.then(() =>
      this.collection.insertMany(batch, { ordered: false }).then(
        () => undefined,
        (err) => {
          this.logger.warn({ err, entries: batch.length }, 'request log entries not written');
        },
      ),
    );
    return this.flushing;
  }

  /** Newest first, optionally one status class, `before` the (at, id) of the previous page's last entry. */
  list(partnerId: string, q: { status?: StatusClass; before?: { at: Date; id: string }; limit: number }, since: Date): Promise<RequestLogDoc[]> {
    const filter: Filter<RequestLogDoc> = { partnerId, at: { $gte: since } };
    if (q.status) {
      const low = Number(q.status[0]) * 100;
      filter.status = { $gte: low, $lt: low + 100 };
    }
    if (q.before) filter.$or = [{ at: { $lt: q.before.at, $gte: since } }, { at: q.before.at, _id: { $lt: q.before.id } }];
    return this.collection.find(filter).sort({ at: -1, _id: -1 }).limit(q.limit).toArray();
  }
}
