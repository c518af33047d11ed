import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import Joi from 'joi';
import type { AppRouter, AppContext } from '../../../../platform/http/state.js';
import { defineRoute } from '../../../../platform/openapi/registry.js';
import { AppError } from '../../../../platform/errors.js';
import { isStoreUnavailable } from '../../../../platform/mongo.js';
import type { ApplicationDoc } from '../../application.model.js';
import { UUID_PATTERN } from '../../../../platform/http/paging.js';
import type { DecisionService } from '../decision.service.js';
import { GATEWAY_CSS } from './gateway.css.js';
import { orderDigest, type GatewayService } from './gateway.service.js';
import { approvedPage, merchantRedirect, messagePage, processingPage, reviewPage, termsPage } from './gateway.views.js';
import { isLang, langFromHeader, STRINGS, type Lang, type Strings } from './gateway.strings.js';
import { repaymentPlan } from '../../../order-rules/index.js';

const CSRF_COOKIE = '__Host-pf_gw';
/**
 * Set by the customer's confirm: this browser is in the checkout and goes back to the shop
 * once the decision is made (once: the cookie goes with that redirect). Opened without it (an
 * e-mail link, a bookmark, another device, later), an approved application's link shows how
 * to pay instead of sending the customer to the shop again.
 */
const RETURN_COOKIE = '__Host-pf_gw_return';
/** the language the customer chose with the switch, remembered without script */
const LANG_COOKIE = '__Host-pf_lang';
const LANG_COOKIE_MAX_AGE_MS = 365 * 24 * 3600_000;
/** how long the page's request waits for a running decision before it shows the waiting page */
export const DECISION_WAIT_MS = 8_000;
const DECISION_POLL_MS = 250;
const FAVICON = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" rx="4" fill="#0a4d8c"/></svg>';
const params = Joi.object<{ applicationId: string; token: string }, true>({
  applicationId: Joi.string().pattern(UUID_PATTERN).required(),
  token: Joi.string()
    .pattern(/^[A-Za-z0-9_-]{43}$/)
    .required()
    .description('the link token'),
});
const formQuery = Joi.object<{ csrf: string; order: string }, true>({
  csrf: Joi.string()
    .pattern(/^[A-Za-z0-9_-]{43}$/)
    .required()
    .description("the page's anti-forgery value, bound to its application and order"),
  order: Joi.string()
    .pattern(/^[A-Za-z0-9_-]{22}$/)
    .required()
    .description('the digest of the order the page showed'),
});
const langParam = Joi.string().max(35).description('the language the customer chose: cs or en (remembered in a cookie); another value is ignored');
const pageQuery = Joi.object<{ changed?: string; lang?: string }, true>({
  changed: Joi.string().valid('1').description('the order changed since the page was loaded: say so'),
  lang: langParam,
});
const termsQuery = Joi.object<{ lang?: string }, true>({ lang: langParam });
const html = { description: 'HTML page', contentType: 'text/html' };
const common = { tags: ['Gateway (customer browser)'], auth: 'none' as const };

function origin(url: string): string {
  return new URL(url).origin;
}

/** A strict CSP: no script at all, styles from this origin, forms only here and to the shop. */
function pageHeaders(ctx: AppContext, app?: ApplicationDoc): void {
  const shop = app ? ` ${origin(app.merchantUrls.approvedRedirect)} ${origin(app.merchantUrls.rejectedRedirect)}` : '';
  ctx.set(
    'Content-Security-Policy',
    `default-src 'none'; style-src 'self'; img-src 'self' https:; form-action 'self'${shop}; frame-ancestors 'none'; base-uri 'none'`,
  );
  ctx.set('X-Frame-Options', 'DENY');
  // same-origin, not no-referrer: under no-referrer browsers send `Origin: null` on form posts
  ctx.set('Referrer-Policy', 'same-origin');
  ctx.set('Cache-Control', 'no-store');
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.type = 'text/html; charset=utf-8';
}

