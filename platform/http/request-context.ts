import type { Middleware } from 'koa';
import type { Histogram } from 'prom-client';
import type { Logger } from '../logger.js';
import { newId } from '../ids.js';
import { CLIENT_CLOSED_REQUEST } from '../errors.js';
import type { AppState } from './state.js';
import { context, inSpan, SpanKind, SpanStatusCode, withRequestId } from '../tracing.js';

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
 * Gives each request an id (the client's X-Request-Id when it is a sane token) and a server
 * span, and runs it in that work context: every log line of the request carries both (the
 * logger's mixin), and what the request writes to the outbox carries them on to Kafka.
 * Writes one access-log line and observes the duration histogram by route template (never
 * by raw path: ids would explode the label set).
 *
 * The span is a new trace's root: a caller's `traceparent` is not continued, so a partner
 * cannot choose what we sample. It holds the route template, the status, the partner id and
 * the application id of an application's route, never a raw path nor a body (personal data).
 */
export function requestContext(logger: Logger, histogram: Histogram<'method' | 'route' | 'status'>): Middleware<AppState> {
  return async (ctx, next) => {
    const started = process.hrtime.bigint();
    const given = ctx.get('X-Request-Id');
    const requestId = CLIENT_REQUEST_ID.test(given) ? given : newId();
    ctx.state.requestId = requestId;
    ctx.state.log = logger;
    ctx.set('X-Request-Id', requestId);
    await inSpan(
      ctx.method,
      { kind: SpanKind.SERVER, parent: withRequestId(requestId, context.active()), attributes: { 'http.request.method': ctx.method } },
      async (span) => {
        try {
          await next();
        } finally {
          const route = (ctx as { _matchedRoute?: string | RegExp })._matchedRoute;
          if (span.isRecording()) {
            if (route) {
              span.updateName(`${ctx.method} ${String(route)}`);
              span.setAttribute('http.route', String(route));
            }
            span.setAttribute('http.response.status_code', ctx.status);
            span.setAttribute('request.id', requestId);
            if (ctx.state.partner?.id) span.setAttribute('partner.id', ctx.state.partner.id);
            const applicationId = (ctx as { params?: Record<string, string> }).params?.applicationId;
            if (applicationId) span.setAttribute('application.id', applicationId);
            if (ctx.status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
          }
          logRequest(ctx, route, started);
        }
      },
    );
  };

  function logRequest(ctx: Parameters<Middleware<AppState>>[0], route: string | RegExp | undefined, started: bigint): void {
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
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
}
