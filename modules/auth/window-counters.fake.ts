import type { ThrottleCounters } from './login-throttle.js';

/** The store's fixed-window counters (WindowCounters) in memory, with the same before/after semantics. */
export class InMemoryWindowCounters implements ThrottleCounters {
  private readonly docs = new Map<string, { n: number; lastAt?: number }>();

  private doc(key: string, windowMs: number, now: number) {
    const start = Math.floor(now / windowMs) * windowMs;
    const id = `${key}|${start}`;
    const doc = this.docs.get(id) ?? { n: 0 };
    this.docs.set(id, doc);
    return { doc, resetAt: start + windowMs };
  }

  async add(key: string, windowMs: number, by: number, now: number) {
    const { doc, resetAt } = this.doc(key, windowMs, now);
    doc.n += by;
    return { count: doc.n, resetAt };
  }

  async addStamped(key: string, windowMs: number, now: number) {
    const { doc, resetAt } = this.doc(key, windowMs, now);
    const before = { count: doc.n, lastAt: doc.lastAt, resetAt };
    doc.n += 1;
    doc.lastAt = Math.max(doc.lastAt ?? 0, now);
    return before;
  }
}
