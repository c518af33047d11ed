import https from 'node:https';
import http from 'node:http';

/**
 * A `fetch` over node:https that trusts the given CA certificate(s) for this client only:
 * a local or staging service with its own certificate is verified against exactly that
 * certificate, and nothing else in the process loses TLS checks. (Node's global fetch has
 * no per-call CA option without the undici package.)
 */
export function fetchTrusting(ca: string | Buffer | Array<string | Buffer>): (req: Request) => Promise<Response> {
  const agent = new https.Agent({ ca, keepAlive: true });
  return async (req) => {
    req.signal?.throwIfAborted();
    const url = new URL(req.url);
    const body = req.body ? Buffer.from(await req.arrayBuffer()) : undefined;
    const headers: Record<string, string> = {};
    req.headers.forEach((v, k) => {
      headers[k] = v;
    });
    if (body) headers['content-length'] = String(body.length);
    const lib = url.protocol === 'https:' ? https : http;
    return new Promise<Response>((resolve, reject) => {
      const out = lib.request(url, { method: req.method, headers, ...(url.protocol === 'https:' ? { agent } : {}) }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          const resHeaders = new Headers();
          for (const [k, v] of Object.entries(res.headers)) {
            if (v !== undefined) resHeaders.set(k, Array.isArray(v) ? v.join(', ') : v);
          }
          const noBody = status === 204 || status === 304 || req.method === 'HEAD';
          resolve(new Response(noBody ? null : Buffer.concat(chunks), { status, headers: resHeaders }));
        });
      });
      out.on('error', reject);
      // the caller's abort or the client's timeout: the request fails with the signal's reason
      req.signal?.addEventListener('abort', () => out.destroy(req.signal.reason instanceof Error ? req.signal.reason : new Error('aborted')), { once: true });
      out.end(body);
    });
  };
}
