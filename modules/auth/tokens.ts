import { randomBytes, webcrypto } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors, type JWTPayload } from 'jose';
import type { Clock } from '../../platform/clock.js';
import { newId } from '../../platform/ids.js';
import type { AuthRepository, SigningKeyDoc } from './auth.repository.js';

export const TOKEN_TTL_SECONDS = 7200;
const ISSUER = 'partner-financing';
const AUDIENCE = 'partner-api';
/** far above any token we issue (~400 chars); refuses junk before any parsing */
const MAX_TOKEN_LENGTH = 2048;
/**
 * An unknown `kid` reloads the keys (another instance may have rotated), at most this
 * often: a token under a kid minted a moment ago waits for the next reload instead of being
 * refused, and a flood of forged kids costs the store one read per interval.
 */
const RELOAD_MIN_INTERVAL_MS = 1000;
/** our kids: the bootstrap `k1`, then UUIDv7s */
const KID = /^(k1|[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12})$/;
const SAFE_ID = /^[A-Za-z0-9-]{1,64}$/;
/** verified tokens remembered per instance (partners reuse one token for its 2 h) */
const VERIFIED_CACHE_SIZE = 10_000;
const VERIFIED_CACHE_MS = 5 * 60_000;

export interface TokenClaims {
  partnerId: string;
  jti: string;
  /** the partner's token generation when the token was issued (partner.model.ts) */
  generation: number;
  issuedAt: Date;
  expiresAt: Date;
}

export class TokenError extends Error {}

/** Which key signs access tokens, and since when: what may be shown of it (never its secret). */
export interface SigningKeyStatus {
  kid: string;
  since: Date;
}

/** The key that signs: the newest active one (every instance picks the same). */
function signingKeyOf(docs: SigningKeyDoc[]): SigningKeyDoc | undefined {
  return docs.filter((d) => d.active).sort((a, b) => +b.createdAt - +a.createdAt)[0];
}

