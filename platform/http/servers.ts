import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type Koa from 'koa';
import type { Logger } from '../logger.js';
import type { TlsMaterial } from './tls.js';

export interface ListenOptions {
  app: Koa<any>;
  tls: TlsMaterial;
  host: string;
  httpsPort: number;
  httpPort: number;
  publicBaseUrl: string;
  trustProxy: boolean;
  logger: Logger;
  /** paths whose plain-HTTP requests carry credentials in their body (login) */
  credentialPaths: string[];
  /** called with the bearer token of a request that arrived over plain HTTP (it must be treated as leaked) */
  onTokenExposed: (token: string) => Promise<void>;
}

export interface Listening {
  httpsPort: number;
  httpPort: number;
  /** new connections use this certificate and key from now on (a renewed pair) */
  setTls(material: TlsMaterial): void;
  close(): Promise<void>;
}

const REFUSAL = JSON.stringify({
  errors: [
    {
      code: 'HTTPS_REQUIRED',
      message: 'Credentials and tokens are accepted over HTTPS only. A token sent over plain HTTP is revoked: log in again over HTTPS.',
      severity: 'ERROR',
    },
  ],
});

/** How the router would see a path: decoded, slashes collapsed, lower case, no trailing slash. */
function routeKey(path: string): string {
  let p = path;
  try {
    p = decodeURIComponent(path);
  } catch {
    /* kept as sent */
  }
  return p
    .replace(/\/{2,}/g, '/')
    .replace(/\/+$/, '')
    .toLowerCase();
}

/** The token a plain-HTTP request exposes: a bearer header, or RFC 6750's access_token query parameter. */
function exposedToken(req: http.IncomingMessage, query: URLSearchParams): string | undefined {
  return /^Bearer\s+(\S+)/i.exec(req.headers.authorization ?? '')?.[1] ?? (query.get('access_token') || undefined);
}

/**
 * The plain-HTTP listener: no request is served over it. Without credentials
 * the client is redirected (308 keeps method and body) to the same path over HTTPS, at the
 * host of PUBLIC_BASE_URL (never the request's Host header: no redirect to a host of the
 * caller's choosing). A request that carries credentials (an Authorization header of any
 * scheme, an access_token parameter, or a body for the login path) is refused with 403
 * HTTPS_REQUIRED, and a token so exposed is revoked. Behind a TLS-terminating proxy
 * (TRUST_PROXY) a request marked X-Forwarded-Proto: https is handed to the app.
 */
function plainHttpHandler(opts: ListenOptions, httpsPort: () => number): http.RequestListener {
  const base = new URL(opts.publicBaseUrl);
  const credentialPaths = new Set(opts.credentialPaths.map(routeKey));
  const appCallback = opts.app.callback();
  return (req, res) => {
    if (
      opts.trustProxy &&
      String(req.headers['x-forwarded-proto'] ?? '')
        .split(',')[0]
        ?.trim()
        .toLowerCase() === 'https'
    ) {
      appCallback(req, res);
      return;
    }
    // origin-form only: an absolute-form target (GET http://host/x) keeps just its path
    const target = new URL(req.url ?? '/', 'http://plain.invalid');
    const token = exposedToken(req, target.searchParams);
    const carriesLogin = req.method === 'POST' && credentialPaths.has(routeKey(target.pathname));
    req.resume(); // never read a body sent in clear; drain it so the socket can be reused
    if (req.headers.authorization || token || carriesLogin) {
      if (token) {
        opts.onTokenExposed(token).catch((err) => opts.logger.error({ err }, 'revoking a token exposed over HTTP failed'));
      }
      opts.logger.warn({ path: target.pathname, method: req.method, withToken: Boolean(token) }, 'credentials over plain HTTP refused');
      res.writeHead(403, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(REFUSAL), 'Cache-Control': 'no-store' });
      res.end(REFUSAL);
      return;
    }
    const port = base.port || (base.protocol === 'https:' ? '' : String(httpsPort()));
    const location = `https://${base.hostname}${port && port !== '443' ? `:${port}` : ''}${target.pathname}${target.search}`;
    res.writeHead(308, { Location: location, 'Content-Length': 0 });
    res.end();
  };
}

function listenOn(server: http.Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve((server.address() as AddressInfo).port));
  });
}

function closeServer(server: http.Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
    // in-flight requests get a grace period, then their sockets go
    setTimeout(() => server.closeAllConnections(), 10_000).unref();
  });
}

export async function listen(opts: ListenOptions): Promise<Listening> {
  const secure = https.createServer({ cert: opts.tls.cert, key: opts.tls.key, minVersion: 'TLSv1.2' }, opts.app.callback());
  const setTls = (m: TlsMaterial) => secure.setSecureContext({ cert: m.cert, key: m.key, minVersion: 'TLSv1.2' });
  secure.headersTimeout = 20_000;
  secure.requestTimeout = 60_000;
  const httpsPort = await listenOn(secure, opts.httpsPort, opts.host);
  const plain = http.createServer(plainHttpHandler(opts, () => httpsPort));
  plain.headersTimeout = 20_000;
  plain.requestTimeout = 60_000;
  let httpPort: number;
  try {
    httpPort = await listenOn(plain, opts.httpPort, opts.host);
  } catch (err) {
    await closeServer(secure);
    throw err;
  }
  return {
    httpsPort,
    httpPort,
    setTls,
    close: async () => {
      await Promise.all([closeServer(secure), closeServer(plain)]);
    },
  };
}
