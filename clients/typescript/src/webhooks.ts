import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import type { Notification, TestNotification } from './models.js';

export { WebhookVerificationError };

/**
 * Where the verifier remembers the webhook-ids it has handled. The service sends a
 * notification again after a lost acknowledgement, a replay or a restart, always with the
 * same webhook-id: production wants a table with a unique key, shared by every instance.
 */
export interface SeenStore {
  has(webhookId: string): boolean | Promise<boolean>;
  add(webhookId: string): void | Promise<void>;
}

/** The in-process default: the last `capacity` ids (a retry comes within hours, not forever). */
export class MemorySeenStore implements SeenStore {
  private readonly ids = new Set<string>();

  constructor(private readonly capacity = 100_000) {}

  has(id: string): boolean {
    return this.ids.has(id);
  }

  add(id: string): void {
    this.ids.add(id);
    if (this.ids.size > this.capacity) this.ids.delete(this.ids.values().next().value!);
  }
}

export type HeaderBag = Record<string, string | string[] | undefined> | Headers;

export type Outcome = 'handled' | 'duplicate';

/**
 * Verifies the service's webhooks (Standard Webhooks: HMAC over id, timestamp and the raw
 * body, timestamp within 5 minutes; either signature counts while a secret is rotated),
 * types them, and runs each webhook-id's handler once.
 */
export class WebhookVerifier {
  private readonly webhook: Webhook;

  constructor(
    secret: string,
    private readonly seen: SeenStore = new MemorySeenStore(),
  ) {
    this.webhook = new Webhook(secret);
  }

  /** The notification, if the exact bytes received carry a valid signature; else WebhookVerificationError. */
  verify(rawBody: string | Buffer, headers: HeaderBag): Notification {
    const flat = flatten(headers);
    const data = this.webhook.verify(rawBody.toString(), flat) as Record<string, unknown>;
    const webhookId = flat['webhook-id']!;
    // before the others: a payment has a `type` too, but never this one
    if (data.type === 'TEST' && !('paymentId' in data)) return { type: 'test', webhookId, data: data as unknown as TestNotification };
    if ('paymentId' in data) return { type: 'payment', webhookId, data: data as Extract<Notification, { type: 'payment' }>['data'] };
    if ('reference' in data && 'lineCount' in data)
      return { type: 'settlement', webhookId, data: data as Extract<Notification, { type: 'settlement' }>['data'] };
    return { type: 'application', webhookId, data: data as Extract<Notification, { type: 'application' }>['data'] };
  }

  /**
   * Verifies, then runs `handler` unless this webhook-id was handled before. The id is
   * remembered only after the handler succeeded: when it throws, answer with an error and
   * the service sends the notification again.
   */
  async handle(rawBody: string | Buffer, headers: HeaderBag, handler: (n: Notification) => unknown): Promise<Outcome> {
    const notification = this.verify(rawBody, headers);
    if (await this.seen.has(notification.webhookId)) return 'duplicate';
    await handler(notification);
    await this.seen.add(notification.webhookId);
    return 'handled';
  }
}

/** The acknowledgement the service expects from a 2xx (anything else counts as a failure). */
export const ACKNOWLEDGEMENT = { statusCode: '200', status: 'OK' } as const;

function flatten(headers: HeaderBag): Record<string, string> {
  const out: Record<string, string> = {};
  if (headers instanceof Headers) {
    headers.forEach((v, k) => {
      out[k] = v;
    });
    return out;
  }
  for (const [k, v] of Object.entries(headers)) if (v !== undefined) out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}
