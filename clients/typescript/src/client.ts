import { randomUUID } from 'node:crypto';
import createClient, { type Client } from 'openapi-fetch';
import type { paths } from './generated/api.js';
import { FinancingApiError } from './errors.js';
import { DEFAULT_RETRY, isRetriableStatus, retryAfterMs, retryDelayMs, sleep as realSleep, type RetryPolicy } from './retry.js';
import { Session, loginWith } from './session.js';
import { fetchTrusting } from './transport.js';

export type Fetch = (req: Request) => Promise<Response>;
/** The typed calls: `api.GET('/financing/v1/applications/{applicationId}', {params: {path: {applicationId}}})`. */
export type FinancingApi = Client<paths>;

export interface FinancingClientOptions {
  /** e.g. `https://localhost:8443` */
  baseUrl: string;
  username: string;
  password: string;
  /** PEM certificate(s) to trust for this service only (a local self-signed one); default: the system's CAs */
  ca?: string | Buffer | Array<string | Buffer>;
  retry?: Partial<RetryPolicy>;
  /** renew the token this long before it expires (default 60 s) */
  renewBeforeMs?: number;
  /** the HTTP transport (tests pass a fake); default: global fetch, or one trusting `ca` */
  fetch?: Fetch;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

const WRITES = new Set(['POST', 'PUT', 'PATCH']);

/**
 * Repeats a request that failed for a passing reason (429, 503, a connection error), after
 * the server's Retry-After or a backoff, at most `maxAttempts` times in all. The same
 * Request (same Idempotency-Key) goes out each time, so a write the server did perform
 * before the connection broke is answered from its record instead of being done twice.
 */
export function withRetries(transport: Fetch, policy: RetryPolicy, sleep = realSleep): Fetch {
  return async (req) => {
    for (let attempt = 1; ; attempt++) {
      let res: Response;
      try {
        res = await transport(req.clone());
      } catch (err) {
        if (attempt >= policy.maxAttempts || req.signal.aborted) throw err;
        await sleep(retryDelayMs(policy, attempt));
        continue;
      }
      if (!isRetriableStatus(res) || attempt >= policy.maxAttempts) return res;
      await res.body?.cancel();
      await sleep(retryDelayMs(policy, attempt, retryAfterMs(res.headers.get('retry-after'))));
    }
  };
}

/**
 * A client of the Partner Financing API. Every call carries a fresh bearer token, every
 * write under /financing/ an Idempotency-Key (a random UUID unless the caller set one),
 * passing failures are retried, and an error answer is raised as a FinancingApiError.
 */
export function createFinancingClient(opts: FinancingClientOptions): FinancingApi {
  const policy: RetryPolicy = { ...DEFAULT_RETRY, ...opts.retry };
  const transport: Fetch = opts.fetch ?? (opts.ca ? fetchTrusting(opts.ca) : (req) => fetch(req));
  const retrying = withRetries(transport, policy, opts.sleep);
  const session = new Session(
    loginWith(opts.baseUrl, retrying),
    { username: opts.username, password: opts.password },
    opts.renewBeforeMs ?? 60_000,
    opts.now,
  );

  const authenticated: Fetch = async (req) => {
    const { pathname } = new URL(req.url);
    const headers = new Headers(req.headers);
    if (WRITES.has(req.method) && pathname.startsWith('/financing/') && !headers.has('idempotency-key')) {
      headers.set('idempotency-key', randomUUID());
    }
    const body = req.body ? await req.arrayBuffer() : undefined;
    const withToken = (token: string) => {
      const h = new Headers(headers);
      h.set('authorization', `Bearer ${token}`);
      return new Request(req.url, { method: req.method, headers: h, body, signal: req.signal });
    };
    let res = await retrying(withToken(await session.bearer()));
    // a token revoked before its expiry: one fresh login, then the same request again
    if (res.status === 401) res = await retrying(withToken(await session.renew()));
    if (!res.ok) throw await FinancingApiError.from(res, req.method, pathname);
    return res;
  };

  return createClient<paths>({ baseUrl: opts.baseUrl, fetch: authenticated });
}

/** The body of a successful call; errors were already raised by the client. */
export async function must<R extends { data?: unknown; response: Response }>(call: Promise<R> | R): Promise<NonNullable<R['data']>> {
  const { data, response } = await call;
  if (data === undefined || data === null) throw new Error(`${response.status} from ${response.url || 'the API'} came without a body`);
  return data as NonNullable<R['data']>;
}
