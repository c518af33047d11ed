import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import bodyParser from 'koa-bodyparser';
import type { Middleware } from 'koa';
import type { AppContext } from '../../platform/http/state.js';
import { AppError } from '../../platform/errors.js';
import { isStoreUnavailable } from '../../platform/mongo.js';
import type { SafeHtml } from '../../platform/http/html.js';
import { CATALOGUES, chooseLang, type Messages } from './portal.i18n.js';
import { page, type PageFrame } from './portal.layout.js';
import { may, type Permission, type PortalUserDoc, type SessionDoc } from './portal.model.js';
import type { PortalAccounts } from './portal-accounts.service.js';
import { messageBody } from './portal-accounts.views.js';
import { errorText } from './portal-errors.js';

export const PORTAL_PREFIX = '/portal';
export const SESSION_COOKIE = '__Host-pf_session';
const PRE_COOKIE = '__Host-pf_pre';
export const LANG_COOKIE = '__Host-pf_lang';
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** What the portal keeps on ctx.state for one request. */
export interface PortalRequest {
  m: Messages;
  /** the anti-forgery value this request's forms carry (the session's, or the pre-session one) */
  csrf: string;
  session?: SessionDoc;
  sessionToken?: string;
  user?: PortalUserDoc;
  /** the signed-in user's shop as the header names it */
  shopName?: string;
}

export function portalOf(ctx: AppContext): PortalRequest {
  return (ctx.state as unknown as { portal: PortalRequest }).portal;
}

/** A refusal the portal answers with a page of its own. */
export class PortalRefusal extends AppError {
  constructor(
    readonly kind: 'forbidden' | 'notFound' | 'csrf' | 'signIn',
    status: number,
  ) {
    super(`PORTAL_${kind.toUpperCase()}`, kind, { status });
  }
}

/**
 * A strict CSP (no script at all, styles only from this origin, forms only to this origin,
 * no framing), and no caching: portal pages hold customer data.
 */
function pageHeaders(ctx: AppContext): void {
  ctx.set('Content-Security-Policy', "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'");
  ctx.set('X-Frame-Options', 'DENY');
  // same-origin, not no-referrer: under no-referrer browsers send `Origin: null` on form posts
  ctx.set('Referrer-Policy', 'same-origin');
  ctx.set('Cache-Control', 'no-store');
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Cross-Origin-Opener-Policy', 'same-origin');
}

export function render(ctx: AppContext, frame: Omit<PageFrame, 'm' | 'path' | 'user' | 'csrf'> & { user?: PortalUserDoc }, body: SafeHtml, status = 200): void {
  const p = portalOf(ctx);
  ctx.status = status;
  ctx.type = 'text/html; charset=utf-8';
  ctx.body = page(
    { ...frame, m: p.m, path: pageToReturnTo(ctx.method, ctx.path), user: frame.user ?? p.user, csrf: p.csrf, ...(p.shopName ? { shopName: p.shopName } : {}) },
    body,
  ).text;
}

/**
 * Where the language switch leads back to. A form's answer (a refusal, a new secret) is
 * rendered at the form's POST address; sign-in, setup and users have a page there, the
 * actions do not: an application's action returns to the application, the webhooks,
 * developers and users pages' forms to their page.
 */
export function pageToReturnTo(method: string, path: string): string {
  if (method === 'GET' || method === 'HEAD') return path;
  if (path === '/portal/sign-out') return '/portal/sign-in';
  const action = /^(\/portal\/applications\/[^/]+)\/act\//.exec(path);
  if (action) return action[1]!;
  const section = /^(\/portal\/(?:webhooks|developers|users))\//.exec(path);
  return section ? section[1]! : path;
}

