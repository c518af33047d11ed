/**
 * Gathers calls into one round trip: those made in one turn of the event loop, or, with a
 * linger, within `lingerMs`. A Kafka batch dispatches dozens of deliveries at once, so
 * their record look-ups become one `$in` query; the records, written as responses come
 * in one by one, wait a few milliseconds to go as one unordered bulk insert (the store's
 * cost is mostly per request: 100 inserts in one bulk cost far less than 100 requests).
 */
export class MicroBatcher<I, O> {
  private pending: Array<{ item: I; resolve: (o: O) => void; reject: (e: unknown) => void }> = [];
  private scheduled = false;

  /** `run` answers one result (or an Error for that item alone) per item, in order. */
  constructor(
    private readonly run: (items: I[]) => Promise<Array<O | Error>>,
    private readonly opts: { maxBatch?: number; lingerMs?: number } = {},
  ) {}

  add(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.pending.push({ item, resolve, reject });
      if (this.pending.length >= (this.opts.maxBatch ?? 500)) return this.flush();
      if (!this.scheduled) {
        this.scheduled = true;
        if (this.opts.lingerMs) setTimeout(() => this.flush(), this.opts.lingerMs);
        else setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.scheduled = false;
    while (this.pending.length) {
      const batch = this.pending.splice(0, this.opts.maxBatch ?? 500);
      this.run(batch.map((p) => p.item)).then(
        (results) => batch.forEach((p, i) => {
          const r = results[i];
          if (r instanceof Error) p.reject(r);
          else p.resolve(r as O);
        }),
        (err) => batch.forEach((p) => p.reject(err)),
      );
    }
  }
}
