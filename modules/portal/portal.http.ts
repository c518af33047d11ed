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
import { keptFields, prefillForms, safeReturnPath, type SessionStore } from './portal-sessions.js';
import { errorText } from './portal-errors.js';

export const PORTAL_PREFIX = '/portal';
export const SESSION_COOKIE = '__Host-pf_session';
const PRE_COOKIE = '__Host-pf_pre';
export const LANG_COOKIE = '__Host-pf_lang';
/** the random value naming a form kept after its session ended */
export const PENDING_COOKIE = '__Host-pf_form';
/** who last signed in with this browser: a kept form is restored to that user only */
export const WHO_COOKIE = '__Host-pf_who';
const USER_ID = /^[0-9a-f-]{36}$/;
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
  /** a form kept when the session ended, to show pre-filled on this page */
  prefill?: { action: string; fields: Record<string, string[]> };
  /** an operator whose partner requires the second factor and who has not enrolled it */
  mustEnrol?: boolean;
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
  const full = {
    ...frame,
    m: p.m,
    path: pageToReturnTo(ctx.method, ctx.path),
    user: frame.user ?? p.user,
    csrf: p.csrf,
    ...(p.shopName ? { shopName: p.shopName } : {}),
  };
  const kept = status === 200 ? p.prefill : undefined;
  if (!kept) {
    ctx.body = page(full, body).text;
    return;
  }
  // the form sent after the session ended, pre-filled for the person to check and send again (never sent by itself)
  const filled = prefillForms(page({ ...full, flash: { text: p.m.formKept } }, body).text, kept.action, kept.fields);
  ctx.body = filled.found ? filled.text : page({ ...full, flash: { text: p.m.formNotKept, error: true } }, body).text;
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
    await accounts.audit(actorOf(ctx), action ?? `${ctx.method} ${ctx.path}`, {
      outcome: 'refused',
      detail: { code: 'refused-role', values: { role: p.user.role } },
    });
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
    // a page opened while signed out is where sign-in leads back to
    const back = (ctx.method === 'GET' || ctx.method === 'HEAD') && ctx.path !== '/portal/' ? safeReturnPath(ctx.url) : undefined;
    ctx.redirect(back ? `/portal/sign-in?return=${encodeURIComponent(back)}` : '/portal/sign-in');
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
  /** kept forms and the partner's second-factor rule; without it a form after the session ended is refused as before */
  sessions?: { store: SessionStore; pendingFormTtlMs: number; now: () => Date; knownUser: (userId: string) => Promise<boolean> };
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
      if (live && deps.sessions) await sessionRules(ctx, portal, deps.sessions);
      if (ctx.method === 'POST') {
        const body = await formBody(ctx);
        if (!live && deps.sessions && (await keptAfterSessionEnded(ctx, body, portal.csrf, publicOrigin, deps.sessions))) return;
        checkForgery(ctx, body, portal.csrf, publicOrigin);
        ctx.request.body = body;
        if (portal.mustEnrol && !ENROLMENT_PATHS.test(ctx.path)) return void ((ctx.status = 303), ctx.redirect('/portal/enrol'));
      } else if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
        throw new AppError('METHOD_NOT_ALLOWED', 'method', { status: 405 });
      }
      if (portal.mustEnrol && !ENROLMENT_PATHS.test(ctx.path)) return void ((ctx.status = 303), ctx.redirect('/portal/enrol'));
      await deps.routes(koaCtx, async () => {});
      if (ctx.body == null && ctx.status === 404) throw new PortalRefusal('notFound', 404);
    } catch (err) {
      refusalPage(ctx, err);
    }
  };
}

/**
 * The page a form was sent from, where a kept form is shown again: an application's action
 * has a page of its own (its form, also for a form sent to its preview); every other form is on the page the
 * language switch returns to.
 */
export function formPageOf(action: string): string {
  // a return or cancel form posts to its preview: its page is the form's, without it
  const act = /^(\/portal\/applications\/[^/]+\/act\/[a-z-]+)(?:\/preview)?$/.exec(action);
  return act ? act[1]! : pageToReturnTo('POST', action);
}

/** What an operator who must enrol the second factor may still open. */
const ENROLMENT_PATHS = /^\/portal\/(?:enrol|sign-out|lang\/[a-z]+|assets\/.+)$/;

