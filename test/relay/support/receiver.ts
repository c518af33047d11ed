import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { waitFor } from '../../support/wait.js';

/** One webhook request as the partner's endpoint saw it. */
export interface Received {
  path: string;
  webhookId: string;
  timestamp: string;
  signature: string;
  body: string;
  /** the W3C trace context the relay sent (absent when WEBHOOK_TRACEPARENT=false) */
  traceparent?: string;
  /** wall-clock ms when the request was complete */
  at: number;
}

/** What the endpoint answers: a status and JSON body (after `delayMs`), or 'hang' (never answers). */
export type Answer = { status: number; body?: unknown; delayMs?: number } | 'hang';
export type Behaviour = (r: Received, nth: number) => Answer;

export const acknowledge: Behaviour = () => ({ status: 200, body: { statusCode: '200', status: 'OK' } });
export const fail: Behaviour = () => ({ status: 503, body: { status: 'DOWN' } });
export const hang: Behaviour = () => 'hang';

/**
 * A partner's webhook endpoint on 127.0.0.1 that records every request; each path can be
 * given its own behaviour. `nth` counts the requests with the same webhook-id (1, 2, ...).
 */
export class Receiver {
  readonly requests: Received[] = [];
  private readonly behaviours = new Map<string, Behaviour>();
  private readonly server: http.Server;
  private readonly seen = new Map<string, number>();

  constructor(private fallback: Behaviour = acknowledge) {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const r: Received = {
          path: (req.url ?? '/').split('?')[0]!,
          webhookId: String(req.headers['webhook-id'] ?? ''),
          timestamp: String(req.headers['webhook-timestamp'] ?? ''),
          signature: String(req.headers['webhook-signature'] ?? ''),
          body: Buffer.concat(chunks).toString('utf8'),
          at: Date.now(),
        };
        if (req.headers.traceparent) r.traceparent = String(req.headers.traceparent);
        this.requests.push(r);
        const nth = (this.seen.get(r.webhookId) ?? 0) + 1;
        this.seen.set(r.webhookId, nth);
        const answer = (this.behaviours.get(r.path) ?? this.fallback)(r, nth);
        if (answer === 'hang') return;
        const respond = () => {
          res.writeHead(answer.status, { 'content-type': 'application/json' });
          res.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
        };
        if (answer.delayMs) setTimeout(respond, answer.delayMs);
        else respond();
      });
    });
    this.server.keepAliveTimeout = 30_000;
  }

  async start(): Promise<this> {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    return this;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  /** The endpoint URL of `path`, answering with `behaviour`. */
  url(path: string, behaviour?: Behaviour): string {
    if (behaviour) this.behaviours.set(path, behaviour);
    return `http://127.0.0.1:${this.port}${path}`;
  }

  on(path: string, behaviour: Behaviour): void {
    this.behaviours.set(path, behaviour);
  }

  byWebhookId(id: string): Received[] {
    return this.requests.filter((r) => r.webhookId === id);
  }

  distinctIds(): Set<string> {
    return new Set(this.requests.map((r) => r.webhookId));
  }

  waitForRequests(what: string, probe: (all: Received[]) => boolean, maxWait = 15_000): Promise<Received[]> {
    return waitFor(what, () => probe(this.requests) && this.requests, { maxWait, interval: 20 });
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((r) => this.server.close(r));
  }
}

/** Verifies a received request with the reference library, as the partner would; returns the parsed body. */
export function verify(r: Received, secret: string): unknown {
  return new Webhook(secret).verify(r.body, {
    'webhook-id': r.webhookId,
    'webhook-timestamp': r.timestamp,
    'webhook-signature': r.signature,
  });
}
