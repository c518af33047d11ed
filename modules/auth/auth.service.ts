import type { Clock } from '../../platform/clock.js';
import type { AuthenticatedPartner } from '../../platform/http/state.js';
import type { Logger } from '../../platform/logger.js';
import type { AuthRepository } from './auth.repository.js';
import { BearerError, InvalidCredentialsError, TooManyLoginAttemptsError } from './auth.errors.js';
import type { LoginThrottle } from './login-throttle.js';
import type { CreatePartnerInput, PartnerAdmin } from './partner-admin.js';
import { snapshotOf, type PartnerCache } from './partner-cache.js';
import { webhookSecretStatus, type PartnerSummary, type PartnerView, type WebhookSecretStatus } from './partner.model.js';
import { dummyHash, verifyPassword } from './passwords.js';
import { TOKEN_TTL_SECONDS, TokenError, type TokenService } from './tokens.js';

export interface AuthServiceDeps {
  repo: AuthRepository;
  tokens: TokenService;
  cache: PartnerCache;
  throttle: LoginThrottle;
  admin: PartnerAdmin;
  logger: Logger;
  clock: Clock;
}

const REVOKED = 'The access token has been revoked: log in again.';
const INVALID = 'The access token is invalid.';

/** Login, the bearer check and token revocation. Partner administration is partner-admin.ts. */
export class AuthService {
  constructor(private readonly deps: AuthServiceDeps) {}

  /** POST /authentication/v1/partner; `client` is the caller's address (throttling), `logger` the request's. */
  async login(username: string, password: string, client: string, logger = this.deps.logger): Promise<{ accessToken: string; expiresIn: number }> {
    const { repo, tokens, throttle, clock } = this.deps;
    const attempt = await throttle.begin(username, client, clock.now().getTime());
    if (!attempt.allowed) {
      logger.warn({ client, reason: attempt.reason }, 'login throttled');
      throw new TooManyLoginAttemptsError(attempt.retryAfterSeconds);
    }
    const partner = await repo.findByUsername(username);
    // an unknown user costs the same hash as a known one: the answer time tells nothing
    const ok = await verifyPassword(password, partner?.passwordHash ?? (await dummyHash()));
    const succeeded = Boolean(partner && ok && partner.enabled);
    await attempt.settle(succeeded);
    if (!partner || !succeeded) {
      logger.info({ client, partnerId: partner?._id }, 'login failed');
      throw new InvalidCredentialsError();
    }
    const { token } = await tokens.issue(partner._id, partner.tokenGeneration ?? 0);
    return { accessToken: token, expiresIn: TOKEN_TTL_SECONDS };
  }

  /** The partner a bearer token stands for; BearerError when it does not stand for one. */
  async authenticate(token: string): Promise<AuthenticatedPartner> {
    let claims;
    try {
      claims = await this.deps.tokens.verify(token);
    } catch (err) {
      throw new BearerError('invalid_token', err instanceof TokenError ? err.message : INVALID);
    }
    const snap = await this.deps.cache.get(claims.partnerId);
    if (!snap) throw new BearerError('invalid_token', INVALID);
    if (!snap.enabled || snap.tokenGeneration !== claims.generation || snap.revokedTokens.has(claims.jti)) {
      throw new BearerError('invalid_token', REVOKED);
    }
    return snap.partner;
  }

  /**
   * A token seen on plain HTTP is revoked (by its jti, on the partner's record,
   * where every instance's cached copy picks it up). Expired revocations are dropped in the
   * same write. Unverifiable tokens are ignored: nobody can revoke what they did not hold.
   */
  async revokeToken(token: string): Promise<{ partnerId: string; jti: string } | undefined> {
    let claims;
    try {
      claims = await this.deps.tokens.verify(token);
    } catch {
      return undefined;
    }
    const { repo, cache, clock } = this.deps;
    const partner = await repo.findById(claims.partnerId);
    if (!partner) return undefined;
    const now = clock.now();
    const expired = Object.entries(partner.revokedTokens ?? {})
      .filter(([, exp]) => exp <= now)
      .map(([jti]) => jti);
    await repo.recordRevokedToken(partner._id, { jti: claims.jti, until: claims.expiresAt, drop: expired, at: now });
    cache.invalidate(partner._id);
    return { partnerId: partner._id, jti: claims.jti };
  }

  /** A partner's payout settings by id, for other modules' consumers (no token at hand). */
  async partner(partnerId: string): Promise<AuthenticatedPartner | undefined> {
    const p = await this.deps.repo.findById(partnerId);
    return p ? snapshotOf(p).partner : undefined;
  }

  /** The shop's name for its customers (the gateway page); undefined when the partner set none. */
  async displayName(partnerId: string): Promise<string | undefined> {
    return (await this.deps.repo.findById(partnerId))?.displayName;
  }

  /** The partner's webhook signing secrets as they may be shown (the portal's developers page): times and a count, no secret. */
  async webhookSecretStatus(partnerId: string): Promise<WebhookSecretStatus | undefined> {
    const p = await this.deps.repo.findById(partnerId);
    return p ? webhookSecretStatus(p, this.deps.clock.now()) : undefined;
  }

  /** Same as the CLI's `create` (tests provision partners through it). */
  createPartner(input: CreatePartnerInput): Promise<PartnerView> {
    return this.deps.admin.create(input);
  }

  listPartners(): Promise<PartnerSummary[]> {
    return this.deps.admin.list();
  }
}
