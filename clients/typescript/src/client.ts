import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import createClient, { type Client } from 'openapi-fetch';
import type { paths } from './generated/api.js';
import { FinancingApiError, FinancingConnectionError, isCertificateCode, networkErrorCode } from './errors.js';
import { DEFAULT_RETRY, isRetriableAnswer, retryAfterMs, retryDelayMs, sleep as realSleep, type RetryPolicy } from './retry.js';
import { Session, loginWith } from './session.js';
import { fetchTrusting } from './transport.js';
import { CLIENT_VERSION } from './version.js';

export type Fetch = (req: Request) => Promise<Response>;
/** The typed calls: `api.GET('/financing/v1/applications/{applicationId}', {params: {path: {applicationId}}})`. */
export type FinancingApi = Client<paths>;

export interface FinancingClientOptions {
  /** e.g. `https://localhost:8443` */
  baseUrl: string;
  username: string;
  password: string;
  /**
   * PEM certificate(s) to trust for this service only (a local self-signed one, a staging
   * CA); default: the system's CAs. Not together with `fetch`: a custom fetch makes its own
   * connections, so its TLS settings are the caller's (`fetchTrusting(ca)` makes one).
   */
  ca?: string | Buffer | Array<string | Buffer>;
  /** the same as `ca`, read from this PEM file when the client is created */
  caFile?: string;
  retry?: Partial<RetryPolicy>;
  /** how long one try may wait for its answer before it counts as a broken connection (default 30 s; 0: no limit) */
  timeoutMs?: number;
  /** renew the token this long before it expires (default 60 s) */
  renewBeforeMs?: number;
  /** the HTTP transport (tests pass a fake); default: global fetch, or one trusting `ca` */
  fetch?: Fetch;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

const WRITES = new Set(['POST', 'PUT', 'PATCH']);

/**
 * Repeats a request whose answer says "later" (see `isRetriable`: 409
 * CONCURRENT_MODIFICATION and IDEMPOTENCY_KEY_IN_USE, 429, 500, 502, 503, 504) or that got no
 * answer (a refused or reset connection, no answer within `timeoutMs`), after the server's
 * Retry-After or a doubling backoff, at most `maxAttempts` times in all. The same Request
 * (same Idempotency-Key) goes out each time, so a write the server did perform before the
 * connection broke is answered from its record instead of being done twice. When the last
 * try got no answer, a FinancingConnectionError says why.
 */
export function withRetries(transport: Fetch, policy: RetryPolicy, sleep = realSleep, timeoutMs = 0): Fetch {
  return async (req) => {
    for (let attempt = 1; ; attempt++) {
      let res: Response;
      try {
        const signal = timeoutMs > 0 ? AbortSignal.any([req.signal, AbortSignal.timeout(timeoutMs)]) : req.signal;
        res = await transport(new Request(req.clone(), { signal }));
      } catch (err) {
        if (req.signal.aborted) throw err; // the caller's own abort
        const code = networkErrorCode(err);
        // an untrusted certificate is a set-up problem: another try only delays saying so
        if (attempt >= policy.maxAttempts || isCertificateCode(code))
          throw new FinancingConnectionError(req.method, new URL(req.url).pathname, code, attempt, err);
        await sleep(retryDelayMs(policy, attempt));
        continue;
      }
      if (attempt >= policy.maxAttempts || !(await isRetriableAnswer(res))) return res;
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
  const retrying = withRetries(transportOf(opts), policy, opts.sleep, opts.timeoutMs ?? 30_000);
  const session = new Session(loginWith(opts.baseUrl, retrying), { username: opts.username, password: opts.password }, opts.renewBeforeMs ?? 60_000, opts.now);

  const authenticated: Fetch = async (req) => {
    const { pathname } = new URL(req.url);
    const headers = new Headers(req.headers);
    if (WRITES.has(req.method) && pathname.startsWith('/financing/') && !headers.has('idempotency-key')) {
      headers.set('idempotency-key', randomUUID());
    }
    if (!headers.has('user-agent')) headers.set('user-agent', USER_AGENT);
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

const USER_AGENT = `partner-financing-client/${CLIENT_VERSION} node/${process.versions.node}`;

/** The connection: the caller's fetch, or one trusting `ca` / `caFile`, or the global fetch. */
function transportOf(opts: FinancingClientOptions): Fetch {
  const ca = opts.caFile !== undefined ? readCaFile(opts.caFile) : opts.ca;
  if (opts.fetch && ca !== undefined) {
    throw new TypeError(
      'createFinancingClient: give `ca`/`caFile` or `fetch`, not both: a custom fetch makes its own connections, so trusting the certificate is up to it (wrap `fetchTrusting(ca)` to keep both)',
    );
  }
  if (opts.fetch) return opts.fetch;
  return ca !== undefined ? fetchTrusting(ca) : (req) => fetch(req);
}

function readCaFile(file: string): string {
  let pem: string;
  try {
    pem = readFileSync(file, 'utf8');
  } catch (err) {
    throw new TypeError(`createFinancingClient: caFile ${file} cannot be read (${(err as NodeJS.ErrnoException).code ?? err})`);
  }
  if (!pem.includes('-----BEGIN CERTIFICATE-----'))
    throw new TypeError(`createFinancingClient: caFile ${file} holds no PEM certificate (-----BEGIN CERTIFICATE-----)`);
  return pem;
}

/** The body of a successful call; errors were already raised by the client. */
export async function must<R extends { data?: unknown; response: Response }>(call: Promise<R> | R): Promise<NonNullable<R['data']>> {
  const { data, response } = await call;
  if (data === undefined || data === null) throw new Error(`${response.status} from ${response.url || 'the API'} came without a body`);
  return data as NonNullable<R['data']>;
}
