import type { Middleware } from 'koa';
import type { Histogram } from 'prom-client';
import type { Logger } from '../logger.js';
import { newId } from '../ids.js';
import { CLIENT_CLOSED_REQUEST } from '../errors.js';
import type { AppState } from './state.js';

const CLIENT_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;
/** Route parameters that are secrets (the gateway's link token): never written to a log. */
const SECRET_PARAMS = new Set(['token']);

/** The path with every secret route parameter replaced, so an access log grants nothing. */
export function redactedPath(path: string, params: Record<string, string> | undefined): string {
  let out = path;
  for (const [name, value] of Object.entries(params ?? {})) {
    if (SECRET_PARAMS.has(name) && value) out = out.split(`/${value}`).join('/[redacted]');
  }
  return out;
}

/**
 * Gives each request an id (the client's X-Request-Id when it is a sane token), puts it on
 * every log line of the request, writes one access-log line and observes the duration
 * histogram by route template (never by raw path: ids would explode the label set).
 */
export function requestContext(logger: Logger, histogram: Histogram<'method' | 'route' | 'status'>): Middleware<AppState> {
  return async (ctx, next) => {
    const started = process.hrtime.bigint();
    const given = ctx.get('X-Request-Id');
    const requestId = CLIENT_REQUEST_ID.test(given) ? given : newId();
    ctx.state.requestId = requestId;
    ctx.state.log = logger.child({ requestId });
    ctx.set('X-Request-Id', requestId);
    try {
      await next();
    } finally {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route = (ctx as { _matchedRoute?: string | RegExp })._matchedRoute;
      histogram.observe({ method: ctx.method, route: route ? String(route) : 'unmatched', status: String(ctx.status) }, seconds);
      const line = {
        method: ctx.method,
        path: redactedPath(ctx.path, (ctx as { params?: Record<string, string> }).params),
        status: ctx.status,
        ms: Math.round(seconds * 10_000) / 10,
        partnerId: ctx.state.partner?.id,
      };
      if (ctx.status === CLIENT_CLOSED_REQUEST) ctx.state.log.info(line, 'request aborted by the client');
      else if (ctx.status >= 500) ctx.state.log.error(line, 'request');
      else ctx.state.log.info(line, 'request');
    }
  };
}
