import { randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors, type JWTPayload } from 'jose';
import { isDuplicateKey } from '../../platform/mongo.js';
import { newId } from '../../platform/ids.js';
import type { AuthRepository, SigningKeyDoc } from './auth.repository.js';

export const TOKEN_TTL_SECONDS = 7200;
const ISSUER = 'partner-financing';
const AUDIENCE = 'partner-api';

export interface TokenClaims {
  partnerId: string;
  jti: string;
  issuedAt: Date;
  expiresAt: Date;
}

export class TokenError extends Error {}

/**
 * Access tokens: JWTs (HS256) signed with jose under a key id (`kid`). Keys live in the
 * store, shared by every API instance; the active key signs, every known key verifies, so
 * a key can be rotated without logging partners out. The first instance to start creates
 * the first key (a unique _id settles the race).
 */
export class TokenService {
  private keys = new Map<string, Uint8Array>();
  private activeKid = '';

  constructor(private readonly repo: AuthRepository) {}

  async init(): Promise<void> {
    const first: SigningKeyDoc = { _id: 'k1', alg: 'HS256', secret: randomBytes(32).toString('base64'), createdAt: new Date(), active: true };
    await this.repo.keys.insertOne(first).catch((err) => { if (!isDuplicateKey(err)) throw err; });
    await this.reload();
  }

  async reload(): Promise<void> {
    const docs = await this.repo.keys.find({}).toArray();
    this.keys = new Map(docs.map((d) => [d._id, Buffer.from(d.secret, 'base64')]));
    const active = docs.filter((d) => d.active).sort((a, b) => +b.createdAt - +a.createdAt)[0];
    if (!active) throw new Error('no active signing key');
    this.activeKid = active._id;
  }

  async issue(partnerId: string, now = new Date()): Promise<{ token: string; claims: TokenClaims }> {
    const jti = newId();
    const iat = Math.floor(now.getTime() / 1000);
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', kid: this.activeKid, typ: 'JWT' })
      .setSubject(partnerId)
      .setJti(jti)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(iat)
      .setExpirationTime(iat + TOKEN_TTL_SECONDS)
      .sign(this.keys.get(this.activeKid)!);
    return { token, claims: { partnerId, jti, issuedAt: new Date(iat * 1000), expiresAt: new Date((iat + TOKEN_TTL_SECONDS) * 1000) } };
  }

  /** Verifies signature, algorithm (HS256 only: `none` and others are refused), issuer, audience, expiry. */
  async verify(token: string): Promise<TokenClaims> {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, async (header) => {
        const key = header.kid ? this.keys.get(header.kid) : undefined;
        if (!key) throw new TokenError('unknown signing key');
        return key;
      }, { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE, requiredClaims: ['sub', 'jti', 'exp', 'iat'] }));
    } catch (err) {
      if (err instanceof joseErrors.JWTExpired) throw new TokenError('The access token has expired.');
      throw new TokenError('The access token is invalid.');
    }
    return {
      partnerId: payload.sub!,
      jti: payload.jti!,
      issuedAt: new Date(payload.iat! * 1000),
      expiresAt: new Date(payload.exp! * 1000),
    };
  }
}
