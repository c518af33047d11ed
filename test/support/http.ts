import http from 'node:http';
import https from 'node:https';

export interface TestResponse<T = any> {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: T;
  text: string;
}

export interface RequestOptions {
  body?: unknown;
  /** sent as-is instead of JSON-encoding `body` */
  raw?: string | Buffer;
  token?: string;
  headers?: Record<string, string>;
  timeoutMs?: number;
}

/** An error of a request sent on a kept-alive connection the server had just closed. */
export interface StaleConnectionError extends Error {
  staleConnection?: boolean;
}

/**
 * A tiny HTTPS client for tests that trusts exactly the certificate of the server under
 * test (real TLS verification, no `rejectUnauthorized: false`).
 */
export class TestClient {
  private readonly agent: https.Agent;

  constructor(
    readonly baseUrl: string,
    ca: string,
  ) {
    this.agent = new https.Agent({ ca, keepAlive: true, maxSockets: 64 });
  }

  get<T = any>(path: string, opts: RequestOptions = {}) {
    return this.request<T>('GET', path, opts);
  }
  post<T = any>(path: string, body?: unknown, opts: RequestOptions = {}) {
    return this.request<T>('POST', path, { ...opts, body });
  }
  put<T = any>(path: string, body?: unknown, opts: RequestOptions = {}) {
    return this.request<T>('PUT', path, { ...opts, body });
  }
  patch<T = any>(path: string, body?: unknown, opts: RequestOptions = {}) {
    return this.request<T>('PATCH', path, { ...opts, body });
  }

  request<T = any>(method: string, path: string, opts: RequestOptions = {}): Promise<TestResponse<T>> {
    return send<T>(https, new URL(path, this.baseUrl), method, opts, this.agent);
  }

  close(): void {
    this.agent.destroy();
  }
}

/** A plain-HTTP request (for the plain-HTTP transport rules). */
export function plainRequest<T = any>(url: string, method: string, opts: RequestOptions = {}): Promise<TestResponse<T>> {
  return send<T>(http, new URL(url), method, opts);
}

function send<T>(mod: typeof http | typeof https, url: URL, method: string, opts: RequestOptions, agent?: http.Agent): Promise<TestResponse<T>> {
  const payload = opts.raw ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body));
  const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
  if (payload !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) {
    headers['Content-Type'] = 'application/json';
  }
  if (payload !== undefined) headers['Content-Length'] = String(Buffer.byteLength(payload));
  if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
  return new Promise((resolve, reject) => {
    const req = mod.request(url, { method, headers, agent, timeout: opts.timeoutMs ?? 15_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: any = text;
        if ((res.headers['content-type'] ?? '').includes('json') && text) {
          try {
            body = JSON.parse(text);
          } catch {
            /* left as text */
          }
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text });
      });
    });
    let answered = false;
    req.on('response', () => {
      answered = true;
    });
    req.on('timeout', () => req.destroy(new Error(`${method} ${url.pathname} timed out`)));
    req.on('error', (err: NodeJS.ErrnoException) => {
      // A kept-alive connection the server closed just as this request went out: the request
      // never reached the application (see Node's `request.reusedSocket`).
      if (req.reusedSocket && !answered && err.code === 'ECONNRESET') (err as StaleConnectionError).staleConnection = true;
      reject(err);
    });
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}
