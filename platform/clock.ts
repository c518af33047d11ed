/**
 * Time, as the code that reads it or waits on it sees it. Production passes `systemClock`;
 * a test passes a `ManualClock` and moves it forward, so nothing in a test waits for real
 * time to pass (expiry, token and link lifetimes, sweeper heartbeats).
 */
export interface Clock {
  now(): Date;
  /**
   * Calls `fn` once `ms` of this clock's time have passed; the returned function cancels it.
   * A promise `fn` returns is the work the timer started: a ManualClock waits for it.
   */
  after(ms: number, fn: () => unknown): () => void;
}

/** The wall clock; its timers do not keep the process alive. */
export const systemClock: Clock = {
  now: () => new Date(),
  after: (ms, fn) => {
    const timer = setTimeout(fn, ms);
    timer.unref();
    return () => clearTimeout(timer);
  },
};

interface PendingTimer {
  at: number;
  seq: number;
  fn: () => unknown;
}

/**
 * A clock that moves only when told. `advance` fires the timers that fall due on the way,
 * in time order, and waits for the work each one starts (the promise it returns, then a
 * few turns of the event loop) before the next.
 */
export class ManualClock implements Clock {
  private ms: number;
  private seq = 0;
  private timers: PendingTimer[] = [];

  constructor(start: Date | number = Date.UTC(2030, 0, 1)) {
    this.ms = typeof start === 'number' ? start : start.getTime();
  }

  now(): Date {
    return new Date(this.ms);
  }

  after(ms: number, fn: () => unknown): () => void {
    const timer = { at: this.ms + Math.max(0, ms), seq: this.seq++, fn };
    this.timers.push(timer);
    return () => {
      this.timers = this.timers.filter((t) => t !== timer);
    };
  }

  /** Timers not yet fired. */
  get pending(): number {
    return this.timers.length;
  }

  /** Moves time forward by `ms`, firing what falls due on the way. */
  async advance(ms: number): Promise<void> {
    const target = this.ms + ms;
    for (let next = this.nextDue(target); next; next = this.nextDue(target)) {
      this.timers = this.timers.filter((t) => t !== next);
      this.ms = next.at;
      await next.fn();
      await settle();
    }
    this.ms = target;
    await settle();
  }

  /** Sets the time (forward only), firing what falls due on the way. */
  advanceTo(at: Date): Promise<void> {
    return this.advance(Math.max(0, at.getTime() - this.ms));
  }

  private nextDue(target: number): PendingTimer | undefined {
    let first: PendingTimer | undefined;
    for (const t of this.timers) {
      if (t.at <= target && (!first || t.at < first.at || (t.at === first.at && t.seq < first.seq))) first = t;
    }
    return first;
  }
}

/**
 * Lets promise chains started by a fired timer run to their next real wait. In-memory fakes
 * resolve within a few turns of the event loop; this waits on the loop, never on wall time.
 */
export async function settle(turns = 20): Promise<void> {
  for (let i = 0; i < turns; i++) await new Promise((r) => setImmediate(r));
}
