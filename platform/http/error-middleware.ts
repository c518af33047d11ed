import type { Middleware } from 'koa';
import { AppError, errorBody, type ErrorRecord } from '../errors.js';
import { newId } from '../ids.js';
import { isStoreUnavailable } from '../mongo.js';
import type { AppState } from './state.js';

/** What koa, koa-bodyparser (raw-body, co-body) and http-errors throw for bad requests. */
interface HttpishError {
  status?: number;
  statusCode?: number;
  expose?: boolean;
  type?: string;
  headers?: Record<string, string>;
  message: string;
}

function clientErrorRecord(err: HttpishError, status: number): ErrorRecord {
  switch (err.type) {
    case 'entity.parse.failed':
      return { code: 'INVALID_REQUEST', message: 'The request body is not valid JSON.', severity: 'ERROR' };
    case 'entity.too.large':
      return { code: 'INVALID_REQUEST', message: 'The request body exceeds the 10 MB limit.', severity: 'ERROR' };
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return { code: 'INVALID_REQUEST', message: 'Only UTF-8 encoded JSON bodies are accepted.', severity: 'ERROR' };
    case 'request.aborted':
      return { code: 'INVALID_REQUEST', message: 'The request was aborted by the client.', severity: 'ERROR' };
    default:
      return { code: status === 404 ? 'OBJECT_NOT_FOUND' : 'INVALID_REQUEST', message: err.message, severity: 'ERROR' };
  }
}

/**
 * Maps every failure to the spec's error body. AppErrors carry their status and records;
 * client errors from the HTTP stack keep their 4xx status; anything else is a 500 with a
 * ticketId that is logged with the stack, which never goes on the wire.
 */
export function errorMiddleware(): Middleware<AppState> {
  return async (ctx, next) => {
    try {
      await next();
    } catch (raw) {
      if (raw instanceof AppError) return answerAppError(ctx, raw);
      if (isStoreUnavailable(raw)) return answerStoreUnavailable(ctx, raw);
      const err = raw as HttpishError;
      const status = err.status ?? err.statusCode;
      if (status && status >= 400 && status < 500 && err.expose !== false) return answerClientError(ctx, err, status);
      answerUnexpected(ctx, raw);
    }
  };
}

type Ctx = Parameters<Middleware<AppState>>[0];

function answerAppError(ctx: Ctx, err: AppError): void {
  ctx.status = err.status;
  ctx.set(err.headers);
  ctx.body = errorBody(err.records);
  if (err.status >= 500) ctx.state.log?.error({ err }, 'request failed');
}

/** A dependency that stopped answering: fast and retryable, never a 30 s hang or a 500. */
function answerStoreUnavailable(ctx: Ctx, err: unknown): void {
  ctx.state.log?.warn({ err }, 'the store did not answer');
  ctx.status = 503;
  ctx.set('Retry-After', '1');
  ctx.body = errorBody([
    {
      code: 'SERVICE_UNAVAILABLE',
      message: 'The service cannot reach its database right now. Retry the same request (with the same Idempotency-Key) shortly.',
      severity: 'ERROR',
    },
  ]);
}

function answerClientError(ctx: Ctx, err: HttpishError, status: number): void {
  ctx.status = status;
  if (err.headers) ctx.set(err.headers);
  ctx.body = errorBody([clientErrorRecord(err, status)]);
}

/** A 500 whose ticketId is logged with the stack; the stack never goes on the wire. */
function answerUnexpected(ctx: Ctx, err: unknown): void {
  const ticketId = newId();
  ctx.state.log?.error({ err, ticketId }, 'unexpected error');
  ctx.status = 500;
  ctx.body = errorBody([
    {
      code: 'INTERNAL_ERROR',
      message: 'An unexpected error occurred. Quote the ticketId when you report it.',
      severity: 'ERROR',
      ticketId,
    },
  ]);
}