/**
 * The page's language: the switch (`?lang=`, kept in a cookie for the pages that follow),
 * else the cookie of an earlier choice, else Accept-Language, else English.
 */
function language(ctx: AppContext, asked?: string): Strings {
  let lang: Lang;
  if (isLang(asked)) {
    lang = asked;
    ctx.cookies.set(LANG_COOKIE, lang, { httpOnly: true, secure: true, sameSite: 'lax', path: '/', maxAge: LANG_COOKIE_MAX_AGE_MS, overwrite: true });
  } else {
    const kept = ctx.cookies.get(LANG_COOKIE);
    lang = isLang(kept) ? kept : langFromHeader(ctx.get('Accept-Language'));
  }
  ctx.set('Content-Language', lang);
  ctx.vary('Accept-Language');
  ctx.vary('Cookie');
  return STRINGS[lang];
}

function sameValue(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * The form's anti-forgery value: derived from the page's secret cookie, the application and
 * the order shown, so a value from one application's page (or from an older order) confirms
 * nothing else.
 */
function formValue(cookie: string, applicationId: string, shownOrder: string): string {
  return createHash('sha256').update(`${cookie}\n${applicationId}\n${shownOrder}`).digest('base64url');
}

/** CSRF: the form's value must derive from the page's SameSite=Strict cookie for this application, and a sent Origin must be ours. */
function forged(ctx: AppContext, query: { csrf: string; order: string }, applicationId: string, publicOrigin: string): boolean {
  const sentOrigin = ctx.get('Origin');
  // (Koa 3's ctx.origin echoes the Origin header: compare with the request's own protocol and host)
  if (sentOrigin && sentOrigin !== `${ctx.protocol}://${ctx.host}` && sentOrigin !== publicOrigin) return true;
  const cookie = ctx.cookies.get(CSRF_COOKIE) ?? '';
  return !cookie || !sameValue(formValue(cookie, applicationId, query.order), query.csrf);
}

export function mountGatewayRoutes(router: AppRouter, deps: { gateway: GatewayService; decisions: DecisionService; publicBaseUrl: string }): void {
  const { gateway, decisions } = deps;
  const publicOrigin = origin(deps.publicBaseUrl);

  const deadLink = async (ctx: AppContext, t: Strings, reason: 'NOT_FOUND' | 'EXPIRED', app?: ApplicationDoc) => {
    pageHeaders(ctx);
    ctx.status = reason === 'EXPIRED' ? 410 : 404;
    ctx.body =
      reason === 'EXPIRED'
        ? messagePage(
            t,
            t.expiredTitle,
            t.expiredText,
            app ? { href: merchantRedirect(app, 'rejectedRedirect'), label: t.backTo(await gateway.shopName(app)) } : undefined,
          )
        : messagePage(t, t.notFoundTitle, t.notFoundText);
  };

  // The gateway answers the customer's browser: a refused or failed request gets a page in
  // the gateway's look, never the API's JSON (a malformed link is a link not found; a form
  // that does not validate is asked again; a store that does not answer, a retry later).
  router.use('/gateway', async (ctx, next) => {
    try {
      await next();
    } catch (err) {
      const status = err instanceof AppError ? err.status : isStoreUnavailable(err) ? 503 : 500;
      if (status >= 500) (ctx.state as { log?: { warn: (o: object, m: string) => void } }).log?.warn({ err }, 'gateway page failed');
      pageHeaders(ctx as AppContext);
      const t = language(ctx as AppContext);
      if (status === 503) ctx.set('Retry-After', '2');
      ctx.status = status >= 500 ? status : ctx.method === 'POST' ? 403 : 404;
      ctx.body =
        status >= 500
          ? messagePage(t, t.busyTitle, t.busyText)
          : ctx.method === 'POST'
            ? messagePage(t, t.forgedTitle, t.forgedText)
            : messagePage(t, t.notFoundTitle, t.notFoundText);
    }
  });

  /**
   * While the decision runs, the page's request waits for it (up to DECISION_WAIT_MS,
   * looking every DECISION_POLL_MS) and answers with the outcome: a customer without script
   * goes on as soon as it is decided, and the waiting page that comes after the wait
   * reloads at once (a long poll) instead of every second, which reads the page out again
   * to a screen reader each time and is an automatic refresh the customer cannot stop.
   */
  const settled = async (ctx: AppContext, applicationId: string, token: string) => {
    const started = Date.now();
    for (;;) {
      const access = await gateway.open(applicationId, token);
      const deciding = access.ok && access.app.state === 'PROCESSING' && access.app.stateReason !== 'PROCESSING_REDIRECT_NEEDED';
      if (!deciding || Date.now() - started >= DECISION_WAIT_MS || ctx.req.destroyed) return access;
      await new Promise((r) => setTimeout(r, DECISION_POLL_MS));
    }
  };

  router.get('/gateway/terms', (ctx) => {
    const { value } = termsQuery.validate(ctx.query, { allowUnknown: true });
    pageHeaders(ctx);
    ctx.body = termsPage(language(ctx, value?.lang));
  });
  router.get('/gateway/assets/favicon.svg', (ctx) => {
    ctx.type = 'image/svg+xml';
    ctx.set('Cache-Control', 'public, max-age=86400');
    ctx.body = FAVICON;
  });
  router.get('/gateway/assets/gateway.css', (ctx) => {
    ctx.type = 'text/css; charset=utf-8';
    ctx.set('Cache-Control', 'public, max-age=3600');
    ctx.body = GATEWAY_CSS;
  });
  // (before the page route: `/gateway/assets/gateway.css` would match `/gateway/:applicationId/:token`)

  defineRoute(
    router,
    {
      ...common,
      method: 'get',
      path: '/gateway/:applicationId/:token',
      operationId: 'gatewayPage',
      summary: 'The gateway page (gatewayRedirectUrl)',
      description:
        "Shows the order, the repayment plan, the terms and how to pay each instalment (our account, the variable symbol, a QR Platba code), in Czech or English (`lang`, else a cookie of an earlier choice, else Accept-Language); refreshes itself while the decision runs; once decided, redirects (303) the browser that confirmed to approvedRedirect (once) or anyone to rejectedRedirect. An approved application's link opened again (an e-mail, another device, later) shows how to pay every instalment and the way back to the shop.",
      request: { params, query: pageQuery },
      responses: { 200: html, 303: { description: 'decided: the confirming browser to approvedRedirect, anyone to rejectedRedirect' }, 404: html, 410: html },
    },
    async (ctx, { params: p, query: q }) => {
      const t = language(ctx, q.lang);
      const access = await settled(ctx, p.applicationId, p.token);
      if (!access.ok) return deadLink(ctx, t, access.reason, access.app);
      const { app } = access;
      pageHeaders(ctx, app);
      if (app.state === 'READY' && ctx.cookies.get(RETURN_COOKIE) === app._id) {
        ctx.cookies.set(RETURN_COOKIE, null, { secure: true, path: '/' });
        return void ((ctx.status = 303), ctx.redirect(merchantRedirect(app, 'approvedRedirect')));
      }
      if (app.state === 'REJECTED') return void ((ctx.status = 303), ctx.redirect(merchantRedirect(app, 'rejectedRedirect')));
      const shop = await gateway.shopName(app);
      if (app.state === 'READY') {
        const plan = app.repaymentPlan ?? repaymentPlan(app.type, app.order.totalPrice, gateway.now(), await decisions.levelOf(app));
        ctx.body = approvedPage(t, shop, merchantRedirect(app, 'approvedRedirect'), await gateway.paymentFor(app, plan, shop));
        return;
      }
      if (app.state === 'CANCELLED') {
        ctx.body = messagePage(t, t.cancelledTitle, t.cancelledText, { href: merchantRedirect(app, 'rejectedRedirect'), label: t.backTo(shop) });
        return;
      }
      if (app.stateReason !== 'PROCESSING_REDIRECT_NEEDED') {
        ctx.body = processingPage(t, shop);
        return;
      }
      // one secret per browser (kept while it lasts, so two open tabs both work), bound per form
      const cookie = ctx.cookies.get(CSRF_COOKIE)?.match(/^[A-Za-z0-9_-]{43}$/)?.[0] ?? randomBytes(32).toString('base64url');
      ctx.cookies.set(CSRF_COOKIE, cookie, { httpOnly: true, secure: true, sameSite: 'strict', path: '/', overwrite: true });
      const shown = orderDigest(app.order);
      const form = `csrf=${formValue(cookie, app._id, shown)}&order=${shown}`;
      const base = `/gateway/${app._id}/${p.token}`;
      const plan = repaymentPlan(app.type, app.order.totalPrice, gateway.now(), await decisions.levelOf(app));
      ctx.body = reviewPage({
        t,
        app,
        shop,
        plan,
        payment: await gateway.paymentFor(app, plan, shop),
        orderChanged: q.changed === '1',
        confirmAction: `${base}/confirm?${form}`,
        declineAction: `${base}/decline?${form}`,
      });
    },
  );

  for (const action of ['confirm', 'decline'] as const) {
    defineRoute(
      router,
      {
        ...common,
        method: 'post',
        path: `/gateway/:applicationId/:token/${action}`,
        operationId: `gateway${action === 'confirm' ? 'Confirm' : 'Decline'}`,
        summary: action === 'confirm' ? 'The customer confirms the purchase (form POST)' : 'The customer declines (form POST)',
        description: "A plain HTML form POST without a body: the anti-forgery value travels in the query and must match the page's SameSite=Strict cookie.",
        request: { params, query: formQuery },
        responses: {
          303: {
            description:
              action === 'confirm'
                ? 'back to the gateway page, which waits for the decision'
                : 'to rejectedRedirect when the decline took effect; else to the gateway page, which shows the real outcome',
          },
          403: html,
          404: html,
          410: html,
        },
      },
      async (ctx, { params: p, query }) => {
        const t = language(ctx);
        const access = await gateway.open(p.applicationId, p.token);
        if (!access.ok) return deadLink(ctx, t, access.reason, access.app);
        const { app } = access;
        pageHeaders(ctx, app);
        if (forged(ctx, query, app._id, publicOrigin)) {
          ctx.status = 403;
          ctx.body = messagePage(t, t.forgedTitle, t.forgedText);
          return;
        }
        // A decline that took effect sends the customer back as rejected. Anything else (a
        // confirm, or a decline that came after the application was confirmed, decided or
        // paid) goes to the page, which shows or redirects to the real outcome: a shop that
        // trusts the redirect must never cancel an order we approved.
        // A confirm of an order other than the one shown confirms nothing: the page comes again
        // with the order as it is now, and says that it changed.
        const declined = action === 'decline' && (await gateway.decline(app));
        const stale =
          action === 'confirm' &&
          !(await gateway.confirm(app, undefined, undefined, query.order)) &&
          (await gateway.open(p.applicationId, p.token)).app?.stateReason === 'PROCESSING_REDIRECT_NEEDED';
        if (action === 'confirm' && !stale)
          ctx.cookies.set(RETURN_COOKIE, app._id, { httpOnly: true, secure: true, sameSite: 'strict', path: '/', maxAge: 86_400_000, overwrite: true });
        ctx.status = 303;
        ctx.redirect(declined ? merchantRedirect(app, 'rejectedRedirect') : `/gateway/${app._id}/${p.token}${stale ? '?changed=1' : ''}`);
      },
    );
  }
}