function sameValue(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

const cookieOptions = { httpOnly: true, secure: true, sameSite: 'strict' as const, path: '/', overwrite: true };

/** The pre-session anti-forgery value (sign-in and setup forms): derived from a SameSite=Strict cookie. */
function preSessionCsrf(ctx: AppContext): string {
  let cookie = ctx.cookies.get(PRE_COOKIE);
  if (!cookie || !TOKEN.test(cookie)) {
    cookie = randomBytes(32).toString('base64url');
    ctx.cookies.set(PRE_COOKIE, cookie, cookieOptions);
  }
  return createHash('sha256').update(`portal-pre\n${cookie}`).digest('base64url');
}

export function setSessionCookie(ctx: AppContext, token: string | null, maxAgeMs?: number): void {
  ctx.cookies.set(SESSION_COOKIE, token, { ...cookieOptions, ...(maxAgeMs ? { maxAge: maxAgeMs } : {}) });
}

export function setLangCookie(ctx: AppContext, lang: string): void {
  ctx.cookies.set(LANG_COOKIE, lang, { ...cookieOptions, maxAge: 365 * 86_400_000 });
}

const readForm = bodyParser({ enableTypes: ['form'], formLimit: '32kb' });

async function formBody(ctx: AppContext): Promise<Record<string, unknown>> {
  if (!ctx.is('application/x-www-form-urlencoded')) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'form expected', { status: 415 });
  await readForm(ctx as never, async () => {});
  const body = ctx.request.body;
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

/** A POST is ours only with the right anti-forgery value and, when the browser sends one, our Origin. */
function checkForgery(ctx: AppContext, body: Record<string, unknown>, csrf: string, publicOrigin: string): void {
  const origin = ctx.get('Origin');
  if (origin && origin !== `${ctx.protocol}://${ctx.host}` && origin !== publicOrigin) throw new PortalRefusal('csrf', 403);
  if (typeof body.csrf !== 'string' || !sameValue(body.csrf, csrf)) throw new PortalRefusal('csrf', 403);
}

/** The user of this request with the permission asked for; otherwise a refusal (audited for a signed-in user). */
export async function requireUser(ctx: AppContext, permission: Permission, accounts: PortalAccounts, action?: string): Promise<PortalUserDoc> {
  const p = portalOf(ctx);
  if (!p.user) throw new PortalRefusal('signIn', 303);
  if (!may(p.user.role, permission)) {
    await accounts.audit(actorOf(ctx), action ?? `${ctx.method} ${ctx.path}`, { outcome: 'refused', detail: `role ${p.user.role}` });
    throw new PortalRefusal('forbidden', 403);
  }
  return p.user;
}

export function actorOf(ctx: AppContext): { userId?: string; email?: string; partnerId: string; ip: string } {
  const { user } = portalOf(ctx);
  return { partnerId: user!.partnerId, userId: user!._id, email: user!.email, ip: ctx.ip };
}

function refusalPage(ctx: AppContext, err: unknown): void {
  const { m } = portalOf(ctx);
  if (err instanceof PortalRefusal && err.kind === 'signIn') {
    ctx.status = 303;
    ctx.redirect('/portal/sign-in');
    return;
  }
  const status = err instanceof AppError ? err.status : isStoreUnavailable(err) ? 503 : 500;
  if (status >= 500) ctx.state.log?.warn({ err }, 'portal page failed');
  const [title, text] =
    err instanceof PortalRefusal
      ? err.kind === 'forbidden'
        ? [m.forbiddenTitle, m.forbidden]
        : err.kind === 'csrf'
          ? [m.csrfTitle, m.csrf]
          : [m.notFoundTitle, m.notFound]
      : status === 404
        ? [m.notFoundTitle, m.notFound]
        : status < 500
          ? [m.badInput, err instanceof AppError ? errorText(m, err) : m.badInput]
          : [m.errorTitle, m.busy];
  if (status === 503) ctx.set('Retry-After', '2');
  render(ctx, { title, narrow: true }, messageBody(title, text, { href: '/portal/', label: m.back }), status);
}

/**
 * The portal's own perimeter, in front of the API's JSON body reader: HTTPS only, the
 * page headers, the language, the session from its cookie, the form body and its
 * anti-forgery check on every POST, and refusals as pages. `routes` answers the rest.
 */
export function portalPerimeter(deps: {
  accounts: PortalAccounts;
  publicBaseUrl: string;
  routes: Middleware;
  /** the partner's display name, when it has one */
  shopName?: (partnerId: string) => Promise<string | undefined>;
}): Middleware {
  const publicOrigin = new URL(deps.publicBaseUrl).origin;
  return async (koaCtx, next) => {
    const ctx = koaCtx as unknown as AppContext;
    if (ctx.path !== PORTAL_PREFIX && !ctx.path.startsWith(`${PORTAL_PREFIX}/`)) return next();
    pageHeaders(ctx);
    const m = CATALOGUES[chooseLang(ctx.cookies.get(LANG_COOKIE), ctx.get('Accept-Language'))];
    const portal: PortalRequest = { m, csrf: '' };
    (ctx.state as unknown as { portal: PortalRequest }).portal = portal;
    try {
      // never in clear: the listener for plain HTTP redirects, this is the second lock
      if (!ctx.secure) throw new AppError('HTTPS_REQUIRED', 'The portal is served over HTTPS only.', { status: 403 });
      const token = ctx.cookies.get(SESSION_COOKIE);
      const live = token ? await deps.accounts.session(token) : undefined;
      if (live) {
        Object.assign(portal, { session: live.session, user: live.user, sessionToken: token, csrf: live.session.csrf });
        const shop = await deps.shopName?.(live.user.partnerId);
        if (shop) portal.shopName = shop;
      } else portal.csrf = preSessionCsrf(ctx);
      if (token && !live) setSessionCookie(ctx, null);
      if (ctx.method === 'POST') {
        const body = await formBody(ctx);
        checkForgery(ctx, body, portal.csrf, publicOrigin);
        ctx.request.body = body;
      } else if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
        throw new AppError('METHOD_NOT_ALLOWED', 'method', { status: 405 });
      }
      await deps.routes(koaCtx, async () => {});
      if (ctx.body == null && ctx.status === 404) throw new PortalRefusal('notFound', 404);
    } catch (err) {
      refusalPage(ctx, err);
    }
  };
}
