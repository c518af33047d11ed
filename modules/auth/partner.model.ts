import { randomBytes } from 'node:crypto';
import { CURRENT_API_VERSION } from '../../versions/index.js';
import type { PayoutTrigger } from '../order-rules/index.js';
import { formatBankAccount, type BankAccount } from './bank-account.js';

/** When a partner is paid for goods (a partner's setting): the order rules' own type. */
export type { PayoutTrigger };

export interface WebhookSecret {
  /** Standard Webhooks format: `whsec_` + base64 of 32 random bytes */
  secret: string;
  createdAt: Date;
  /** a rotated-out secret still signs until then, so partners can switch without a gap */
  expiresAt?: Date;
}

export interface PartnerDoc {
  _id: string;
  username: string;
  /** scrypt, parameters inside (passwords.ts) */
  passwordHash: string;
  payoutTrigger: PayoutTrigger;
  /** fee in basis points, kept from each payout */
  feeBps: number;
  /**
   * The API version the partner's answers, webhooks and feed entries are shaped for unless
   * a request names another (absent on partners made before versions: the current one).
   */
  apiVersion?: string;
  /**
   * The name the customer knows the shop by, shown on the gateway page and in the portal
   * (absent: the gateway names the shop by its redirect URL's host).
   */
  displayName?: string;
  /** where settlements are paid (set with `partners set-bank-account`); absent until set */
  bankAccount?: BankAccount;
  /** newest first */
  webhookSecrets: WebhookSecret[];
  enabled: boolean;
  /**
   * Every access token carries the generation it was issued under; disabling the partner
   * or rotating its password bumps it, which revokes all its tokens at once.
   */
  tokenGeneration: number;
  /**
   * Single revoked tokens (a token seen on plain HTTP): jti → the token's own
   * expiry, after which the entry is dropped. Kept on the partner so that the one cached
   * read of the partner also brings its revocations to every instance.
   */
  revokedTokens?: Record<string, Date>;
  createdAt: Date;
  updatedAt: Date;
}

export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** What `create` and the rotations print: never the password hash. */
export interface PartnerView {
  id: string;
  username: string;
  payoutTrigger: PayoutTrigger;
  feeBps: number;
  apiVersion: string;
  /** null when none is set */
  displayName: string | null;
  /** the settlements' account as printed on statements, when set */
  bankAccount?: string;
  enabled: boolean;
  webhookSecret: string;
  createdAt: string;
}

/** What `list` prints: no secrets, so a listing in a terminal or a log leaks nothing. */
export type PartnerSummary = Omit<PartnerView, 'webhookSecret'> & { webhookSecrets: number; updatedAt: string };

export function partnerView(p: PartnerDoc): PartnerView {
  return {
    id: p._id,
    username: p.username,
    payoutTrigger: p.payoutTrigger,
    feeBps: p.feeBps,
    apiVersion: p.apiVersion ?? CURRENT_API_VERSION,
    displayName: p.displayName ?? null,
    ...(p.bankAccount ? { bankAccount: formatBankAccount(p.bankAccount) } : {}),
    enabled: p.enabled,
    webhookSecret: p.webhookSecrets[0]?.secret ?? '',
    createdAt: p.createdAt.toISOString(),
  };
}

/** The secrets that still sign at `now`: newest first, rotated-out ones until they expire. */
export function liveWebhookSecrets(p: PartnerDoc, now: Date): WebhookSecret[] {
  return p.webhookSecrets.filter((s) => !s.expiresAt || s.expiresAt > now);
}

/**
 * The partner's webhook signing secrets as they may be shown (never a secret): when the
 * current one was made, how many sign now, and, during a rotation's overlap, until when the
 * previous ones still sign (and so still verify at the partner).
 */
export interface WebhookSecretStatus {
  currentSince: Date;
  live: number;
  previousValidUntil?: Date;
}

export function webhookSecretStatus(p: PartnerDoc, now: Date): WebhookSecretStatus | undefined {
  const [current, ...previous] = liveWebhookSecrets(p, now);
  if (!current) return undefined;
  const until = previous.map((s) => s.expiresAt?.getTime() ?? Infinity).reduce((a, b) => Math.max(a, b), -Infinity);
  return {
    currentSince: current.createdAt,
    live: previous.length + 1,
    ...(Number.isFinite(until) ? { previousValidUntil: new Date(until) } : {}),
  };
}

export function partnerSummary(p: PartnerDoc, now: Date): PartnerSummary {
  const { webhookSecret: _omitted, ...rest } = partnerView(p);
  return {
    ...rest,
    webhookSecrets: liveWebhookSecrets(p, now).length,
    updatedAt: p.updatedAt.toISOString(),
  };
}

/** Usernames are printable identifiers: no spaces, no control characters, no lookalike games. */
export const USERNAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._@-]{2,99}$/;

/**
 * A display name is what a customer reads as the shop's name: 1-80 characters after trimming,
 * no control characters (it is escaped on every page, but a newline or a bidi override in a
 * shop's name misleads the customer all the same).
 */
export function displayNameProblem(name: string): string | undefined {
  const trimmed = name.trim();
  if (trimmed.length < 1 || trimmed.length > 80) return 'displayName: 1-80 characters';
  if (/[\p{Cc}\p{Cf}\u2028\u2029]/u.test(trimmed)) return 'displayName: no control or formatting characters';
  return undefined;
}
