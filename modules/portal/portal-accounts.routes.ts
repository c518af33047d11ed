import type Router from '@koa/router';
import Joi from 'joi';
import type { AppContext } from '../../platform/http/state.js';
import { AppError, InvalidRequestError } from '../../platform/errors.js';
import { UUID_PATTERN } from '../../platform/http/paging.js';
import { PORTAL_CSS } from './portal.css.js';
import { fill } from './portal.i18n.js';
import { ROLES, type Role } from './portal.model.js';
import type { PortalAccounts } from './portal-accounts.service.js';
import { actorOf, discardFormOfOthers, portalOf, PortalRefusal, render, requireUser, setLangCookie, setSessionCookie, setWhoCookie } from './portal.http.js';
import { auditBody, messageBody, setupBody, signInBody, usersBody } from './portal-accounts.views.js';
import { safeReturnPath, type SessionStore } from './portal-sessions.js';
import { policyForm, qrSvg } from './portal-sessions.views.js';
import { errorText } from './portal-errors.js';

const AUDIT_PAGE = 50;
const str = (v: unknown, max = 1024): string => (typeof v === 'string' ? v.slice(0, max) : '');
const setupParams = Joi.object({
  token: Joi.string()
    .pattern(/^[A-Za-z0-9_-]{43}$/)
    .required(),
});

/** A path of ours to come back to after the language switch (never another site). */
function safeBack(back: unknown): string {
  return typeof back === 'string' && /^\/portal(\/[A-Za-z0-9/_-]*)?(\?[A-Za-z0-9=&%._:-]*)?$/.test(back) ? back : '/portal/';
}

export interface AccountsRouteDeps {
  accounts: PortalAccounts;
  publicBaseUrl: string;
  sessionTtlMs: number;
  /** kept forms and the partner's second-factor rule (the sessions part of the portal) */
  store?: SessionStore;
  now?: () => Date;
}

