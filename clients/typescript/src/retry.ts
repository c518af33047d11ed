/** How the client repeats a call that failed for a passing reason. */
export interface RetryPolicy {
  /** tries in all, the first included (default 4) */
  maxAttempts: number;
  /** the longest the client waits before one retry, whatever Retry-After says (default 30 s) */
  maxDelayMs: number;
  /** the first wait after a connection error, doubled on each further one (default 250 ms) */
  baseDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 4, maxDelayMs: 30_000, baseDelayMs: 250 };

/**
 * 429 (rate limit), 503 (maintenance, a dependency down) and 409 IDEMPOTENCY_KEY_IN_USE
 * (our own earlier try of this very request is still running) all say "later"; anything
 * else is an answer. The 409 is told apart by its Retry-After, which only that 409 carries.
 */
export function isRetriableStatus(res: Response): boolean {
  return res.status === 429 || res.status === 503 || (res.status === 409 && res.headers.has('retry-after'));
}

/** Retry-After as seconds or an HTTP date, in ms; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** The wait before retry number `retry` (1-based): the server's word when it gave one, else backoff. */
export function retryDelayMs(policy: RetryPolicy, retry: number, retryAfter?: number): number {
  const wanted = retryAfter ?? policy.baseDelayMs * 2 ** (retry - 1);
  return Math.min(wanted, policy.maxDelayMs);
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
