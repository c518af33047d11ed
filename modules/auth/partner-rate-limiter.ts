import type { WindowCount } from './window-counters.js';

export interface RateLimitGrant {
  allowed: boolean;
  limit: number;
  /** requests left in the current window after this one */
  remaining: number;
  /** whole seconds until the window ends */
  resetSeconds: number;
}

/** The store operation the limiter needs: add to a key's counter in the window holding `now`. */
export type ClaimFn = (key: string, windowMs: number, by: number, now: number) => Promise<WindowCount>;

interface WindowState {
  window: number;
  /**
   * Ordinals (1-based, across all instances) our claims cover and we have not served:
   * each range serves next+1 .. end (end never above the limit).
   */
  ranges: Array<{ next: number; end: number }>;
  /** the store said the window is used up: refuse without asking again until it ends */
  exhausted: boolean;
  resetAt: number;
  inflight?: Promise<void>;
}

/**
 * Per-partner requests-per-minute limit shared by every API instance (spec Limits;
 * RATE_LIMIT_PER_MINUTE). Each instance claims quota from the store's window counter in
 * small batches (`$inc` by `batch`) and serves the claimed ordinals from memory, so the
 * store sees one write per `batch` requests, not one per request. Guarantees:
 * - never more than `limit` requests of a partner are allowed in a window, whatever the
 *   number of instances (a claim past the limit is cut at the limit);
 * - at worst each instance leaves `batch - 1` claimed ordinals unused at the end of a
 *   window, so with several instances a partner may be refused up to
 *   `instances × (batch - 1)` requests early in that window (docs/security.md);
 * - once the store reports the window used up, the instance answers 429 from memory until
 *   the window ends: a flooding partner costs the store nothing more;
 * - with batches of 4 or more, the next batch is claimed when half of the current one is
 *   left, so a steady stream of requests does not wait for the store at all (with smaller
 *   limits the batch is 1 and counting is exact).
 */
export class PartnerRateLimiter {
  readonly batch: number;
  private readonly states = new Map<string, WindowState>();

  constructor(
    private readonly claim: ClaimFn,
    readonly limit: number,
    private readonly windowMs = 60_000,
    batch?: number,
  ) {
    this.batch = batch ?? Math.max(1, Math.min(20, Math.floor(limit / 50)));
  }

  async take(partnerId: string, now = Date.now()): Promise<RateLimitGrant> {
    for (;;) {
      const s = this.state(partnerId, now);
      const range = s.ranges[0];
      if (range) {
        range.next += 1;
        const ordinal = range.next;
        if (range.next >= range.end) s.ranges.shift();
        if (this.batch >= 4 && !s.exhausted && !s.inflight && this.left(s) <= this.batch / 2) this.startClaim(partnerId, s, now).catch(() => {});
        return this.grant(true, this.limit - ordinal, s.resetAt, now);
      }
      if (s.exhausted) return this.grant(false, 0, s.resetAt, now);
      await (s.inflight ?? this.startClaim(partnerId, s, now));
    }
  }

  private left(s: WindowState): number {
    return s.ranges.reduce((n, r) => n + r.end - r.next, 0);
  }

  private state(partnerId: string, now: number): WindowState {
    const window = Math.floor(now / this.windowMs);
    let s = this.states.get(partnerId);
    if (!s || s.window !== window) {
      s = { window, ranges: [], exhausted: false, resetAt: (window + 1) * this.windowMs };
      this.states.delete(partnerId); // re-insert: the map stays in least-recently-used order
      this.states.set(partnerId, s);
      this.evictOld(window);
    }
    return s;
  }

  private startClaim(partnerId: string, s: WindowState, now: number): Promise<void> {
    s.inflight = this.claimBatch(partnerId, s, now).finally(() => {
      s.inflight = undefined;
    });
    return s.inflight;
  }

  private async claimBatch(partnerId: string, s: WindowState, now: number): Promise<void> {
    const { count, resetAt } = await this.claim(`rate|${partnerId}`, this.windowMs, this.batch, now);
    const from = count - this.batch; // ordinals from+1 .. count are ours
    s.resetAt = resetAt;
    if (from >= this.limit) {
      s.exhausted = true;
      return;
    }
    s.ranges.push({ next: from, end: Math.min(count, this.limit) });
    if (count >= this.limit) s.exhausted = true; // serve what is left, then refuse
  }

  private grant(allowed: boolean, remaining: number, resetAt: number, now: number): RateLimitGrant {
    return { allowed, limit: this.limit, remaining: Math.max(0, remaining), resetSeconds: Math.max(1, Math.ceil((resetAt - now) / 1000)) };
  }

  /** Windows of earlier minutes are dead state: drop them once the map grows. */
  private evictOld(current: number): void {
    if (this.states.size < 10_000) return;
    for (const [id, st] of this.states) {
      if (st.window !== current && !st.inflight) this.states.delete(id);
      if (this.states.size < 5_000) break;
    }
  }
}
