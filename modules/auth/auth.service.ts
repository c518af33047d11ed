import type { AuthenticatedPartner } from '../../platform/http/state.js';
import { newId } from '../../platform/ids.js';
import type { AuthRepository } from './auth.repository.js';
import { BearerError, InvalidCredentialsError } from './auth.errors.js';
import { dummyHash, hashPassword, verifyPassword } from './passwords.js';
import { newWebhookSecret, partnerView, type PartnerDoc, type PartnerView, type PayoutTrigger } from './partner.model.js';
import { TOKEN_TTL_SECONDS, TokenError, type TokenService } from './tokens.js';

export interface CreatePartnerInput {
  username: string;
  password: string;
  payoutTrigger?: PayoutTrigger;
  feeBps?: number;
}

export class AuthService {
  constructor(private readonly repo: AuthRepository, private readonly tokens: TokenService) {}

  /** POST /authentication/v1/partner */
  async login(username: string, password: string): Promise<{ accessToken: string; expiresIn: number }> {
    const partner = await this.repo.findByUsername(username);
    // verify against a dummy hash for unknown users: the answer time does not tell
    const ok = await verifyPassword(password, partner?.passwordHash ?? (await dummyHash()));
    if (!partner || !ok || !partner.enabled) throw new InvalidCredentialsError();
    const { token } = await this.tokens.issue(partner._id);
    return { accessToken: token, expiresIn: TOKEN_TTL_SECONDS };
  }

  /** The partner a bearer token stands for; BearerError when it does not stand for one. */
  async authenticate(token: string): Promise<AuthenticatedPartner> {
    let claims;
    try {
      claims = await this.tokens.verify(token);
    } catch (err) {
      throw new BearerError('invalid_token', err instanceof TokenError ? err.message : 'The access token is invalid.');
    }
    const [partner, revoked] = await Promise.all([
      this.repo.findById(claims.partnerId),
      this.repo.revoked.findOne({ _id: claims.jti }, { projection: { _id: 1 } }),
    ]);
    if (revoked) throw new BearerError('invalid_token', 'The access token has been revoked.');
    if (!partner || !partner.enabled) throw new BearerError('invalid_token', 'The access token is invalid.');
    if (partner.tokensNotBefore && claims.issuedAt < partner.tokensNotBefore) {
      throw new BearerError('invalid_token', 'The access token has been revoked.');
    }
    return { id: partner._id, username: partner.username, payoutTrigger: partner.payoutTrigger, feeBps: partner.feeBps };
  }

  /** DESIGN 16: a token seen on plain HTTP is revoked. Unverifiable tokens are ignored. */
  async revokeToken(token: string, reason: string): Promise<boolean> {
    let claims;
    try { claims = await this.tokens.verify(token); } catch { return false; }
    await this.repo.revoked.updateOne(
      { _id: claims.jti },
      { $setOnInsert: { partnerId: claims.partnerId, reason, expiresAt: claims.expiresAt, at: new Date() } },
      { upsert: true },
    );
    return true;
  }

  async createPartner(input: CreatePartnerInput): Promise<PartnerView> {
    const now = new Date();
    const doc: PartnerDoc = {
      _id: newId(),
      username: input.username,
      passwordHash: await hashPassword(input.password),
      payoutTrigger: input.payoutTrigger ?? 'DELIVERED',
      feeBps: input.feeBps ?? 0,
      webhookSecrets: [{ secret: newWebhookSecret(), createdAt: now }],
      enabled: true,
      createdAt: now,
      updatedAt: now,
    };
    await this.repo.partners.insertOne(doc);
    return partnerView(doc);
  }

  async listPartners(): Promise<PartnerView[]> {
    return (await this.repo.partners.find({}).sort({ username: 1 }).toArray()).map(partnerView);
  }

  async partner(partnerId: string): Promise<AuthenticatedPartner | undefined> {
    const p = await this.repo.findById(partnerId);
    return p ? { id: p._id, username: p.username, payoutTrigger: p.payoutTrigger, feeBps: p.feeBps } : undefined;
  }
}
