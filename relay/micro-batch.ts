/**
 * Gathers calls into one round trip: those made in one turn of the event loop, or, with a
 * linger, within `lingerMs`. A Kafka batch dispatches dozens of deliveries at once, so
 * their record look-ups become one `$in` query; the records, written as responses come
 * in one by one, wait a few milliseconds to go as one unordered bulk insert (the store's
 * cost is mostly per request: 100 inserts in one bulk cost far less than 100 requests).
 *
 * With `oneAtATime`, a batch waits while the previous one runs and then goes with
 * everything that came in meanwhile (group commit): the batches grow with the store's
 * latency instead of piling up as concurrent requests. On mongo-java-server, concurrent
 * bulk inserts into one collection cost far more CPU per document than the same documents
 * in sequence.
 */
export class MicroBatcher<I, O> {
  private pending: Array<{ item: I; resolve: (o: O) => void; reject: (e: unknown) => void }> = [];
  private scheduled = false;
  private running = 0;

  /** `run` answers one result (or an Error for that item alone) per item, in order. */
  constructor(
    private readonly run: (items: I[]) => Promise<Array<O | Error>>,
    private readonly opts: { maxBatch?: number; lingerMs?: number; oneAtATime?: boolean } = {},
  ) {}

  add(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.pending.push({ item, resolve, reject });
      if (this.busy) return; // the running batch's completion sends this one
      if (this.pending.length >= this.maxBatch) return this.flush();
      if (!this.scheduled) {
        this.scheduled = true;
        if (this.opts.lingerMs) setTimeout(() => this.flush(), this.opts.lingerMs);
        else setImmediate(() => this.flush());
      }
    });
  }

  private get maxBatch(): number {
    return this.opts.maxBatch ?? 500;
  }

  private get busy(): boolean {
    return !!this.opts.oneAtATime && this.running > 0;
  }

  private flush(): void {
    this.scheduled = false;
    while (this.pending.length && !this.busy) {
      const batch = this.pending.splice(0, this.maxBatch);
      this.running++;
      this.run(batch.map((p) => p.item)).then(
        (results) => batch.forEach((p, i) => {
          const r = results[i];
          if (r instanceof Error) p.reject(r);
          else p.resolve(r as O);
        }),
        (err) => batch.forEach((p) => p.reject(err)),
      ).finally(() => {
        this.running--;
        if (this.opts.oneAtATime && this.pending.length && !this.scheduled) this.flush();
      });
    }
  }
}
