/**
 * Per-endpoint isolation: at most `limit` attempts in flight to one endpoint (origin), and at
 * most `maxQueued` more waiting for a slot. A slow or hanging endpoint therefore holds at
 * most `limit` sockets and `limit + maxQueued` deliveries of the relay; a further delivery
 * for it is answered BUSY at once (the caller records a failed attempt and schedules the
 * retry), so it never takes capacity from another partner's endpoint.
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

  constructor(private readonly limit: number, private readonly maxQueued: number) {}

  /**
   * Runs `work` when the endpoint has a free slot; resolves BUSY when its queue is full, and
   * rejects with AbortedError when `signal` fires before the work started.
   */
  async run<T>(key: string, work: () => Promise<T>, signal?: AbortSignal): Promise<T | typeof BUSY> {
    const ep = this.endpoints.get(key) ?? { active: 0, queue: [] };
    this.endpoints.set(key, ep);
    if (ep.active < this.limit) {
      ep.active++;
    } else {
      if (ep.queue.length >= this.maxQueued) return BUSY;
      await this.waitForSlot(ep, key, signal); // the slot is handed over, already counted
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

  private waitForSlot(ep: Endpoint, key: string, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(new AbortedError());
    return new Promise<void>((resolve, reject) => {
      const onAbort = () => waiter.cancel();
      const waiter: Waiter = {
        start: () => { signal?.removeEventListener('abort', onAbort); resolve(); },
        cancel: () => {
          const i = ep.queue.indexOf(waiter);
          if (i >= 0) ep.queue.splice(i, 1);
          this.forget(key, ep);
          reject(new AbortedError());
        },
      };
      ep.queue.push(waiter);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  private forget(key: string, ep: Endpoint): void {
    if (ep.active === 0 && ep.queue.length === 0 && this.endpoints.get(key) === ep) this.endpoints.delete(key);
  }
}
