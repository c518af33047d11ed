import { Webhook } from 'standardwebhooks';

/**
 * Standard Webhooks signatures (DESIGN 17) with the reference library: the signed content is
 * `${webhook-id}.${webhook-timestamp}.${body}`, HMAC-SHA256 under the base64 key after
 * `whsec_`. While a partner rotates its secret both secrets are valid, so every listed
 * secret signs and `webhook-signature` carries them space-separated (`v1,<a> v1,<b>`); the
 * partner's verifier accepts the request when any one matches.
 */
export interface SignatureHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

export class WebhookSigner {
  /** the key derivation (base64 decode) once per secret */
  private readonly signers = new Map<string, Webhook>();

  headers(webhookId: string, payload: string, secrets: string[], at = new Date()): SignatureHeaders {
    if (secrets.length === 0) throw new Error('no signing secret');
    const signature = secrets.map((s) => this.signer(s).sign(webhookId, at, payload)).join(' ');
    return {
      'webhook-id': webhookId,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': signature,
    };
  }

  private signer(secret: string): Webhook {
    let w = this.signers.get(secret);
    if (!w) {
      if (this.signers.size > 10_000) this.signers.clear();
      w = new Webhook(secret);
      this.signers.set(secret, w);
    }
    return w;
  }
}
