import type { Clock } from './clock.js';

/**
 * Gathers calls into one round trip: those made in one turn of the event loop, or, with a
 * linger, within `lingerMs`. A Kafka batch dispatches dozens of deliveries at once, so
 * their record look-ups become one `$in` query; the records, written as responses come
 * in one by one, wait a few milliseconds to go as one unordered bulk insert (the store's
 * cost is mostly per request: 100 inserts in one bulk cost far less than 100 requests).
 *
 * `serial` keeps one batch in flight at a time, in the order of the calls: an idle batcher
 * sends a call at once, and every call made while a batch is in flight goes with the next
 * one (the outbox publisher: per-key order holds because no batch overtakes another).
 */
export interface MicroBatchOptions<I> {
  /** the most a batch holds, measured by `sizeOf` (default 500 items) */
  maxBatch?: number;
  lingerMs?: number;
  serial?: boolean;
  /** an item's share of `maxBatch` (default 1) */
  sizeOf?: (item: I) => number;
  /** whose time the linger waits on (a test passes a ManualClock); by default a plain timer */
  clock?: Pick<Clock, 'after'>;
}

interface Call<I, O> {
  item: I;
  resolve: (o: O) => void;
  reject: (e: unknown) => void;
}

export class MicroBatcher<I, O> {
  private pending: Array<Call<I, O>> = [];
  private scheduled = false;
  private draining: Promise<void> | undefined;

  /** `run` answers one result (or an Error for that item alone) per item, in order. */
  constructor(
    private readonly run: (items: I[]) => Promise<Array<O | Error>>,
    private readonly opts: MicroBatchOptions<I> = {},
  ) {}

  add(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.pending.push({ item, resolve, reject });
      if (this.opts.serial) {
        this.draining ??= this.drain();
        return;
      }
      if (this.size() >= this.maxBatch) return this.flush();
      if (!this.scheduled) {
        this.scheduled = true;
        if (this.opts.lingerMs) this.linger(this.opts.lingerMs);
        else setImmediate(() => this.flush());
      }
    });
  }

  private linger(ms: number): void {
    // a plain timer keeps the process alive while calls wait on it; a clock's may not
    if (this.opts.clock) this.opts.clock.after(ms, () => this.flush());
    else setTimeout(() => this.flush(), ms);
  }

  /** Resolves once nothing is pending or in flight (serial batchers). */
  async idle(): Promise<void> {
    while (this.draining) await this.draining;
  }

  private get maxBatch(): number {
    return this.opts.maxBatch ?? 500;
  }

  private size(calls = this.pending): number {
    const sizeOf = this.opts.sizeOf;
    return sizeOf ? calls.reduce((a, c) => a + sizeOf(c.item), 0) : calls.length;
  }

  private flush(): void {
    this.scheduled = false;
    while (this.pending.length) void this.runBatch(this.take());
  }

  private async drain(): Promise<void> {
    try {
      while (this.pending.length) await this.runBatch(this.take());
    } finally {
      this.draining = undefined;
    }
  }

  /** The next batch: calls in order until it is full (always at least one). */
  private take(): Array<Call<I, O>> {
    let n = 0;
    let size = 0;
    const sizeOf = this.opts.sizeOf ?? (() => 1);
    while (n < this.pending.length && size < this.maxBatch) size += sizeOf(this.pending[n++]!.item);
    return this.pending.splice(0, n);
  }

  private runBatch(batch: Array<Call<I, O>>): Promise<void> {
    return this.run(batch.map((c) => c.item)).then(
      (results) =>
        batch.forEach((c, i) => {
          const r = results[i];
          if (r instanceof Error) c.reject(r);
          else c.resolve(r as O);
        }),
      (err) => batch.forEach((c) => c.reject(err)),
    );
  }
}