function importHmacKey(secret: Buffer): Promise<webcrypto.CryptoKey> {
  return webcrypto.subtle.importKey('raw', new Uint8Array(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
}

/**
 * Access tokens: JWTs (HS256) signed with jose under a key id (`kid`). Keys live in the
 * store (`auth_signing_keys`), shared by every API instance: the newest active key signs,
 * every key still kept verifies, so `partners rotate-signing-key` changes the signing key
 * without logging anyone out. An instance picks up a new key when it meets its kid in a
 * token, and before it signs at login when its copy is older than `refreshMs`.
 *
 * Token lifetimes (issue time, expiry, the verified-token cache) run on the injected clock,
 * so a test moves it past a token's expiry. The pacing of key reloads stays on the wall
 * clock: it spares the store, and holds nothing a partner sees.
 */
export class TokenService {
  private keys = new Map<string, webcrypto.CryptoKey>();
  private activeKid = '';
  private loadedAt = 0;
  private reloading: Promise<void> | undefined;
  private scheduledReload: Promise<void> | undefined;
  /**
   * A token string that verified once verifies again until it expires: the signature
   * covers every byte of it. Remembering the claims skips jose's parse and HMAC (~50 µs)
   * on the hot path. Revocation is not affected: it is checked on every request, after this.
   */
  private readonly verified = new Map<string, { claims: TokenClaims; until: number }>();

  constructor(
    private readonly repo: AuthRepository,
    private readonly clock: Clock,
    private readonly refreshMs = 2000,
  ) {}

  /** Creates the first key when the store has none (the fixed id settles a start-up race). */
  async init(): Promise<void> {
    if (!(await this.repo.signingKeys()).some((k) => k.active)) await this.repo.insertSigningKey(newKeyDoc('k1', this.clock.now()));
    await this.reload();
  }

  reload(): Promise<void> {
    this.reloading ??= this.load().finally(() => {
      this.reloading = undefined;
    });
    return this.reloading;
  }

  private async load(): Promise<void> {
    const docs = await this.repo.signingKeys();
    const keys = new Map<string, webcrypto.CryptoKey>();
    for (const d of docs) keys.set(d._id, this.keys.get(d._id) ?? (await importHmacKey(Buffer.from(d.secret, 'base64'))));
    const active = signingKeyOf(docs);
    if (!active) throw new Error('no active signing key in auth_signing_keys');
    this.keys = keys;
    this.activeKid = active._id;
    this.loadedAt = Date.now();
  }

  get signingKid(): string {
    return this.activeKid;
  }

  /**
   * The key that signs access tokens from the next login on, read from the store (so a
   * rotation made by the CLI shows at once, before this instance's copy is refreshed): its
   * kid and creation time, nothing of its secret.
   */
  async signingKeyStatus(): Promise<SigningKeyStatus> {
    const active = signingKeyOf(await this.repo.signingKeys());
    if (!active) throw new Error('no active signing key in auth_signing_keys');
    return { kid: active._id, since: active.createdAt };
  }

  async issue(partnerId: string, generation: number, now = this.clock.now()): Promise<{ token: string; claims: TokenClaims }> {
    if (Date.now() - this.loadedAt > this.refreshMs) await this.reload();
    const jti = newId();
    const iat = Math.floor(now.getTime() / 1000);
    const token = await new SignJWT({ gen: generation })
      .setProtectedHeader({ alg: 'HS256', kid: this.activeKid, typ: 'JWT' })
      .setSubject(partnerId)
      .setJti(jti)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(iat)
      .setExpirationTime(iat + TOKEN_TTL_SECONDS)
      .sign(this.keys.get(this.activeKid)!);
    const claims = { partnerId, jti, generation, issuedAt: new Date(iat * 1000), expiresAt: new Date((iat + TOKEN_TTL_SECONDS) * 1000) };
    return { token, claims };
  }

  /**
   * Verifies signature, algorithm (HS256 only: `none` and every other alg are refused),
   * type, issuer, audience and expiry. Any failure is a TokenError whose message may go
   * to the client (it says expired or invalid, never why a signature failed).
   */
  async verify(token: string): Promise<TokenClaims> {
    const now = this.clock.now().getTime();
    const hit = this.verified.get(token);
    if (hit && now < hit.until) return hit.claims;
    if (hit) this.verified.delete(token);
    const claims = await this.verifyNow(token);
    this.verified.set(token, { claims, until: Math.min(claims.expiresAt.getTime(), now + VERIFIED_CACHE_MS) });
    if (this.verified.size > VERIFIED_CACHE_SIZE) this.verified.delete(this.verified.keys().next().value!);
    return claims;
  }

  private async verifyNow(token: string): Promise<TokenClaims> {
    if (token.length > MAX_TOKEN_LENGTH) throw new TokenError('The access token is invalid.');
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, (header) => this.keyFor(header.kid), {
        algorithms: ['HS256'],
        typ: 'JWT',
        issuer: ISSUER,
        audience: AUDIENCE,
        requiredClaims: ['sub', 'jti', 'exp', 'iat'],
        currentDate: this.clock.now(),
      }));
    } catch (err) {
      if (err instanceof joseErrors.JWTExpired) throw new TokenError('The access token has expired: log in again.');
      throw new TokenError('The access token is invalid.');
    }
    // ids become field names of the partner record (revokedTokens): only our own shapes pass
    if (typeof payload.gen !== 'number' || !SAFE_ID.test(String(payload.sub)) || !SAFE_ID.test(String(payload.jti))) {
      throw new TokenError('The access token is invalid.');
    }
    return {
      partnerId: payload.sub as string,
      jti: payload.jti as string,
      generation: payload.gen,
      issuedAt: new Date(payload.iat! * 1000),
      expiresAt: new Date(payload.exp! * 1000),
    };
  }

  private async keyFor(kid: string | undefined): Promise<webcrypto.CryptoKey> {
    if (!kid || !KID.test(kid)) throw new TokenError('not one of our key ids');
    if (!this.keys.has(kid)) await this.reloadSoon();
    const key = this.keys.get(kid);
    if (!key) throw new TokenError('unknown signing key');
    return key;
  }

  private reloadSoon(): Promise<void> {
    const wait = this.loadedAt + RELOAD_MIN_INTERVAL_MS - Date.now();
    if (wait <= 0) return this.reload();
    this.scheduledReload ??= new Promise((r) => setTimeout(r, wait).unref())
      .then(() => this.reload())
      .finally(() => {
        this.scheduledReload = undefined;
      });
    return this.scheduledReload;
  }
}

function newKeyDoc(kid: string, now: Date): SigningKeyDoc {
  return { _id: kid, alg: 'HS256', secret: randomBytes(32).toString('base64'), createdAt: now, active: true };
}

/**
 * Key rotation (`ops keys rotate-signing-key`): a new key becomes the signing key, the
 * older ones are retired but keep verifying the tokens they signed until those expire
 * (2 h), and keys retired longer ago than that are deleted. Two rotations at once leave
 * the newer key active: each retires only keys created before its own.
 */
export async function rotateSigningKey(repo: AuthRepository, now: Date): Promise<{ kid: string; retired: string[]; pruned: string[] }> {
  const fresh = newKeyDoc(newId(), now);
  await repo.insertSigningKey(fresh);
  const before = (await repo.signingKeys()).filter((k) => k._id !== fresh._id);
  const retired = before.filter((k) => k.active && k.createdAt <= fresh.createdAt).map((k) => k._id);
  for (const kid of retired) await repo.retireSigningKey(kid, now);
  const cutoff = new Date(now.getTime() - (TOKEN_TTL_SECONDS + 60) * 1000);
  const stale = before.filter((k) => !k.active && k.retiredAt && k.retiredAt < cutoff).map((k) => k._id);
  for (const kid of stale) await repo.deleteSigningKey(kid);
  return { kid: fresh._id, retired, pruned: stale };
}
