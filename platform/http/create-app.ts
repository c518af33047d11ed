import Koa from 'koa';
import Router from '@koa/router';
import bodyParser from 'koa-bodyparser';
import type { Registry } from 'prom-client';
import type { Logger } from '../logger.js';
import { AppError, NotFoundError } from '../errors.js';
import { httpMetrics } from '../metrics.js';
import { errorMiddleware } from './error-middleware.js';
import { requestContext } from './request-context.js';
import type { AppState } from './state.js';

export type AppRouter = Router<AppState>;

export const MAX_BODY = '10mb';

export interface HttpAppOptions {
  logger: Logger;
  registry: Registry;
  /** honour X-Forwarded-* from a TLS-terminating proxy (DESIGN 16) */
  trustProxy: boolean;
  /** middleware that runs before body parsing on every request (perimeter: rate limits) */
  before?: Koa.Middleware<AppState>[];
  /** registers the routes of every module on the one router */
  mount: (router: AppRouter) => void;
}

/**
 * The one Koa app: request context, error mapping, JSON body parsing, the modules' routes,
 * and the spec's error body for unknown routes (404) and wrong methods (405).
 */
export function createHttpApp(opts: HttpAppOptions): Koa<AppState> {
  const app = new Koa<AppState>({ proxy: opts.trustProxy });
  app.silent = true; // errors are logged once, by the error middleware
  const router = new Router<AppState>();
  opts.mount(router);

  app.use(requestContext(opts.logger, httpMetrics(opts.registry)));
  app.use(errorMiddleware());
  for (const mw of opts.before ?? []) app.use(mw);
  app.use(bodyParser({ enableTypes: ['json'], jsonLimit: MAX_BODY, strict: true, onerror: (err) => { throw err; } }));
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
