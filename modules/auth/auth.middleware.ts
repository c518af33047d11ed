import type { Middleware } from 'koa';
import type { AppState } from '../../platform/http/state.js';
import { BearerError } from './auth.errors.js';
import type { AuthService } from './auth.service.js';

const REALM = 'partner-financing';

/**
 * Bearer authentication (spec Authentication; RFC 6750): every route behind it has
 * `ctx.state.partner`. Failures answer 401 with `{error, error_description}` and a
 * WWW-Authenticate header; without credentials the header carries no error code.
 */
export function bearerAuth(auth: AuthService): Middleware<AppState> {
  return async (ctx, next) => {
    const header = ctx.get('Authorization');
    try {
      if (!header) throw new BearerError('invalid_request', 'The access token is missing: send Authorization: Bearer <accessToken>.');
      const m = /^Bearer ([A-Za-z0-9\-._~+/]+=*)$/.exec(header);
      if (!m) throw new BearerError('invalid_request', 'The Authorization header must be "Bearer <accessToken>".');
      ctx.state.partner = await auth.authenticate(m[1]!);
    } catch (err) {
      if (!(err instanceof BearerError)) throw err;
      ctx.status = 401;
      ctx.set('WWW-Authenticate', header
        ? `Bearer realm="${REALM}", error="${err.error}", error_description="${err.description.replace(/"/g, "'")}"`
        : `Bearer realm="${REALM}"`);
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { error: err.error, error_description: err.description };
      return;
    }
    await next();
  };
}
