/**
 * When something this process wrote falls due for expiry: an application's
 * `expiresAt`, a READY recurrence's `validUntil`. The expiry sweeper runs a pass only when
 * a noted time has come, or as a backstop (ExpirySweeper), because a pass is two range
 * queries, and on a store that cannot answer range queries from an index (mongo-java-server,
 * FerretDB v1) each is a scan of the whole applications collection. Polling every 30 s cost
 * mongo-java-server about 4 s of CPU per pass with 20 000 applications.
 *
 * Times are kept rounded up to `granularityMs` (the sweeper's heartbeat), so memory is
 * bounded by horizon / granularity: 5 760 entries for 48 h at 30 s. Times further ahead
 * than `horizonMs` are not kept; the backstop pass takes them.
 */
export class ExpirySchedule {
  private readonly due = new Set<number>();

  constructor(private readonly opts: { granularityMs: number; horizonMs: number }) {}

  /** Remembers that something expires at `at` (nothing for null: not expiring). */
  note(at: Date | null | undefined, now = Date.now()): void {
    if (!at) return;
    const t = at.getTime();
    if (t - now > this.opts.horizonMs) return;
    const g = this.opts.granularityMs;
    this.due.add(Math.ceil(t / g) * g);
  }

  /** Whether a noted time has come by `now`; what has come is forgotten. */
  takeDue(now = Date.now()): boolean {
    let any = false;
    for (const at of this.due) {
      if (at <= now) {
        this.due.delete(at);
        any = true;
      }
    }
    return any;
  }

  /** How many distinct (rounded) times are kept. */
  get size(): number {
    return this.due.size;
  }
}
