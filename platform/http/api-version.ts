import type Koa from 'koa';
import { errorBody } from '../errors.js';
import { newId } from '../ids.js';
import { API_VERSION_HEADER, type ApiVersions } from '../api-versions/api-versions.js';
import type { AppState } from './state.js';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The version of every answer: the `Api-Version` the request names, else the version the
 * partner is pinned to, else (health, login, anything before a partner is known) the
 * current one. Every answer names it in `Api-Version`. Outermost but for the request
 * context, so it sees the final body of every answer, errors and kept idempotent answers
 * included, and shapes it for that version at the edge; the routes only ever make the
 * current shape. An unknown version is 400 naming the header.
 */
export function apiVersion(versions: ApiVersions): Koa.Middleware<AppState> {
  return async (ctx, next) => {
    const asked = ctx.get(API_VERSION_HEADER);
    if (asked && !versions.known(asked)) {
      ctx.status = 400;
      ctx.set(API_VERSION_HEADER, versions.current);
      const what = DATE.test(asked) ? `${asked} is not a version of this API` : 'a version is a date such as 2026-11-26';
      ctx.body = errorBody([
        {
          code: 'INVALID_REQUEST',
          message: `${API_VERSION_HEADER}: ${what}; the versions are ${versions.versions.join(', ')}.`,
          severity: 'ERROR',
          attribute: API_VERSION_HEADER,
        },
      ]);
      return;
    }
    ctx.state.apiVersion = asked || versions.current;
    await next();
    const version = asked || ctx.state.partner?.apiVersion || versions.current;
    ctx.state.apiVersion = version;
    ctx.set(API_VERSION_HEADER, version);
    const json = ctx.body !== null && typeof ctx.body === 'object' && !Buffer.isBuffer(ctx.body) && typeof (ctx.body as { pipe?: unknown }).pipe !== 'function';
    if (version !== versions.current && json) {
      try {
        ctx.body = versions.response(version, ctx.state.operationId ?? '', ctx.status, ctx.body);
      } catch (err) {
        // a change file that cannot take this body back is a defect: the spec's 500, logged
        const ticketId = newId();
        ctx.state.log?.error({ err, ticketId, version, operationId: ctx.state.operationId }, 'answer not shaped for the API version');
        ctx.status = 500;
        ctx.body = errorBody([
          {
            code: 'INTERNAL_ERROR',
            message: `The answer could not be given in version ${version}; the error is logged as ${ticketId}.`,
            severity: 'ERROR',
            ticketId,
          },
        ]);
      }
    }
  };
}
