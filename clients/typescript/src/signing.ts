import { createHmac } from 'node:crypto';

/**
 * Signs a notification as the service's webhook relay does (Standard Webhooks): the signed
 * content is `${webhook-id}.${webhook-timestamp}.${body}`, HMAC-SHA256 under the base64 key
 * after `whsec_`; with several secrets (a rotation) each one signs and the values are
 * space-separated. `WebhookVerifier` accepts what this makes. The `listen` command signs its
 * forwards with it; a shop can sign test notifications for its own handler tests.
 */
export type SignatureHeaders = {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
};

const PREFIX = 'whsec_';

export class WebhookSigner {
  private readonly keys: Buffer[];

  constructor(secrets: string | string[]) {
    const list = Array.isArray(secrets) ? secrets : [secrets];
    if (list.length === 0) throw new TypeError('WebhookSigner: no signing secret');
    this.keys = list.map(webhookSecretKey);
  }

  headers(webhookId: string, payload: string, at = new Date()): SignatureHeaders {
    const timestamp = String(Math.floor(at.getTime() / 1000));
    const content = `${webhookId}.${timestamp}.${payload}`;
    const signature = this.keys.map((key) => `v1,${createHmac('sha256', key).update(content).digest('base64')}`).join(' ');
    return { 'webhook-id': webhookId, 'webhook-timestamp': timestamp, 'webhook-signature': signature };
  }
}

/** The HMAC key of a `whsec_…` secret (the prefix is optional); a TypeError when it holds no key. */
export function webhookSecretKey(secret: string): Buffer {
  const b64 = secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret;
  const key = Buffer.from(b64, 'base64');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(b64) || key.length === 0) {
    throw new TypeError('the webhook secret is not a `whsec_` secret (whsec_ and base64, as the service gave it)');
  }
  return key;
}
