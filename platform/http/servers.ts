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
  /** called with the bearer token of a request that arrived over plain HTTP (DESIGN 16) */
  onTokenExposed: (token: string) => Promise<void>;
}

export interface Listening {
  httpsPort: number;
  httpPort: number;
  close(): Promise<void>;
}

const REFUSAL = JSON.stringify({
  errors: [{
    code: 'HTTPS_REQUIRED',
    message: 'Credentials and tokens are accepted over HTTPS only. A token sent over plain HTTP is revoked: log in again over HTTPS.',
    severity: 'ERROR',
  }],
});

/**
 * The plain-HTTP listener (DESIGN 16): no request is served over it. Without credentials
 * the client is redirected (308 keeps method and body) to the same path over HTTPS; a
 * request that carries a token or a login body is refused with 403 HTTPS_REQUIRED and the
 * token is revoked. Behind a TLS-terminating proxy (TRUST_PROXY) a request marked
 * X-Forwarded-Proto: https is handed to the app.
 */
function plainHttpHandler(opts: ListenOptions, httpsPort: () => number): http.RequestListener {
  const base = new URL(opts.publicBaseUrl);
  const appCallback = opts.app.callback();
  return (req, res) => {
    if (opts.trustProxy && String(req.headers['x-forwarded-proto'] ?? '').split(',')[0]?.trim() === 'https') {
      appCallback(req, res);
      return;
    }
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const auth = req.headers.authorization;
    const carriesLogin = req.method === 'POST' && opts.credentialPaths.includes(path.replace(/\/+$/, ''));
    req.resume(); // never read a body sent in clear; drain it so the socket can be reused
    if (auth || carriesLogin) {
      const token = /^Bearer\s+(\S+)/i.exec(auth ?? '')?.[1];
      if (token) {
        opts.onTokenExposed(token).catch((err) => opts.logger.error({ err }, 'revoking a token exposed over HTTP failed'));
      }
      opts.logger.warn({ path, method: req.method, token: Boolean(token) }, 'credentials over plain HTTP refused');
      res.writeHead(403, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(REFUSAL) });
      res.end(REFUSAL);
      return;
    }
    const port = base.port || (base.protocol === 'https:' ? '' : String(httpsPort()));
    const location = `https://${base.hostname}${port && port !== '443' ? `:${port}` : ''}${req.url ?? '/'}`;
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
    close: async () => { await Promise.all([closeServer(secure), closeServer(plain)]); },
  };
}
