import type { Middleware } from 'koa';
import type { Counter } from 'prom-client';
import type { AppContext, AppState } from '../../platform/http/state.js';
import { BearerError, RateLimitExceededError } from './auth.errors.js';
import type { AuthService } from './auth.service.js';
import type { PartnerRateLimiter } from './partner-rate-limiter.js';
import type { Clock } from '../../platform/clock.js';

const REALM = 'partner-financing';
/** RFC 6750 §3: the token68 syntax of a bearer credential */
const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i;

/**
 * Paths that need a bearer token even when no route matches them: the whole partner API.
 * An unknown /financing path answers 401 to a caller without a token, not 404, so the
 * route map cannot be probed anonymously; and a route someone forgets to protect there
 * is protected anyway (deny by default).
 */
export const PROTECTED_PREFIXES = ['/financing/'];

/** RFC 6750 §3: error_description is limited to %x20-21 / %x23-5B / %x5D-7E. */
function headerSafe(text: string): string {
  return text.replace(/[^\x20-\x21\x23-\x5b\x5d-\x7e]/g, "'");
}

function refuse(ctx: AppContext, err: BearerError, hadCredentials: boolean): void {
  ctx.status = 401;
  // without credentials the header carries no error code (RFC 6750 §3); the body always does
  ctx.set(
    'WWW-Authenticate',
    hadCredentials ? `Bearer realm="${REALM}", error="${err.error}", error_description="${headerSafe(err.description)}"` : `Bearer realm="${REALM}"`,
  );
  ctx.set('Cache-Control', 'no-store');
  ctx.body = { error: err.error, error_description: err.description };
}

export interface BearerDeps {
  auth: AuthService;
  limiter: PartnerRateLimiter;
  failures: Counter<'reason'>;
  /** whose minute the rate-limit window is */
  clock: Pick<Clock, 'now'>;
}

/**
 * Bearer authentication and the per-partner rate limit (spec Authentication, Limits).
 * Sets `ctx.state.partner`, then the X-Rate-Limit-* headers on every authenticated
 * response, or answers 401 `{error, error_description}` / 429 with an errors body.
 * Runs once per request: a route that adds it again behind the perimeter costs nothing.
 */
export function bearerAuth(deps: BearerDeps): Middleware<AppState> {
  return async (ctx, next) => {
    if (ctx.state.partner) return next();
    const header = ctx.get('Authorization');
    try {
      if (!header) throw new BearerError('invalid_request', 'The access token is missing: send Authorization: Bearer <accessToken>.');
      const m = BEARER.exec(header);
      if (!m) throw new BearerError('invalid_request', 'The Authorization header must be "Bearer <accessToken>".');
      ctx.state.partner = await deps.auth.authenticate(m[1]!);
    } catch (err) {
      if (!(err instanceof BearerError)) throw err;
      deps.failures.inc({ reason: err.error });
      refuse(ctx, err, Boolean(header));
      return;
    }
    const grant = await deps.limiter.take(ctx.state.partner.id, deps.clock.now().getTime());
    ctx.set('X-Rate-Limit-Limit', String(grant.limit));
    ctx.set('X-Rate-Limit-Remaining', String(grant.remaining));
    ctx.set('X-Rate-Limit-Reset', String(grant.resetSeconds));
    if (!grant.allowed) {
      deps.failures.inc({ reason: 'rate_limited' });
      throw new RateLimitExceededError(grant.limit, grant.resetSeconds);
    }
    await next();
  };
}

/** The perimeter: bearerAuth on every request under PROTECTED_PREFIXES, before the body is read. */
export function perimeter(requireAuth: Middleware<AppState>): Middleware<AppState> {
  return (ctx, next) => (isProtected(ctx.path) ? requireAuth(ctx, next) : next());
}

/** Compared as the router might see it: decoded, slashes collapsed, any case. */
export function isProtected(rawPath: string): boolean {
  let path = rawPath;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    /* undecodable: judged as sent */
  }
  path = `${path.replace(/\/{2,}/g, '/').toLowerCase()}/`;
  return PROTECTED_PREFIXES.some((p) => path.startsWith(p));
}
