import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ACKNOWLEDGEMENT, WebhookVerificationError, WebhookVerifier, type Notification, type SeenStore } from '@partner-financing/client';

/**
 * The shop's webhook endpoint on 127.0.0.1: verifies each request with the client's
 * verifier, keeps every notification it handled, and lets the story wait for the one it
 * needs next. A request that fails verification is answered 401 and counted.
 */
export class WebhookInbox {
  readonly handled: Notification[] = [];
  duplicates = 0;
  refused = 0;
  private readonly server: http.Server;
  private waiters: Array<() => void> = [];

  constructor(
    secret: string,
    readonly seen: SeenStore,
  ) {
    const verifier = new WebhookVerifier(secret, seen);
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', async () => {
        try {
          const outcome = await verifier.handle(Buffer.concat(chunks), req.headers, (n) => this.record(n));
          if (outcome === 'duplicate') this.duplicates += 1;
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(ACKNOWLEDGEMENT));
        } catch (err) {
          if (err instanceof WebhookVerificationError) {
            this.refused += 1;
            this.wake();
          }
          res.writeHead(err instanceof WebhookVerificationError ? 401 : 500).end();
        }
      });
    });
  }

  async listen(port = 0): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks/financing`;
  }

  /** A notification that reached the shop another way (the event feed), handled once like a webhook. */
  async catchUp(n: Notification): Promise<boolean> {
    if (await this.seen.has(n.webhookId)) return false;
    this.record(n);
    await this.seen.add(n.webhookId);
    return true;
  }

  /** The first handled notification that matches, waiting for it up to `timeoutMs`. */
  async waitFor(what: string, match: (n: Notification) => boolean, timeoutMs = 20_000): Promise<Notification> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.handled.find(match);
      if (found) return found;
      // a webhook signed with another secret: the configuration is wrong, waiting will not help
      if (this.refused > 0) throw new Error(`a webhook failed signature verification while waiting for ${what}: is FINANCING_WEBHOOK_SECRET this partner's?`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no webhook ${what} within ${timeoutMs / 1000} s (handled: ${this.handled.map(label).join(', ') || 'none'})`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private record(n: Notification): void {
    this.handled.push(n);
    this.wake();
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }
}

export function label(n: Notification): string {
  if (n.type === 'settlement') return `SETTLEMENT ${n.data.reference}`;
  if (n.type === 'test') return 'TEST';
  return n.type === 'payment' ? `${n.data.type}` : `${n.data.stateReason}`;
}
