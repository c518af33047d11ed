import type { DefaultContext, ParameterizedContext } from 'koa';
import type Router from '@koa/router';
import type { IdempotentWrite } from '../idempotency.js';
import type { Logger } from '../logger.js';

/** The partner a bearer token was issued to (set by the auth module's middleware). */
export interface AuthenticatedPartner {
  id: string;
  username: string;
  payoutTrigger: 'SENT' | 'DELIVERED';
  feeBps: number;
  /** the API version the partner is pinned to (absent: the current one) */
  apiVersion?: string;
}

export interface AppState {
  requestId: string;
  log: Logger;
  partner?: AuthenticatedPartner;
  /** the declared route that answers (set as the route starts; the version edge shapes by it) */
  operationId?: string;
  /** the API version of this answer: asked in `Api-Version`, else the partner's pin, else current */
  apiVersion?: string;
  /** the request's claimed Idempotency-Key (write routes only); a route hands it to its write as a `Reply` */
  idempotentWrite?: IdempotentWrite;
}

export type AppContext = ParameterizedContext<AppState, DefaultContext>;

/** The partner of an authenticated route; a route mounted behind the auth middleware always has one. */
export function partnerOf(ctx: AppContext): AuthenticatedPartner {
  if (!ctx.state.partner) throw new Error('route mounted without the bearer middleware');
  return ctx.state.partner;
}

/** The one router every module registers its routes on. */
export type AppRouter = Router<AppState>;
