import type { Middleware } from 'koa';
import { AppError, InvalidRequestError, errorBody } from '../errors.js';
import { IDEMPOTENCY_ERRORS, IdempotentWrite, fingerprintOf, isValidKey, type IdempotencyStore, type KeptResponse } from '../idempotency.js';
import type { AppContext, AppState } from './state.js';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

export interface IdempotencyMiddlewareOptions {
  /** test only: the process kills itself after a write carrying a kept response commits, before answering */
  crashAfterWrite?: boolean;
}

/**
 * Statuses whose answer is not kept, so that a retry with the key runs again: 400 (refused
 * before anything ran), 409 (a race or a claim in use: repeat it), 429, and every 5xx.
 * Other refusals (404, 422 wrong state or data) are answers like a success and are kept,
 * as Stripe does: the same request gets the same answer for the key's lifetime.
 */
export function keepsStatus(status: number): boolean {
  return status < 500 && status !== 400 && status !== 409 && status !== 429;
}

function send(ctx: AppContext, r: KeptResponse, replayed: boolean): void {
  ctx.status = r.status;
  ctx.body = r.body;
  ctx.type = 'application/json';
  if (r.location) ctx.set('Location', r.location);
  if (replayed) ctx.set('Idempotent-Replayed', 'true');
}

/** The handler's answer as the bytes that will go on the wire. */
function responseOf(ctx: AppContext): KeptResponse {
  const body = typeof ctx.body === 'string' ? ctx.body : JSON.stringify(ctx.body ?? null);
  const location = ctx.response.get('Location');
  return { status: ctx.status, body, ...(location ? { location } : {}) };
}

function refusalOf(err: unknown): KeptResponse | undefined {
  if (!(err instanceof AppError) || !keepsStatus(err.status)) return undefined;
  return { status: err.status, body: JSON.stringify(errorBody(err.records)) };
}

function keyOf(ctx: AppContext): string | undefined {
  const raw = ctx.req.headers['idempotency-key'];
  if (raw === undefined) return undefined;
  const key = Array.isArray(raw) ? raw.join(', ') : raw;
  if (!isValidKey(key)) {
    throw new InvalidRequestError('Idempotency-Key must be 1-255 printable ASCII characters.', { attribute: IDEMPOTENCY_HEADER });
  }
  return key;
}

/**
 * The Idempotency-Key contract on one write route (mounted by defineRoute between the
 * bearer check and the input validation). Without the header the request passes untouched.
 */
export function idempotency(store: IdempotencyStore, opts: IdempotencyMiddlewareOptions = {}): Middleware<AppState> {
  return async (ctx, next) => {
    const key = keyOf(ctx);
    if (key === undefined || !ctx.state.partner) return next();
    const claim = await store.claim(ctx.state.partner.id, key, fingerprintOf(ctx.method, ctx.path, ctx.request.body));
    if (claim.kind === 'replay') return send(ctx, claim.response, true);
    if (claim.kind === 'reused') throw IDEMPOTENCY_ERRORS.reused();
    if (claim.kind === 'in-use') throw IDEMPOTENCY_ERRORS.inUse(claim.retryAfterSeconds);

    const write = new IdempotentWrite(claim.keyHash, claim.expiresAt);
    // the route hands it to its write (defineRoute's `reply`), which keeps the response
    ctx.state.idempotentWrite = write;
    let failure: unknown;
    try {
      await next();
    } catch (err) {
      failure = err;
    } finally {
      write.close();
    }
    if (write.kept) {
      // the change and its response are committed together: that response is the answer,
      // even if something after the write failed (the effect happened; it must not repeat)
      if (opts.crashAfterWrite) process.kill(process.pid, 'SIGKILL');
      if (failure) ctx.state.log?.error({ err: failure }, 'failed after its idempotent write committed; answering the kept response');
      await store
        .finish(claim.keyHash, claim.owner, write.kept)
        .catch((err) => ctx.state.log?.warn({ err }, 'idempotency key not marked done; the aggregate still holds the response'));
      return send(ctx, write.kept, false);
    }
    const response = failure === undefined ? (keepsStatus(ctx.status) ? responseOf(ctx) : undefined) : refusalOf(failure);
    if (!response) {
      await store.release(claim.keyHash, claim.owner).catch((err) => ctx.state.log?.warn({ err }, 'idempotency key not released'));
      if (failure) throw failure;
      return;
    }
    await store.finish(claim.keyHash, claim.owner, response);
    send(ctx, response, false);
  };
}
