import type { Clock } from '../../platform/clock.js';
import { AppError, InvalidRequestError, NotFoundError } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import type { AuthRepository, PartnerChange } from './auth.repository.js';
import type { PartnerCache } from './partner-cache.js';
import {
  displayNameProblem,
  liveWebhookSecrets,
  newWebhookSecret,
  partnerSummary,
  partnerView,
  USERNAME_PATTERN,
  type PartnerDoc,
  type PartnerSummary,
  type PartnerView,
  type PayoutTrigger,
} from './partner.model.js';
import { hashPassword, passwordProblem } from './passwords.js';
import { apiVersions, CURRENT_API_VERSION } from '../../versions/index.js';
import { parseBankAccount } from './bank-account.js';

export interface CreatePartnerInput {
  username: string;
  password: string;
  payoutTrigger?: PayoutTrigger;
  feeBps?: number;
  /** default: the current version */
  apiVersion?: string;
  /** the shop's name as customers know it (the gateway page, the portal) */
  displayName?: string;
}

/** How long a rotated-out webhook secret keeps signing beside the new one (default). */
export const WEBHOOK_SECRET_GRACE_MS = 24 * 3_600_000;

/**
 * Partner administration (`ops partners`): create, list, disable / enable,
 * rotate the password, rotate the webhook secret. Every change is one single-document
 * write; the ones that end access bump the token generation, which revokes every token the
 * partner holds (seen by all instances within AUTH_CACHE_TTL).
 */
export class PartnerAdmin {
  constructor(
    private readonly repo: AuthRepository,
    private readonly clock: Clock,
    private readonly cache?: PartnerCache,
  ) {}

  async create(input: CreatePartnerInput): Promise<PartnerView> {
    if (!USERNAME_PATTERN.test(input.username)) {
      throw new InvalidRequestError('username: 3-100 characters of letters, digits and . _ @ -, starting with a letter or digit', { attribute: 'username' });
    }
    this.assertPassword(input.password);
    const feeBps = input.feeBps ?? 0;
    if (!Number.isInteger(feeBps) || feeBps < 0 || feeBps > 10_000)
      throw new InvalidRequestError('feeBps: an integer from 0 to 10000', { attribute: 'feeBps' });
    const apiVersion = this.assertApiVersion(input.apiVersion ?? CURRENT_API_VERSION);
    const displayName = input.displayName === undefined ? undefined : this.assertDisplayName(input.displayName);
    const now = this.clock.now();
    const doc: PartnerDoc = {
      _id: newId(),
      username: input.username,
      passwordHash: await hashPassword(input.password),
      payoutTrigger: input.payoutTrigger ?? 'DELIVERED',
      feeBps,
      apiVersion,
      ...(displayName ? { displayName } : {}),
      webhookSecrets: [{ secret: newWebhookSecret(), createdAt: now }],
      enabled: true,
      tokenGeneration: 0,
      createdAt: now,
      updatedAt: now,
    };
    if (!(await this.repo.insertPartner(doc))) {
      throw new AppError('USERNAME_TAKEN', `The username ${input.username} is taken.`, { status: 409 });
    }
    return partnerView(doc);
  }

  async list(): Promise<PartnerSummary[]> {
    const now = this.clock.now();
    return (await this.repo.listByUsername()).map((p) => partnerSummary(p, now));
  }

  async get(username: string): Promise<PartnerSummary> {
    return partnerSummary(await this.byUsername(username), this.clock.now());
  }

  /** Ends access at once: login refused, every token revoked. */
  async disable(username: string): Promise<PartnerSummary> {
    return this.change(username, { set: { enabled: false }, bumpTokenGeneration: true });
  }

  async enable(username: string): Promise<PartnerSummary> {
    return this.change(username, { set: { enabled: true } });
  }