/**
 * The session rules read with every signed-in request: an operator whose partner requires
 * the second factor and who has none is sent to enrolment (a live session too); a form kept
 * when an earlier session ended is restored on its page to the same user, and discarded for
 * any other.
 */
async function sessionRules(ctx: AppContext, portal: PortalRequest, s: NonNullable<Parameters<typeof portalPerimeter>[0]['sessions']>): Promise<void> {
  const user = portal.user!;
  if (user.role === 'operator' && !user.totpSecret && (await s.store.operatorsNeedTotp(user.partnerId))) portal.mustEnrol = true;
  const cookie = ctx.cookies.get(PENDING_COOKIE);
  if (!cookie || ctx.method !== 'GET' || portal.mustEnrol) return;
  const kept = await s.store.find(cookie, s.now());
  if (kept && kept.userId === user._id && formPageOf(kept.action) !== ctx.path) return;
  await s.store.take(cookie);
  ctx.cookies.set(PENDING_COOKIE, null, cookieOptions);
  if (kept && kept.userId === user._id) portal.prefill = { action: kept.action, fields: kept.fields };
}

/**
 * A form sent after its session ended (expired, or signed out in another tab). It is kept
 * only when it plainly comes from a portal page of this browser: same origin (Origin and
 * Fetch Metadata, when sent), an anti-forgery value of a session's shape that is not the
 * pre-session one, an address that is not sign-in, setup or sign-out. Its fields (never a
 * password or a code) are stored for minutes under a random value in a cookie, and the answer
 * is the sign-in page saying the session ended, which leads back to the form's page.
 */
async function keptAfterSessionEnded(
  ctx: AppContext,
  body: Record<string, unknown>,
  preCsrf: string,
  publicOrigin: string,
  s: NonNullable<Parameters<typeof portalPerimeter>[0]['sessions']>,
): Promise<boolean> {
  if (/^\/portal\/(?:sign-in|setup\/|lang\/)/.test(ctx.path)) return false;
  // browsers send Origin with every form POST: a post without one is not a page's form
  const origin = ctx.get('Origin');
  const site = ctx.get('Sec-Fetch-Site');
  if (!origin || (origin !== `${ctx.protocol}://${ctx.host}` && origin !== publicOrigin) || (site && site !== 'same-origin')) return false;
  if (typeof body.csrf !== 'string' || !TOKEN.test(body.csrf) || sameValue(body.csrf, preCsrf)) return false;
  ctx.status = 303;
  if (ctx.path === '/portal/sign-out') {
    ctx.redirect('/portal/sign-in');
    return true;
  }
  const back = safeReturnPath(formPageOf(ctx.path));
  const fields = keptFields(body);
  // kept only for a user this browser signed in as (a form nobody could get back is not stored)
  const who = ctx.cookies.get(WHO_COOKIE);
  const keep = back !== undefined && Object.keys(fields).length > 0 && who !== undefined && USER_ID.test(who) && (await s.knownUser(who));
  if (keep) {
    const now = s.now();
    const token = await s.store.keep({
      userId: who,
      action: ctx.path,
      fields,
      createdAt: now,
      expiresAt: new Date(now.getTime() + s.pendingFormTtlMs),
    });
    ctx.cookies.set(PENDING_COOKIE, token, { ...cookieOptions, maxAge: s.pendingFormTtlMs });
  }
  // ended=1: the session ended and the form is kept; ended=2: it ended, with nothing to keep
  ctx.redirect(`/portal/sign-in?ended=${keep ? 1 : 2}${back ? `&return=${encodeURIComponent(back)}` : ''}`);
  return true;
}

/** Remembers who signed in with this browser (a kept form goes back to that user only). */
export function setWhoCookie(ctx: AppContext, userId: string, maxAgeMs: number): void {
  ctx.cookies.set(WHO_COOKIE, userId, { ...cookieOptions, maxAge: maxAgeMs });
}

/** After a successful sign-in: a form kept for another user is discarded at once. */
export async function discardFormOfOthers(ctx: AppContext, store: SessionStore | undefined, userId: string, now: Date): Promise<void> {
  const cookie = ctx.cookies.get(PENDING_COOKIE);
  if (!cookie || !store) return;
  const kept = await store.find(cookie, now);
  if (kept && kept.userId === userId) return;
  await store.take(cookie);
  ctx.cookies.set(PENDING_COOKIE, null, cookieOptions);
}
