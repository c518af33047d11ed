import { randomBytes } from 'node:crypto';

export type PayoutTrigger = 'SENT' | 'DELIVERED';

export interface WebhookSecret {
  /** Standard Webhooks format: `whsec_` + base64 of 32 random bytes */
  secret: string;
  createdAt: Date;
  /** a rotated-out secret still signs until then, so partners can switch without gaps */
  expiresAt?: Date;
}

export interface PartnerDoc {
  _id: string;
  username: string;
  passwordHash: string;
  payoutTrigger: PayoutTrigger;
  /** fee in basis points, kept from each payout (DESIGN 13) */
  feeBps: number;
  /** newest first */
  webhookSecrets: WebhookSecret[];
  enabled: boolean;
  /** tokens issued before this instant are refused (disable, password rotation) */
  tokensNotBefore?: Date;
  createdAt: Date;
  updatedAt: Date;
}

export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** What the CLI prints and other modules see: never the password hash. */
export interface PartnerView {
  id: string;
  username: string;
  payoutTrigger: PayoutTrigger;
  feeBps: number;
  enabled: boolean;
  webhookSecret: string;
  createdAt: string;
}

export function partnerView(p: PartnerDoc): PartnerView {
  return {
    id: p._id,
    username: p.username,
    payoutTrigger: p.payoutTrigger,
    feeBps: p.feeBps,
    enabled: p.enabled,
    webhookSecret: p.webhookSecrets[0]?.secret ?? '',
    createdAt: p.createdAt.toISOString(),
  };
}
