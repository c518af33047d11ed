import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

/**
 * Debian's headless Chromium driven by playwright-core (the brief's flags), with a fresh
 * profile. The test server's certificate is self-signed: the context accepts it.
 */
export async function launchBrowser(
  opts: {
    javaScriptEnabled?: boolean;
    /** a phone: e.g. { width: 390, height: 844 } */
    viewport?: { width: number; height: number };
    deviceScaleFactor?: number;
    /** the browser's language (Accept-Language and navigator.language) */
    locale?: string;
  } = {},
): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'pf-chromium-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    ignoreHTTPSErrors: true,
    javaScriptEnabled: opts.javaScriptEnabled ?? true,
    viewport: opts.viewport ?? { width: 1024, height: 900 },
    ...(opts.deviceScaleFactor ? { deviceScaleFactor: opts.deviceScaleFactor } : {}),
    ...(opts.locale ? { locale: opts.locale } : {}),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A free TCP port (to give the API a known HTTPS port, so PUBLIC_BASE_URL can name it). */
export async function freePort(): Promise<number> {
  const net = await import('node:net');
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** The partner's shop as the browser sees it: /approved and /rejected landing pages. */
export async function startShop(): Promise<{ url: string; close(): Promise<void> }> {
  const http = await import('node:http');
  const server = http.createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(
      `<!DOCTYPE html><html lang="en"><title>Shop</title><h1>Shop: ${req.url?.startsWith('/approved') ? 'thank you, order confirmed' : 'payment not completed'}</h1></html>`,
    );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(() => r())) };
}
