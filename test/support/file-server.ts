import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { selfSignedTls } from '../../platform/http/tls.js';
import { httpsDocumentFetcher } from '../../modules/applications/store/document-store.js';
import type { DocumentFetcher } from '../../modules/applications/index.js';

/**
 * A local https server on 127.0.0.1 that serves files a test gives it (documents attached
 * by URL), and records the paths asked for. Its certificate is self-signed:
 * `fetcher()` is the service's real document fetcher trusting exactly that certificate.
 */
export interface FileServer {
  /** https://127.0.0.1:<port> (the certificate is valid for it and for localhost) */
  base: string;
  hits: string[];
  serve(path: string, body: Buffer, status?: number): void;
  fetcher(): DocumentFetcher;
  close(): Promise<void>;
}

export async function startFileServer(): Promise<FileServer> {
  const tls = await selfSignedTls();
  const files = new Map<string, { body: Buffer; status: number }>();
  const hits: string[] = [];
  const server = https.createServer({ cert: tls.cert, key: tls.key }, (req, res) => {
    hits.push(req.url ?? '');
    const file = files.get(req.url ?? '');
    if (!file) return void res.writeHead(404).end();
    res.writeHead(file.status).end(file.body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as AddressInfo).port;
  return {
    base: `https://127.0.0.1:${port}`,
    hits,
    serve: (path, body, status = 200) => {
      files.set(path, { body, status });
    },
    fetcher: () => httpsDocumentFetcher({ allowPrivateNetworks: true, timeoutMs: 5000, ca: tls.cert }),
    close: async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}
