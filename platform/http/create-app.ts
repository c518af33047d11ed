import Koa from 'koa';
import Router from '@koa/router';
import type { Registry } from 'prom-client';
import type { Logger } from '../logger.js';
import { AppError, InvalidRequestError, NotFoundError } from '../errors.js';
import { httpMetrics } from '../metrics.js';
import { errorMiddleware } from './error-middleware.js';
import { DEFAULT_BODY_LIMITS, jsonBody, type JsonBodyLimits } from './json-body.js';
import { requestContext } from './request-context.js';
import type { AppRouter, AppState } from './state.js';
import { registryOf } from '../openapi/registry.js';
import type { ApiVersions } from '../api-versions/api-versions.js';
import { apiVersion } from './api-version.js';

export type { AppRouter } from './state.js';

/** spec Limits: maximum request size */
export const MAX_BODY_BYTES = DEFAULT_BODY_LIMITS.maxBytes;

export interface HttpAppOptions {
  logger: Logger;
  registry: Registry;
  /** honour X-Forwarded-* from a TLS-terminating proxy */
  trustProxy: boolean;
  /** middleware that runs before the body is read on every request (perimeter: bearer auth, rate limit) */
  before?: Koa.Middleware<AppState>[];
  /** registers the routes of every module on the one router */
  mount: (router: AppRouter) => void;
  bodyLimits?: JsonBodyLimits;
  /** the Idempotency-Key middleware of the partner write routes (platform/http/idempotency.ts) */
  idempotency?: Koa.Middleware<AppState>;
  /** the API's dated versions: answers are shaped for the caller's version at the edge */
  versions?: ApiVersions;
  /** the bearer check that every route declared `auth: 'bearer'` runs (the auth module's) */
  bearer?: Koa.Middleware<AppState>;
}

/**
 * Headers every answer carries. The API's answers are JSON that no browser should render,
 * frame, cache or sniff; a route that serves a page (the gateway) sets its own CSP.
 * HSTS only where the request came over TLS (or the trusted proxy says so).
 */
function securityHeaders(): Koa.Middleware<AppState> {
  return async (ctx, next) => {
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('X-Frame-Options', 'DENY');
    ctx.set('Referrer-Policy', 'no-referrer');
    ctx.set('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'");
    ctx.set('Cache-Control', 'no-store');
    if (ctx.secure) ctx.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    await next();
  };
}

/** An undecodable %-escape in the path reaches the router's param decoding as a URIError. */
function malformedUrl(): Koa.Middleware<AppState> {
  return async (ctx, next) => {
    try {
      await next();
    } catch (err) {
      if (err instanceof URIError) throw new InvalidRequestError('The request path holds an invalid %-escape.');
      throw err;
    }
  };
}

/**
 * The one Koa app: request context, error mapping, security headers, the perimeter
 * (`before`: bearer auth and rate limit, so an unauthenticated body is never read), the
 * JSON body reader (json-body.ts), the modules' routes, and the spec's error body for
 * unknown routes (404) and wrong methods (405).
 */
export function createHttpApp(opts: HttpAppOptions): Koa<AppState> {
  // Behind the proxy, X-Forwarded-For's last entry is the one the proxy added; the ones
  // before it are whatever the client wrote, so only one hop is believed (login throttling
  // keys on this address). TRUST_PROXY assumes exactly one proxy in front.
  const app = new Koa<AppState>({ proxy: opts.trustProxy, maxIpsCount: 1 });
  app.silent = true; // errors are logged once, by the error middleware
  const router = new Router<AppState>();
  registryOf(router).idempotency = opts.idempotency;
  registryOf(router).bearer = opts.bearer;
  opts.mount(router);

  app.use(requestContext(opts.logger, httpMetrics(opts.registry)));
  if (opts.versions) app.use(apiVersion(opts.versions));
  app.use(errorMiddleware());
  app.use(securityHeaders());
  for (const mw of opts.before ?? []) app.use(mw);
  app.use(jsonBody(opts.bodyLimits ?? DEFAULT_BODY_LIMITS));
  app.use(malformedUrl());
  // Unmatched paths and methods end here with the spec's error body; the router has set
  // `Allow` for a 405 (and answers OPTIONS itself).
  app.use(async (ctx, next) => {
    await next();
    if (ctx.body != null) return;
    if (ctx.status === 405 || ctx.status === 501) {
      throw new AppError('METHOD_NOT_ALLOWED', `${ctx.method} is not allowed here; allowed: ${ctx.response.get('Allow')}.`, { status: 405 });
    }
    if (ctx.status === 404) throw new NotFoundError(`No resource at ${ctx.method} ${ctx.path}.`);
  });
  app.use(router.routes());
  app.use(router.allowedMethods());
  return app;
}
