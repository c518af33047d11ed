import { systemClock, type Clock } from '../platform/clock.js';
import http from 'node:http';
import https from 'node:https';
import { PROJECT_NAME } from '../platform/version.js';
import type { Abandon } from './abandon.js';
import type { AttemptResult } from '../modules/webhooks/index.js';
import { assertTargetAllowed, guardedLookup, RefusedAddressError } from '../platform/net/ssrf-guard.js';
import type { Logger } from '../platform/logger.js';

/**
 * One webhook POST: per-attempt deadline over connect + response + body, no redirects
 * (a 3xx is a failed attempt), the private-network guard at connect time, and the spec's
 * acknowledgement (the spec's rule): a 2xx whose JSON body has `status: "OK"`.
 */
export interface WebhookClientOptions {
  timeoutMs: number;
  allowPrivateNetworks: boolean;
  /** where the details of a refused or failed connection go (they stay out of the record) */
  logger?: Logger;
  /**
   * The time an attempt's record is stamped with (default: the wall clock). The socket's
   * own timeout runs on real time: it is about the wire, not the record.
   */
  clock?: Clock;
}

/**
 * A failed attempt's `error` is the partner's to read (the deliveries API), so it names the
 * kind of failure and never the address or port a name led to: which names resolve, and to
 * what, from inside our network, and which of those ports answer, is not a partner's to
 * probe with a notificationEndpoint. The details go to our log.
 */
export const REFUSED_ENDPOINT = "the notificationEndpoint's host is not on a public network";

const NETWORK_FAILURES: Record<string, string> = {
  ECONNREFUSED: 'the connection was refused',
  ECONNRESET: 'the connection was reset',
  ETIMEDOUT: 'the connection timed out',
  EHOSTUNREACH: 'the host is unreachable',
  ENETUNREACH: 'the network is unreachable',
  ENOTFOUND: 'the host name does not resolve',
  EAI_AGAIN: 'the host name could not be resolved for now',
  EPIPE: 'the connection was closed while sending',
};

export const ABORTED = Symbol('attempt aborted');

const MAX_RESPONSE_BYTES = 64 * 1024;
/** The start of an answer kept on the attempt (the API shows its first 500 characters, the portal all of it). */
const EXCERPT_CHARS = 2048;
/** An answer's headers kept on the attempt: enough to see what answered (a proxy, a WAF), bounded in size. */
const MAX_HEADERS = 30;
const MAX_HEADER_CHARS = 300;

export class WebhookClient {
  private readonly httpAgent: http.Agent;
  private readonly httpsAgent: https.Agent;
  private readonly lookup: ReturnType<typeof guardedLookup>;

  private now(): Date {
    return (this.opts.clock ?? systemClock).now();
  }

  constructor(private readonly opts: WebhookClientOptions) {
    // keep-alive: one TLS handshake per endpoint connection, not per notification
    this.httpAgent = new http.Agent({ keepAlive: true, maxFreeSockets: 64, scheduling: 'lifo' });
    this.httpsAgent = new https.Agent({ keepAlive: true, maxFreeSockets: 64, scheduling: 'lifo' });
    this.lookup = guardedLookup(opts.allowPrivateNetworks);
  }

  async post(url: string, payload: string, headers: Record<string, string>, signal?: Abandon): Promise<AttemptResult | typeof ABORTED> {
    const startedAt = this.now();
    const target = new URL(url);
    try {
      assertTargetAllowed(target, this.opts.allowPrivateNetworks);
    } catch (err) {
      this.logFailure(target, err as NodeJS.ErrnoException);
      return { outcome: 'REFUSED_ADDRESS', startedAt, finishedAt: this.now(), error: REFUSED_ENDPOINT };
    }
    // the socket's deadline is real time whatever clock stamps the record
    const deadline = Date.now() + this.opts.timeoutMs;
    for (let sent = 0; ; sent++) {
      const r = await this.send(target, payload, headers, deadline, signal);
      if (r === ABORTED) return ABORTED;
      // A kept-alive socket the server closed while idle fails at once with ECONNRESET: the
      // request never reached the application, so it goes once more on a fresh socket.
      if (r.reusedSocketReset && sent === 0) continue;
      return { ...r.result, startedAt };
    }
  }

  close(): void {
    this.httpAgent.destroy();
    this.httpsAgent.destroy();
  }

  private logFailure(target: URL, err: NodeJS.ErrnoException): void {
    this.opts.logger?.info({ host: target.host, code: err.code, reason: err.message }, 'webhook endpoint not reached');
  }

  private send(target: URL, payload: string, headers: Record<string, string>, deadline: number, signal?: Abandon): Promise<Sent> {
    const startedAt = this.now();
    return new Promise<Sent>((resolve) => {
      const { finish, onSettle } = settleOnce(startedAt, () => this.now(), resolve);
      const req = this.request(target, payload, headers, (res) => readAcknowledgement(res, finish));
      const timer = setTimeout(
        () => {
          req.destroy();
          finish({ outcome: 'TIMEOUT', error: `no acknowledgement within ${this.opts.timeoutMs} ms` });
        },
        Math.max(1, deadline - Date.now()),
      );
      onSettle(() => clearTimeout(timer));
      const onAbort = () => {
        req.destroy();
        finish(ABORTED);
      };
      if (signal?.aborted) return onAbort();
      const unsubscribe = signal?.onAbort(onAbort);
      if (unsubscribe) onSettle(unsubscribe);
      req.on('error', (err: NodeJS.ErrnoException) => {
        this.logFailure(target, err);
        finish(failureOf(err), req.reusedSocket && err.code === 'ECONNRESET');
      });
      req.end(payload);
    });
  }

