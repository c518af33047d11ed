/**
 * Gathers the calls made in one turn of the event loop into one round trip. A Kafka batch
 * dispatches dozens of deliveries at once; their record look-ups become one `$in` query
 * and their first records one unordered bulk insert, instead of one request each.
 */
export class MicroBatcher<I, O> {
  private pending: Array<{ item: I; resolve: (o: O) => void; reject: (e: unknown) => void }> = [];
  private scheduled = false;

  /** `run` answers one result (or an Error for that item alone) per item, in order. */
  constructor(private readonly run: (items: I[]) => Promise<Array<O | Error>>, private readonly maxBatch = 500) {}

  add(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.pending.push({ item, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.scheduled = false;
    while (this.pending.length) {
      const batch = this.pending.splice(0, this.maxBatch);
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
