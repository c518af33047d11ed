/**
 * The one backoff-and-retry loop of the service's processes (consumers, the relay's lanes
 * and deliverer): a failed step is tried again after 100 ms, doubling up to a cap, until it
 * succeeds or `onFailure` gives up by throwing. Infrastructure outages are the usual cause,
 * so waiting in place (an uncommitted offset, a task that keeps its place) loses nothing.
 */
export interface RetryOptions {
  /**
   * Called after each failure with the count so far (1, 2, ...), before the wait: log or
   * count it, or throw (the error itself, or another) to stop retrying.
   */
  onFailure(err: unknown, failures: number): void | Promise<void>;
  /** the longest wait (default 5 s) */
  capMs?: number;
  /** ends a wait early (shutdown); gets the wake-up and returns its unsubscribe */
  interrupt?: (wake: () => void) => () => void;
  /** runs after each wait, before the next try (a consumer's heartbeat) */
  afterWait?: () => Promise<void>;
}

export const DEFAULT_BACKOFF_CAP_MS = 5_000;

/** The wait after the `failures`-th failure: 100 ms, 200 ms, 400 ms, ... up to `capMs`. */
export function backoffMs(failures: number, capMs = DEFAULT_BACKOFF_CAP_MS): number {
  return Math.min(100 * 2 ** Math.max(0, failures - 1), capMs);
}

export async function retryWithBackoff<T>(step: () => Promise<T>, opts: RetryOptions): Promise<T> {
  for (let failures = 1; ; failures++) {
    try {
      return await step();
    } catch (err) {
      await opts.onFailure(err, failures);
      await pause(backoffMs(failures, opts.capMs), opts.interrupt);
      await opts.afterWait?.();
    }
  }
}

/** Waits `ms`, or until `interrupt` wakes it. */
export function pause(ms: number, interrupt?: RetryOptions['interrupt']): Promise<void> {
  return new Promise<void>((resolve) => {
    let unsubscribe: (() => void) | undefined;
    const done = () => {
      clearTimeout(timer);
      unsubscribe?.();
      resolve();
    };
    const timer = setTimeout(done, ms);
    unsubscribe = interrupt?.(done);
  });
}