/** Sign-in, setup, sign-out, the overview, users and the audit log. */
export function mountAccountRoutes(router: Router, deps: AccountsRouteDeps): void {
  const { accounts } = deps;

  router.get('/portal', (ctx) => {
    ctx.status = 301;
    ctx.redirect('/portal/');
  });
  router.get('/portal/assets/portal.css', (ctx) => {
    ctx.type = 'text/css; charset=utf-8';
    ctx.set('Cache-Control', 'public, max-age=3600');
    ctx.body = PORTAL_CSS;
  });
  router.get('/portal/lang/:lang', (ctx) => {
    if (ctx.params.lang !== 'cs' && ctx.params.lang !== 'en') throw new PortalRefusal('notFound', 404);
    setLangCookie(ctx as unknown as AppContext, ctx.params.lang);
    ctx.status = 303;
    ctx.redirect(safeBack(ctx.query.back));
  });

  router.get('/portal/sign-in', (koa) => {
    const ctx = koa as unknown as AppContext;
    const { m, user } = portalOf(ctx);
    const back = safeReturnPath(ctx.query.return);
    if (user) return void ((ctx.status = 303), ctx.redirect(back ?? '/portal/'));
    // the session ended under a form (kept for the person), or a page needs signing in first
    const note = ctx.query.ended === '1' ? m.sessionEndedForm : ctx.query.ended === '2' ? m.sessionEnded : back ? m.signInToContinue : undefined;
    render(ctx, { title: m.signInTitle, narrow: true, ...(note ? { flash: { text: note } } : {}) }, signInBody(m, portalOf(ctx).csrf, '', back));
  });
  router.post('/portal/sign-in', async (koa) => {
    const ctx = koa as unknown as AppContext;
    const { m } = portalOf(ctx);
    const body = ctx.request.body as Record<string, unknown>;
    const email = str(body.email, 300);
    const back = safeReturnPath(body.return);
    const result = await accounts.signIn({ email, password: str(body.password), code: str(body.code, 10).trim(), ip: ctx.ip });
    if (!result.ok) {
      const text =
        result.reason === 'throttled'
          ? fill(m.throttled, { s: result.retryAfterSeconds ?? 60 })
          : result.reason === 'codeReused'
            ? m.codeReused
            : m.signInFailed;
      if (result.retryAfterSeconds) ctx.set('Retry-After', String(result.retryAfterSeconds));
      render(
        ctx,
        { title: m.signInTitle, narrow: true, flash: { text, error: true } },
        signInBody(m, portalOf(ctx).csrf, email, back),
        result.reason === 'throttled' ? 429 : 401,
      );
      return;
    }
    setSessionCookie(ctx, result.token, deps.sessionTtlMs);
    // outlives the session by a day: a form sent after the session expired still knows whose it was
    setWhoCookie(ctx, result.user._id, deps.sessionTtlMs + 86_400_000);
    await discardFormOfOthers(ctx, deps.store, result.user._id, deps.now?.() ?? new Date());
    ctx.status = 303;
    ctx.redirect(back ?? '/portal/');
  });
  router.post('/portal/sign-out', async (koa) => {
    const ctx = koa as unknown as AppContext;
    const p = portalOf(ctx);
    if (p.user && p.sessionToken) await accounts.signOut(p.sessionToken, actorOf(ctx));
    setSessionCookie(ctx, null);
    ctx.status = 303;
    ctx.redirect('/portal/sign-in');
  });

  const setupToken = (ctx: AppContext): string => {
    const { error, value } = setupParams.validate(ctx.params);
    if (error) throw new PortalRefusal('notFound', 404);
    return value.token as string;
  };
  const showSetup = async (ctx: AppContext, flash?: string) => {
    const { m, csrf } = portalOf(ctx);
    const token = setupToken(ctx);
    const opened = await accounts.openSetup(token);
    if (!opened) return render(ctx, { title: m.setupTitle, narrow: true }, messageBody(m.setupTitle, m.linkDead), 404);
    render(
      ctx,
      { title: m.setupTitle, narrow: true, ...(flash ? { flash: { text: flash, error: true } } : {}) },
      setupBody(m, {
        action: `/portal/setup/${token}`,
        csrf,
        ...opened,
        qr: await qrSvg(opened.totpUri, m),
        totpRequired: opened.user.role === 'operator' && (await deps.store?.operatorsNeedTotp(opened.user.partnerId)) === true,
      }),
      flash ? 400 : 200,
    );
  };
  router.get('/portal/setup/:token', (koa) => showSetup(koa as unknown as AppContext));
  router.post('/portal/setup/:token', async (koa) => {
    const ctx = koa as unknown as AppContext;
    const { m } = portalOf(ctx);
    const body = ctx.request.body as Record<string, unknown>;
    if (str(body.password) !== str(body.password2)) return showSetup(ctx, m.passwordsDiffer);
    try {
      const opened = await accounts.openSetup(setupToken(ctx));
      const operatorsNeedTotp = opened ? ((await deps.store?.operatorsNeedTotp(opened.user.partnerId)) ?? false) : false;
      await accounts.completeSetup(setupToken(ctx), str(body.password), str(body.code, 10).trim(), ctx.ip, operatorsNeedTotp);
    } catch (err) {
      if (err instanceof InvalidRequestError) return showSetup(ctx, errorText(m, err));
      if (err instanceof AppError && err.status === 404) return render(ctx, { title: m.setupTitle, narrow: true }, messageBody(m.setupTitle, m.linkDead), 404);
      throw err;
    }
    render(ctx, { title: m.setupTitle, narrow: true }, messageBody(m.setupTitle, m.setupDone, { href: '/portal/sign-in', label: m.signInButton }));
  });

  const showUsers = async (ctx: AppContext, invited?: { email: string; link: string; expiresAt: Date; mailed: boolean }, flash?: string, done?: string) => {
    const user = await requireUser(ctx, 'manageUsers', accounts);
    const { m, csrf } = portalOf(ctx);
    const users = await accounts.usersOf(user.partnerId);
    const policy = ctx.method === 'GET' ? ctx.query.policy : undefined;
    const policyDone = policy === 'on' ? m.policyOn : policy === 'off' ? m.policyOff : undefined;
    const rule = deps.store ? policyForm(m, { csrf, operatorsNeedTotp: await deps.store.operatorsNeedTotp(user.partnerId) }) : undefined;
    render(
      ctx,
      { title: m.usersTitle, current: 'users', ...(flash ? { flash: { text: flash, error: true } } : {}) },
      usersBody(m, {
        users,
        me: user,
        csrf,
        ...(invited ? { invited } : {}),
        ...((done ?? policyDone) ? { done: (done ?? policyDone)! } : {}),
        ...(rule ? { rule } : {}),
      }),
      flash ? 400 : 200,
    );
  };
  router.get('/portal/users', (koa) => showUsers(koa as unknown as AppContext));
  router.post('/portal/users', async (koa) => {
    const ctx = koa as unknown as AppContext;
    const me = await requireUser(ctx, 'manageUsers', accounts, 'user.invite');
    const body = ctx.request.body as Record<string, unknown>;
    const role = str(body.role, 20) as Role;
    try {
      const {
        user,
        setupToken: token,
        expiresAt,
        mailed,
      } = await accounts.createUser(
        { id: me.partnerId, name: me.partnerName },
        {
          email: str(body.email, 300),
          name: str(body.name, 200),
          role: ROLES.includes(role) ? role : ('?' as Role),
          lang: str(body.lang, 5) === 'cs' ? 'cs' : str(body.lang, 5) === 'en' ? 'en' : portalOf(ctx).m.lang === 'cs' ? 'cs' : 'en',
        },
        actorOf(ctx),
      );
      await showUsers(ctx, { email: user.email, link: `${deps.publicBaseUrl}/portal/setup/${token}`, expiresAt, mailed });
    } catch (err) {
      if (err instanceof AppError && err.status < 500) return showUsers(ctx, undefined, errorText(portalOf(ctx).m, err));
      throw err;
    }
  });
  for (const action of ['disable', 'enable'] as const) {
    router.post(`/portal/users/:id/${action}`, async (koa) => {
      const ctx = koa as unknown as AppContext;
      await requireUser(ctx, 'manageUsers', accounts, `user.${action}`);
      if (!UUID_PATTERN.test(ctx.params.id ?? '')) throw new PortalRefusal('notFound', 404);
      await accounts.setEnabled(actorOf(ctx), ctx.params.id!, action === 'enable');
      ctx.status = 303;
      ctx.redirect('/portal/users');
    });
  }

  router.post('/portal/users/:id/resend', async (koa) => {
    const ctx = koa as unknown as AppContext;
    await requireUser(ctx, 'manageUsers', accounts, 'user.invitation-resent');
    if (!UUID_PATTERN.test(ctx.params.id ?? '')) throw new PortalRefusal('notFound', 404);
    const { user } = await accounts.resendInvitation(actorOf(ctx), ctx.params.id!).catch(notFound);
    await showUsers(ctx, undefined, undefined, fill(portalOf(ctx).m.resent, { email: user.email }));
  });

  router.post('/portal/users/:id/revoke', async (koa) => {
    const ctx = koa as unknown as AppContext;
    await requireUser(ctx, 'manageUsers', accounts, 'user.invitation-revoked');
    if (!UUID_PATTERN.test(ctx.params.id ?? '')) throw new PortalRefusal('notFound', 404);
    const user = await accounts.revokeInvitation(actorOf(ctx), ctx.params.id!).catch(notFound);
    await showUsers(ctx, undefined, undefined, fill(portalOf(ctx).m.revoked, { email: user.email }));
  });

  router.post('/portal/users/:id/role', async (koa) => {
    const ctx = koa as unknown as AppContext;
    await requireUser(ctx, 'manageUsers', accounts, 'user.role');
    if (!UUID_PATTERN.test(ctx.params.id ?? '')) throw new PortalRefusal('notFound', 404);
    try {
      await accounts.setRole(actorOf(ctx), ctx.params.id!, str((ctx.request.body as Record<string, unknown>).role, 20) as Role);
    } catch (err) {
      if (err instanceof AppError && err.status < 500 && err.status !== 404) return showUsers(ctx, undefined, errorText(portalOf(ctx).m, err));
      throw err;
    }
    ctx.status = 303;
    ctx.redirect('/portal/users');
  });

  router.get('/portal/audit', async (koa) => {
    const ctx = koa as unknown as AppContext;
    const user = await requireUser(ctx, 'readAudit', accounts);
    const cursor = /^(\d{13})_([0-9a-f-]{36})$/.exec(str(ctx.query.before, 60));
    const entries = await accounts.auditLog(user.partnerId, AUDIT_PAGE + 1, cursor ? { at: new Date(Number(cursor[1])), id: cursor[2]! } : undefined);
    const last = entries.length > AUDIT_PAGE ? entries[AUDIT_PAGE - 1] : undefined;
    const { m } = portalOf(ctx);
    render(ctx, { title: m.auditTitle, current: 'audit' }, auditBody(m, entries.slice(0, AUDIT_PAGE), last ? `${last.at.getTime()}_${last._id}` : undefined));
  });
}

/** A use case's 404 as the portal's own not-found page. */
function notFound(err: unknown): never {
  if (err instanceof AppError && err.status === 404) throw new PortalRefusal('notFound', 404);
  throw err;
}
