import https from 'node:https';
import { PROJECT_NAME } from '../version.js';
import { assertTargetAllowed, guardedLookup, type Resolver } from './ssrf-guard.js';

/**
 * GET of a partner-given https URL (documents given as a URL) behind the
 * private-network guard. The guard runs inside the connection's own DNS lookup, so the
 * address checked is the address connected to. Redirects are not followed (a redirect
 * could lead anywhere the guard did not see), the body is cut as soon as it passes
 * `maxBytes` (a huge or endless answer never sits in memory), and `timeoutMs` bounds the
 * whole exchange (connect, headers and body: a server dripping bytes cannot hold it).
 */
export interface GuardedFetchOptions {
  allowPrivateNetworks: boolean;
  timeoutMs: number;
  maxBytes: number;
  /** an extra trusted certificate (tests against a self-signed local server) */
  ca?: string;
  /** the resolver behind the guard (tests); dns.lookup by default */
  resolve?: Resolver;
}

/** The body would exceed `maxBytes`. */
export class ResponseTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`the file exceeds ${maxBytes} bytes`);
  }
}

/** The server gave no usable answer: another status, a redirect, a timeout, a cut-off body. */
export class FetchFailed extends Error {}

export function guardedHttpsGet(url: string, opts: GuardedFetchOptions): Promise<Buffer> {
  const target = new URL(url);
  if (target.protocol !== 'https:') return Promise.reject(new FetchFailed('only https URLs are fetched'));
  try {
    assertTargetAllowed(target, opts.allowPrivateNetworks);
  } catch (err) {
    return Promise.reject(err);
  }
  return new Promise<Buffer>((resolve, reject) => {
    let settled = false;
    const settle = (err: Error | null, body?: Buffer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (err) {
        req.destroy();
        reject(err);
      } else resolve(body!);
    };
    const req = https.get(
      target,
      {
        // a fresh connection per fetch: a pooled socket would skip the guarded lookup
        agent: false,
        lookup: guardedLookup(opts.allowPrivateNetworks, opts.resolve) as never,
        headers: { accept: '*/*', 'user-agent': `${PROJECT_NAME}-documents` },
        ...(opts.ca ? { ca: opts.ca } : {}),
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status !== 200) {
          const why = status >= 300 && status < 400 ? ' (redirects are not followed)' : '';
          return settle(new FetchFailed(`the server answered ${status}${why}`));
        }
        if (Number(res.headers['content-length'] ?? 0) > opts.maxBytes) return settle(new ResponseTooLarge(opts.maxBytes));
        readCapped(res, opts.maxBytes, settle);
      },
    );
    const timer = setTimeout(() => settle(new FetchFailed(`no complete answer within ${opts.timeoutMs} ms`)), opts.timeoutMs);
    req.on('error', (err) => settle(err));
  });
}

function readCapped(res: NodeJS.ReadableStream & { complete?: boolean }, maxBytes: number, settle: (err: Error | null, body?: Buffer) => void): void {
  const chunks: Buffer[] = [];
  let size = 0;
  res.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > maxBytes) return settle(new ResponseTooLarge(maxBytes));
    chunks.push(chunk);
  });
  res.on('end', () => settle(null, Buffer.concat(chunks)));
  res.on('error', (err: Error) => settle(err));
  res.on('close', () => {
    if (!res.complete) settle(new FetchFailed('the answer was cut off'));
  });
}
