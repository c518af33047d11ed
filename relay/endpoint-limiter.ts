import type { Abandon } from './abandon.js';

/**
 * Per-endpoint isolation: at most `limit` attempts in flight to one endpoint (origin); more
 * deliveries for it wait in its own queue, never in front of another endpoint's. A
 * delivery waits at most `maxWaitMs` for a slot, and at most `maxQueued` may wait; past
 * either it is answered BUSY (the caller records a failed attempt and schedules the retry).
 * So a healthy endpoint absorbs a burst, while a hanging one holds `limit` sockets and
 * about `maxWaitMs` worth of queue, and its notifications move along their retry schedule
 * instead of sitting in memory for hours.
 */
export const BUSY = Symbol('endpoint busy');

export class AbortedError extends Error {
  constructor() {
    super('aborted');
    this.name = 'AbortError';
  }
}

interface Waiter {
  start: () => void;
  cancel: () => void;
}

interface Endpoint {
  active: number;
  queue: Waiter[];
}

export class EndpointLimiter {
  private readonly endpoints = new Map<string, Endpoint>();

  constructor(
    private readonly limit: number,
    private readonly maxQueued: number,
    private readonly maxWaitMs: number,
  ) {}

  /**
   * Runs `work` when the endpoint has a free slot; resolves BUSY when its queue is full or no
   * slot came free in time, and rejects with AbortedError when `signal` fires before the
   * work started.
   */
  async run<T>(key: string, work: () => Promise<T>, signal?: Abandon): Promise<T | typeof BUSY> {
    const ep = this.endpoints.get(key) ?? { active: 0, queue: [] };
    this.endpoints.set(key, ep);
    if (ep.active < this.limit) {
      ep.active++;
    } else {
      if (ep.queue.length >= this.maxQueued) return BUSY;
      if (!(await this.waitForSlot(ep, key, signal))) return BUSY; // a slot handed over is already counted
    }
    try {
      return await work();
    } finally {
      const next = ep.queue.shift();
      if (next) {
        next.start();
      } else {
        ep.active--;
        this.forget(key, ep);
      }
    }
  }

  /** Attempts running and waiting for one endpoint (metrics, tests). */
  load(key: string): { active: number; queued: number } {
    const ep = this.endpoints.get(key);
    return { active: ep?.active ?? 0, queued: ep?.queue.length ?? 0 };
  }

  get size(): number {
    return this.endpoints.size;
  }

  /** true: the slot was handed over; false: none came free within maxWaitMs. */
  private waitForSlot(ep: Endpoint, key: string, signal?: Abandon): Promise<boolean> {
    if (signal?.aborted) return Promise.reject(new AbortedError());
    return new Promise<boolean>((resolve, reject) => {
      let unsubscribe: (() => void) | undefined;
      const leave = (queued: boolean) => {
        clearTimeout(timer);
        unsubscribe?.();
        if (queued) {
          const i = ep.queue.indexOf(waiter);
          if (i >= 0) ep.queue.splice(i, 1);
          this.forget(key, ep);
        }
      };
      const onAbort = () => {
        leave(true);
        reject(new AbortedError());
      };
      const timer = setTimeout(() => {
        leave(true);
        resolve(false);
      }, this.maxWaitMs);
      // `start` is called after the waiter was shifted off the queue
      const waiter: Waiter = {
        start: () => {
          leave(false);
          resolve(true);
        },
        cancel: onAbort,
      };
      ep.queue.push(waiter);
      unsubscribe = signal?.onAbort(onAbort);
    });
  }

  private forget(key: string, ep: Endpoint): void {
    if (ep.active === 0 && ep.queue.length === 0 && this.endpoints.get(key) === ep) this.endpoints.delete(key);
  }
}
