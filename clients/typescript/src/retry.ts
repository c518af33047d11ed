/** How the client repeats a call that failed for a passing reason. */
export interface RetryPolicy {
  /** tries in all, the first included (default 4) */
  maxAttempts: number;
  /** the longest the client waits before one retry, whatever Retry-After says (default 30 s) */
  maxDelayMs: number;
  /** the first wait when the answer gave no Retry-After, doubled on each further one (default 250 ms) */
  baseDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 4, maxDelayMs: 30_000, baseDelayMs: 250 };

/**
 * The 409 codes that say "repeat": the request lost a race with another change of the same
 * application (`CONCURRENT_MODIFICATION`), or an earlier try with this very Idempotency-Key
 * is still running (`IDEMPOTENCY_KEY_IN_USE`). The service keeps no answer for either, so
 * the same request with the same key runs (or replays) the next time.
 */
export const RETRIED_CONFLICTS: readonly string[] = ['CONCURRENT_MODIFICATION', 'IDEMPOTENCY_KEY_IN_USE'];

/**
 * Statuses that say "later" whatever their code: 429 (the rate limit or the login throttle),
 * 500 (an unexpected error: the service keeps no answer for a 5xx, so the same key runs the
 * request again), 502 and 504 (a proxy in front of the service), 503 (maintenance, the
 * database not answering).
 */
export const RETRIED_STATUSES: readonly number[] = [429, 500, 502, 503, 504];

/**
 * Whether an answer is repeated: the retry table of the README and the partner guide in
 * code (`test/clients/retry-table.spec.ts` reads both tables and asks this function).
 * `code` is the first error record's code; a 409 without a readable body counts as a
 * conflict to repeat when it carries Retry-After.
 */
export function isRetriable(status: number, code: string | undefined, hasRetryAfter = false): boolean {
  if (RETRIED_STATUSES.includes(status)) return true;
  if (status === 409) return code === undefined ? hasRetryAfter : RETRIED_CONFLICTS.includes(code);
  return false;
}

/** `isRetriable` for a Response; reads the code of a 409 from a copy of its body. */
export async function isRetriableAnswer(res: Response): Promise<boolean> {
  if (res.status !== 409) return isRetriable(res.status, undefined);
  const body = (await res
    .clone()
    .json()
    .catch(() => undefined)) as { errors?: Array<{ code?: unknown }> } | undefined;
  const code = body?.errors?.[0]?.code;
  return isRetriable(409, typeof code === 'string' ? code : undefined, res.headers.has('retry-after'));
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