  /** The POST on a kept-alive agent, resolving names through the private-network guard. */
  private request(target: URL, payload: string, headers: Record<string, string>, onResponse: (res: http.IncomingMessage) => void): http.ClientRequest {
    const isHttps = target.protocol === 'https:';
    return (isHttps ? https : http).request(
      target,
      {
        method: 'POST',
        agent: isHttps ? this.httpsAgent : this.httpAgent,
        lookup: this.lookup as any,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(payload)),
          'user-agent': `${PROJECT_NAME}-webhooks`,
        },
      },
      onResponse,
    );
  }
}

type Outcome = Omit<AttemptResult, 'startedAt' | 'finishedAt'>;
type Sent = { result: AttemptResult; reusedSocketReset: boolean } | typeof ABORTED;
type Finish = (r: Outcome | typeof ABORTED, reusedSocketReset?: boolean) => void;

/** The first outcome of an attempt wins (timeout, abort, error or answer); the clean-ups run once. */
function settleOnce(startedAt: Date, now: () => Date, resolve: (s: Sent) => void): { finish: Finish; onSettle(fn: () => void): void } {
  let settled = false;
  const cleanups: Array<() => void> = [];
  return {
    onSettle: (fn) => {
      cleanups.push(fn);
    },
    finish: (r, reusedSocketReset = false) => {
      if (settled) return;
      settled = true;
      for (const c of cleanups) c();
      resolve(r === ABORTED ? ABORTED : { result: { ...r, startedAt, finishedAt: now() }, reusedSocketReset });
    },
  };
}

/** Reads at most MAX_RESPONSE_BYTES of the answer, then judges it by the acknowledgement rule. */
function readAcknowledgement(res: http.IncomingMessage, finish: Finish): void {
  const chunks: Buffer[] = [];
  let size = 0;
  let oversized = false;
  res.on('data', (c: Buffer) => {
    size += c.length;
    if (size <= MAX_RESPONSE_BYTES) return void chunks.push(c);
    oversized = true;
    res.destroy(); // an oversized answer is no acknowledgement; stop reading it
  });
  res.on('close', () => {
    if (!res.complete && !oversized) return finish({ outcome: 'NETWORK_ERROR', statusCode: res.statusCode, error: 'the response was cut off' });
    finish(evaluate(res.statusCode ?? 0, Buffer.concat(chunks).toString('utf8'), headersOf(res)));
  });
}

function failureOf(err: NodeJS.ErrnoException): Outcome {
  if (err instanceof RefusedAddressError) return { outcome: 'REFUSED_ADDRESS', error: REFUSED_ENDPOINT };
  const code = err.code ?? 'ERROR';
  // TLS failures (ERR_TLS_CERT_ALTNAME_INVALID, CERT_HAS_EXPIRED, ...) say enough by their code
  return { outcome: 'NETWORK_ERROR', error: `${code}: ${NETWORK_FAILURES[code] ?? 'the request failed'}` };
}

/**
 * The answer's headers as received, in order (names lower-case), the first MAX_HEADERS, each
 * value cut at MAX_HEADER_CHARS. Pairs, not an object: a header name may hold `.` or `$`,
 * which a stored field name may not.
 */
function headersOf(res: http.IncomingMessage): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  const raw = res.rawHeaders;
  for (let i = 0; i + 1 < raw.length && out.length < MAX_HEADERS; i += 2)
    out.push([raw[i]!.toLowerCase().slice(0, 100), raw[i + 1]!.slice(0, MAX_HEADER_CHARS)]);
  return out;
}

/** The acknowledgement rule on a complete response. */
export function evaluate(statusCode: number, text: string, responseHeaders?: Array<[string, string]>): Omit<AttemptResult, 'startedAt' | 'finishedAt'> {
  const responseExcerpt = text.slice(0, EXCERPT_CHARS);
  const base = { statusCode, ...(responseHeaders ? { responseHeaders } : {}), ...(responseExcerpt ? { responseExcerpt } : {}) };
  if (statusCode < 200 || statusCode >= 300) {
    const why = statusCode >= 300 && statusCode < 400 ? ' (redirects are not followed)' : '';
    return { ...base, outcome: 'HTTP_ERROR', error: `HTTP ${statusCode}${why}` };
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { ...base, outcome: 'NOT_ACKNOWLEDGED', error: 'the response body is not JSON' };
  }
  if (typeof body === 'object' && body !== null && (body as { status?: unknown }).status === 'OK') {
    return { ...base, outcome: 'ACKNOWLEDGED' };
  }
  return { ...base, outcome: 'NOT_ACKNOWLEDGED', error: 'the response body has no "status": "OK"' };
}
