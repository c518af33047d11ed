import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { ApplicationRepository } from './store/application.repository.js';
import { systemClock, type Clock } from '../../platform/clock.js';

const KEY_ID = 'gateway-link-v1';

/**
 * Gateway links: `<PUBLIC_BASE_URL>/gateway/<applicationId>/<token>`, where the
 * token is an HMAC-SHA256 of the application id and the link's expiry under a key of the
 * service. Unguessable (256-bit MAC) and expiring (the expiry is inside the MAC and in the
 * document). Nothing secret is stored per application: the spec wants the URL in every
 * response, and a stored hash could not give it back, while an HMAC can be recomputed.
 * The key is shared by every API instance through the store (the first instance creates it).
 */
export class GatewayLinks {
  private key: Buffer | undefined;

  constructor(
    private readonly repo: ApplicationRepository,
    private readonly publicBaseUrl: string,
    private readonly clock: Clock = systemClock,
  ) {}

  async init(): Promise<void> {
    const fresh = { _id: KEY_ID, secret: randomBytes(32).toString('base64'), createdAt: this.clock.now() };
    const doc = await this.repo.moduleKey(fresh);
    this.key = Buffer.from(doc.secret, 'base64');
  }

  token(applicationId: string, expiresAt: Date): string {
    if (!this.key) throw new Error('GatewayLinks.init() was not called');
    return createHmac('sha256', this.key).update(`${applicationId}|${expiresAt.getTime()}`).digest('base64url');
  }

  url(applicationId: string, expiresAt: Date): string {
    return `${this.publicBaseUrl}/gateway/${applicationId}/${this.token(applicationId, expiresAt)}`;
  }

  /** Constant-time check of a token against the application's link. */
  verify(applicationId: string, expiresAt: Date, token: string): boolean {
    const expected = Buffer.from(this.token(applicationId, expiresAt));
    const given = Buffer.from(token);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
