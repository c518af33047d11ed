import type { AuthRepository, PartnerChange, SigningKeyDoc, TokenRevocation } from './auth.repository.js';
import type { PartnerDoc, WebhookSecret } from './partner.model.js';

const copy = <T>(doc: T | undefined): T | null => (doc === undefined ? null : structuredClone(doc));

/**
 * AuthRepository in memory, for unit tests of login, tokens and partner administration:
 * the same contract as the store's (auth.repository.contract.ts runs against both).
 * Documents are copied in and out, as a store's round trip does.
 */
export class InMemoryAuthRepository implements AuthRepository {
  readonly partners = new Map<string, PartnerDoc>();
  readonly keys = new Map<string, SigningKeyDoc>();

  async findById(id: string): Promise<PartnerDoc | null> {
    return copy(this.partners.get(id));
  }

  async findByUsername(username: string): Promise<PartnerDoc | null> {
    return copy(this.byUsername(username));
  }

  async exists(id: string): Promise<boolean> {
    return this.partners.has(id);
  }

  async insertPartner(doc: PartnerDoc): Promise<boolean> {
    if (this.partners.has(doc._id) || this.byUsername(doc.username)) return false;
    this.partners.set(doc._id, structuredClone(doc));
    return true;
  }

  async listByUsername(): Promise<PartnerDoc[]> {
    return [...this.partners.values()].sort((a, b) => (a.username < b.username ? -1 : 1)).map((p) => structuredClone(p));
  }

  async changePartner(username: string, change: PartnerChange): Promise<PartnerDoc | null> {
    const p = this.byUsername(username);
    if (!p) return null;
    Object.assign(p, change.set, { updatedAt: change.at });
    if (change.bumpTokenGeneration) p.tokenGeneration = (p.tokenGeneration ?? 0) + 1;
    return copy(p);
  }

  async revokeAllTokens(at: Date): Promise<number> {
    for (const p of this.partners.values()) Object.assign(p, { tokenGeneration: (p.tokenGeneration ?? 0) + 1, updatedAt: at });
    return this.partners.size;
  }

  async replaceWebhookSecrets(id: string, seenUpdatedAt: Date, secrets: WebhookSecret[], at: Date): Promise<PartnerDoc | null> {
    const p = this.partners.get(id);
    if (!p || p.updatedAt.getTime() !== seenUpdatedAt.getTime()) return null;
    Object.assign(p, { webhookSecrets: structuredClone(secrets), updatedAt: at });
    return copy(p);
  }

  async recordRevokedToken(partnerId: string, r: TokenRevocation): Promise<void> {
    const p = this.partners.get(partnerId);
    if (!p) return;
    const revoked = { ...p.revokedTokens };
    for (const jti of r.drop) delete revoked[jti];
    Object.assign(p, { revokedTokens: { ...revoked, [r.jti]: r.until }, updatedAt: r.at });
  }

  async signingKeys(): Promise<SigningKeyDoc[]> {
    return [...this.keys.values()].map((k) => structuredClone(k));
  }

  async insertSigningKey(doc: SigningKeyDoc): Promise<boolean> {
    if (this.keys.has(doc._id)) return false;
    this.keys.set(doc._id, structuredClone(doc));
    return true;
  }

  async retireSigningKey(kid: string, at: Date): Promise<void> {
    const k = this.keys.get(kid);
    if (k) Object.assign(k, { active: false, retiredAt: at });
  }

  async deleteSigningKey(kid: string): Promise<void> {
    this.keys.delete(kid);
  }

  private byUsername(username: string): PartnerDoc | undefined {
    return [...this.partners.values()].find((p) => p.username === username);
  }
}
