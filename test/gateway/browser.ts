import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

/**
 * Debian's headless Chromium driven by playwright-core (the brief's flags), with a fresh
 * profile. The test server's certificate is self-signed: the context accepts it.
 */
export async function launchBrowser(opts: { javaScriptEnabled?: boolean } = {}): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'pf-chromium-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    ignoreHTTPSErrors: true,
    javaScriptEnabled: opts.javaScriptEnabled ?? true,
    viewport: { width: 1024, height: 900 },
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
