import type Joi from 'joi';
import type { Middleware } from 'koa';
import type { AppContext, AppRouter, AppState } from '../http/state.js';
import { validate } from '../http/validate.js';
import { Reply, type Rendered } from '../idempotency.js';

/**
 * Every HTTP route is declared once: method, path, the joi schemas of its input, its
 * responses and error codes. `defineRoute` registers the Koa handler AND the declaration,
 * and validates the input with those very schemas, so the OpenAPI document
 * (`/openapi.json`) is generated from what the routes enforce and cannot drift from it.
 */
export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface ErrorDeclaration {
  status: number;
  code: string;
  when: string;
}

export interface ResponseDeclaration {
  description: string;
  /** JSON body schema; omit for bodies without a schema */
  schema?: Joi.Schema;
  /** defaults to application/json */
  contentType?: string;
  headers?: Record<string, string>;
}

export interface RouteDeclaration {
  method: HttpMethod;
  /** Koa path syntax (`/financing/v1/applications/:applicationId`) */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  /** `bearer`: behind the partner token (401 bodies are documented automatically) */
  auth: 'bearer' | 'none';
  request?: {
    body?: Joi.Schema;
    params?: Joi.ObjectSchema;
    query?: Joi.ObjectSchema;
    /** a body that is not JSON (the gateway's HTML forms) */
    bodyContentType?: string;
  };
  responses: Record<number, ResponseDeclaration>;
  errors?: ErrorDeclaration[];
  /** left out of the partner API document (e.g. static assets) */
  internal?: boolean;
}

/**
 * Partner writes take an Idempotency-Key: every POST, PUT and PATCH under /financing/
 * behind the bearer token. One predicate for the middleware and the OpenAPI document.
 */
export function takesIdempotencyKey(route: Pick<RouteDeclaration, 'method' | 'path' | 'auth'>): boolean {
  return ['post', 'put', 'patch'].includes(route.method) && route.path.startsWith('/financing/') && route.auth === 'bearer';
}

export const IDEMPOTENCY_ERROR_DECLARATIONS: ErrorDeclaration[] = [
  {
    status: 400,
    code: 'INVALID_REQUEST',
    when: 'the Idempotency-Key header is empty, longer than 255 characters or not printable ASCII (`attribute`: `Idempotency-Key`)',
  },
  { status: 409, code: 'IDEMPOTENCY_KEY_IN_USE', when: 'a request with this Idempotency-Key is still running; repeat after `Retry-After` seconds' },
  { status: 422, code: 'IDEMPOTENCY_KEY_REUSED', when: 'this Idempotency-Key was used with another method, path or body' },
];

export class RouteRegistry {
  readonly routes: RouteDeclaration[] = [];
  /** the Idempotency-Key middleware the write routes run (set by the HTTP app) */
  idempotency?: Middleware<AppState>;
  /** the bearer check the `auth: 'bearer'` routes run (set by the HTTP app, before the routes mount) */
  bearer?: Middleware<AppState>;

  declare(route: RouteDeclaration): void {
    const clash = this.routes.find((r) => r.method === route.method && r.path === route.path);
    if (clash) throw new Error(`route declared twice: ${route.method.toUpperCase()} ${route.path}`);
    if (this.routes.some((r) => r.operationId === route.operationId)) throw new Error(`operationId declared twice: ${route.operationId}`);
    this.routes.push(route);
  }
}

const registries = new WeakMap<AppRouter, RouteRegistry>();

/** The registry of the routes mounted on `router` (one per app). */
export function registryOf(router: AppRouter): RouteRegistry {
  let r = registries.get(router);
  if (!r) {
    r = new RouteRegistry();
    registries.set(router, r);
  }
  return r;
}

/** Declares a route that is mounted by other means (platform routes such as health). */
export function declareRoute(router: AppRouter, route: RouteDeclaration): void {
  registryOf(router).declare(route);
}

/** What a handler receives: the validated (and, for params and query, converted) input. */
export interface RouteInput<B, P, Q> {
  body: B;
  params: P;
  query: Q;
  /**
   * The answer of a write, handed to the write as its argument: `render` makes the response
   * from the document the write produced. With an Idempotency-Key the write keeps that
   * rendering in the document; the handler returns `reply.answer(doc)`, the same rendering.
   */
  reply<T extends { _id: string; version: number }>(render: (doc: T) => Rendered): Reply<T>;
}

/**
 * A route as `defineRoute` takes it: its declaration, with the input schemas typed by the
 * shapes they validate, so the handler's input is typed by the schemas (one declaration of
 * a request's shape: the schema's type, not a second type joined to it by a cast).
 */
export interface RouteDefinition<B, P, Q> extends Omit<RouteDeclaration, 'request'> {
  request?: {
    body?: Joi.AnySchema<B>;
    params?: Joi.ObjectSchema<P>;
    query?: Joi.ObjectSchema<Q>;
    bodyContentType?: string;
  };
}

/** A handler sets the response itself, or returns it (status, body, Location) once rendered. */
export type RouteHandler<B, P, Q> = (ctx: AppContext, input: RouteInput<B, P, Q>) => Promise<Rendered | void> | Rendered | void;

function respond(ctx: AppContext, r: Rendered): void {
  ctx.status = r.status ?? 200;
  ctx.body = r.body;
  if (r.location) ctx.set('Location', r.location);
}

/**
 * Declares the route and mounts it: the bearer check when the declaration says
 * `auth: 'bearer'` (the declaration is the one place a route's auth is said: it is both
 * documented and enforced from it), then the Idempotency-Key contract on partner writes,
 * then the input is validated with the declared schemas (400 INVALID_REQUEST naming the
 * attribute), then `handler` runs; what it returns is the response.
 */
export function defineRoute<B = unknown, P = Record<string, string>, Q = Record<string, unknown>>(
  router: AppRouter,
  route: RouteDefinition<B, P, Q>,
  handler: RouteHandler<B, P, Q>,
): void {
  const registry = registryOf(router);
  const idempotent = takesIdempotencyKey(route);
  registry.declare(idempotent ? { ...route, errors: [...(route.errors ?? []), ...IDEMPOTENCY_ERROR_DECLARATIONS] } : route);
  // deny by default: a bearer route on an app that has no bearer check does not mount
  if (route.auth === 'bearer' && !registry.bearer)
    throw new Error(`${route.method.toUpperCase()} ${route.path} needs the bearer check: createHttpApp({ bearer })`);
  const auth = route.auth === 'bearer' ? [registry.bearer!] : [];
  const req = route.request ?? {};
  const validated: Middleware<AppState> = async (ctx) => {
    const params = (req.params ? validate(req.params, ctx.params, { convert: true }) : ctx.params) as P;
    const query = (req.query ? validate(req.query, { ...ctx.query }, { convert: true }) : ctx.query) as Q;
    const body = (req.body && !req.bodyContentType ? validate(req.body, ctx.request.body ?? {}) : ctx.request.body) as B;
    const reply = <T extends { _id: string; version: number }>(render: (doc: T) => Rendered) => new Reply(render, ctx.state.idempotentWrite);
    const answer = await handler(ctx as AppContext, { body, params, query, reply });
    if (answer) respond(ctx as AppContext, answer);
  };
  // resolved per request: the app sets the middleware, whichever order modules mount in
  const idempotencyKey: Middleware<AppState> = (ctx, next) => (registry.idempotency ? registry.idempotency(ctx, next) : next());
  const named: Middleware<AppState> = (ctx, next) => {
    ctx.state.operationId = route.operationId;
    return next();
  };
  router[route.method](route.path, named, ...auth, ...(idempotent ? [idempotencyKey] : []), validated);
}