  /** Pins the partner to an API version: its answers, webhooks and feed entries take that shape. */
  async setApiVersion(username: string, apiVersion: string): Promise<PartnerSummary> {
    return this.change(username, { set: { apiVersion: this.assertApiVersion(apiVersion) } });
  }

  /** The name customers see for the shop (the gateway page, the portal). */
  async setDisplayName(username: string, displayName: string): Promise<PartnerSummary> {
    return this.change(username, { set: { displayName: this.assertDisplayName(displayName) } });
  }

  private assertDisplayName(name: string): string {
    const problem = displayNameProblem(name);
    if (problem) throw new InvalidRequestError(problem, { attribute: 'displayName' });
    return name.trim();
  }

  /** The account the partner's settlements are paid to: a Czech account number or an IBAN, checked. */
  async setBankAccount(username: string, account: string): Promise<PartnerSummary> {
    return this.change(username, { set: { bankAccount: parseBankAccount(account) } });
  }

  private assertApiVersion(version: string): string {
    if (!apiVersions.known(version)) {
      throw new InvalidRequestError(`apiVersion: ${version} is not a version of this API; the versions are ${apiVersions.versions.join(', ')}`, {
        attribute: 'apiVersion',
      });
    }
    return version;
  }

  /**
   * Revokes every token of one partner, or of all partners (emergency: a signing key may
   * have leaked; run after rotate-signing-key). Partners log in again for new tokens.
   */
  async revokeTokens(username?: string): Promise<{ partners: number }> {
    if (username) {
      await this.change(username, { bumpTokenGeneration: true });
      return { partners: 1 };
    }
    return { partners: await this.repo.revokeAllTokens(this.clock.now()) };
  }

  /** New password; every token issued under the old one is revoked. */
  async rotatePassword(username: string, password: string): Promise<PartnerSummary> {
    this.assertPassword(password);
    return this.change(username, { set: { passwordHash: await hashPassword(password) }, bumpTokenGeneration: true });
  }

  /**
   * A new webhook secret signs from now on; the previous ones keep signing beside it
   * (Standard Webhooks sends one signature per secret) until `graceMs` from now, so the
   * partner can switch its verifier without losing a notification.
   */
  async rotateWebhookSecret(username: string, graceMs = WEBHOOK_SECRET_GRACE_MS): Promise<PartnerView & { previousSecretsValidUntil: string }> {
    const now = this.clock.now();
    const until = new Date(now.getTime() + graceMs);
    for (let attempt = 0; attempt < 5; attempt++) {
      const p = await this.byUsername(username);
      const kept = liveWebhookSecrets(p, now).map((s) => ({ ...s, expiresAt: s.expiresAt && s.expiresAt < until ? s.expiresAt : until }));
      const secrets = [{ secret: newWebhookSecret(), createdAt: now }, ...kept];
      // guarded by the secrets read: a concurrent rotation makes this one read again
      const res = await this.repo.replaceWebhookSecrets(p._id, p.updatedAt, secrets, now);
      if (res) return { ...partnerView(res), previousSecretsValidUntil: until.toISOString() };
    }
    throw new AppError('CONCURRENT_MODIFICATION', 'The partner changed while rotating; run the command again.', { status: 409 });
  }

  private assertPassword(password: string): void {
    const problem = passwordProblem(password);
    if (problem) throw new InvalidRequestError(problem, { attribute: 'password' });
  }

  private async byUsername(username: string): Promise<PartnerDoc> {
    const p = await this.repo.findByUsername(username);
    if (!p) throw new NotFoundError(`No partner ${username}.`, 'PARTNER_NOT_FOUND');
    return p;
  }

  private async change(username: string, change: Omit<PartnerChange, 'at'>): Promise<PartnerSummary> {
    const now = this.clock.now();
    const res = await this.repo.changePartner(username, { ...change, at: now });
    if (!res) throw new NotFoundError(`No partner ${username}.`, 'PARTNER_NOT_FOUND');
    this.cache?.invalidate(res._id);
    return partnerSummary(res, now);
  }
}
