import { randomUUID } from 'node:crypto';
import type Router from '@koa/router';
import { html, type SafeHtml } from '../../platform/http/html.js';
import type { AppContext } from '../../platform/http/state.js';
import { AppError, InvalidRequestError } from '../../platform/errors.js';
import { UUID_PATTERN } from '../../platform/http/paging.js';
import { ApplicationChanged, CANCEL_REASONS, type ApplicationDoc } from '../applications/index.js';
import type { FulfilmentBody } from '../orders/index.js';
import { fill, formatMoney, word, type Messages } from './portal.i18n.js';
import { may } from './portal.model.js';
import type { PortalAccounts } from './portal-accounts.service.js';
import type { ApplicationPage, PortalApplications } from './portal-applications.service.js';
import { PORTAL_ACTIONS, PREVIEWED, type ActionPreview, type ActionRequest, type PortalActionName, type PortalActions } from './portal-actions.service.js';
import { actorOf, portalOf, PortalRefusal, render, requireUser } from './portal.http.js';
import { csrfField } from './portal.layout.js';
import { errorText, portalSaid } from './portal-errors.js';

/** The actions block of an application page. */
export type ActionsView = (ctx: AppContext, page: ApplicationPage) => SafeHtml;

const NAMES = Object.keys(PORTAL_ACTIONS) as PortalActionName[];
const CANCELLABLE_REASONS = CANCEL_REASONS.filter((r) => r !== 'APPLICATION_CANCELLED_EXPIRED');

function offered(page: ApplicationPage): PortalActionName[] {
  return NAMES.filter((n) => page.allowed.includes(PORTAL_ACTIONS[n]));
}

/** Links to the confirmation page of each allowed action; a viewer sees what is possible but no link. */
export const actionsBlock: ActionsView = (ctx, page) => {
  const { m, user } = portalOf(ctx);
  const names = offered(page);
  const canAct = user ? may(user.role, 'fulfil') : false;
  return html`<section aria-labelledby="act-h" class="card"><h2 id="act-h">${m.allowedActions}</h2>
  ${
    !names.length
      ? html`<p>${m.noActions}</p>`
      : canAct
        ? html`<ul class="actions-row">${names.map((n) => html`<li><a class="button-link" href="/portal/applications/${page.app._id}/act/${n}">${m[`act_${n}`]}</a></li>`)}</ul>`
        : html`<p>${names.map((n) => m[`act_${n}`]).join(' · ')}</p><p class="hint">${m.actViewerNote}</p>`
  }
  </section>`;
};

function remainingMilli(item: ApplicationDoc['order']['items'][number], action: PortalActionName): number {
  const open = item.quantityMilli - item.cancelledMilli;
  switch (action) {
    case 'send':
      return Math.max(0, open - item.sentMilli - item.returnedMilli);
    case 'deliver':
      return Math.max(0, open - item.deliveredMilli - item.returnedMilli);
    case 'return':
      return Math.max(0, Math.max(item.sentMilli, item.deliveredMilli) - item.returnedMilli);
    default:
      return Math.max(0, open - Math.max(item.sentMilli, item.deliveredMilli));
  }
}

/** What the person chose on the form, as it was posted (kept to fill the form again, or carried by the preview's confirm). */
type Choice = Record<string, string>;
const CHOICE_FIELD = /^(q\d{1,4}|mode|amount|reason|customReason)$/;

function choiceOf(body: Record<string, unknown>): Choice {
  return Object.fromEntries(Object.entries(body).filter(([k, v]) => CHOICE_FIELD.test(k) && typeof v === 'string')) as Choice;
}

function itemsTable(m: Messages, app: ApplicationDoc, action: PortalActionName, choice: Choice = {}): SafeHtml {
  const fmt = (milli: number) => new Intl.NumberFormat(m.locale, { maximumFractionDigits: 3 }).format(milli / 1000);
  return html`<table class="stack" id="items"><caption>${m.items}</caption>
  <thead><tr><th scope="col">${m.item}</th><th scope="col" class="num">${m.remaining}</th><th scope="col">${m.quantity}</th></tr></thead>
  <tbody>${app.order.items.map(
    (
      item,
      i,
    ) => html`<tr><th scope="row"><label for="q${i}">${item.name}</label></th><td class="num" data-label="${m.remaining}">${fmt(remainingMilli(item, action))}</td>
    <td data-label="${m.quantity}"><input id="q${i}" name="q${i}" inputmode="decimal" pattern="[0-9]+([.,][0-9]{1,3})?" size="6"${choice[`q${i}`] ? html` value="${choice[`q${i}`]}"` : ''}${remainingMilli(item, action) === 0 ? html` disabled` : ''}></td></tr>`,
  )}</tbody></table>`;
}

function actionForm(m: Messages, app: ApplicationDoc, action: PortalActionName, csrf: string, choice: Choice = {}): SafeHtml {
  const title = m[`act_${action}`];
  const mode = choice.mode ?? 'items';
  const checked = (v: string) => (mode === v ? html` checked` : '');
  const reason = choice.reason ?? 'APPLICATION_CANCELLED_OTHER';
  const fields =
    action === 'cancel'
      ? html`<label for="reason">${m.reason}</label><select id="reason" name="reason">${CANCELLABLE_REASONS.map((r) => html`<option value="${r}"${r === reason ? html` selected` : ''}>${word(m, 'cancelReason', r)}</option>`)}</select>
      <label for="customReason">${m.customReason}</label><input id="customReason" name="customReason" maxlength="255" value="${choice.customReason ?? ''}">`
      : action === 'return'
        ? html`<fieldset><legend>${m.returnMode}</legend>
          <label class="choice"><input type="radio" name="mode" value="items"${checked('items')}> ${m.returnItems}</label>
          <label class="choice"><input type="radio" name="mode" value="all"${checked('all')}> ${m.returnAll}</label>
          <label class="choice"><input type="radio" name="mode" value="amount"${checked('amount')}> ${m.returnAmount}</label></fieldset>
        ${itemsTable(m, app, action, choice)}
        <label for="amount">${fill(m.refundAmount, { currency: app.order.totalPrice.currency })}</label><input id="amount" name="amount" inputmode="decimal" pattern="[0-9]+([.,][0-9]{1,2})?" size="10" value="${choice.amount ?? ''}">`
        : html`${itemsTable(m, app, action, choice)}${action !== 'cancel-items' ? html`<p class="hint">${m.actAllHint}</p>` : ''}`;
  // a return or cancel shows what will result first (the preview page confirms); send and deliver confirm here
  const previewed = PREVIEWED.has(action);
  return html`<p><a href="/portal/applications/${app._id}">← ${fill(m.appTitle, { number: app.order.number })}</a></p>
<h1>${previewed ? title : fill(m.actConfirm, { action: title })}</h1>
<p class="lead">${previewed ? m.pvFormLead : m.actLead}</p>
<form method="post" action="/portal/applications/${app._id}/act/${action}${previewed ? '/preview' : ''}" class="card">
  ${csrfField(csrf)}
  ${previewed ? '' : html`<input type="hidden" name="key" value="${randomUUID()}">`}
  ${fields}
  <button type="submit">${previewed ? m.pvButton : fill(m.actConfirm, { action: title })}</button>
</form>`;
}

function quantityText(milli: number, m: Messages): string {
  return new Intl.NumberFormat(m.locale, { maximumFractionDigits: 3 }).format(milli / 1000);
}

/**
 * The preview: the figures the dry runs computed, and a form that confirms exactly the same
 * choice (its fields carried as hidden values) under a new form key and the version of the
 * application the figures were computed on.
 */
function previewPage(m: Messages, action: PortalActionName, p: ActionPreview, choice: Choice, csrf: string): SafeHtml {
  const { app } = p;
  const title = m[`act_${action}`];
  const money = (amount: number, currency = p.totalAfter.currency) => formatMoney(amount, currency, m);
  // amounts stay on one line, right-aligned; words (what, the state) wrap on a phone
  const row = (key: string, label: string, value: SafeHtml | string, num = true) =>
    html`<tr id="pv-${key}"><th scope="row">${label}</th><td${num ? html` class="num"` : ''}>${value}</td></tr>`;
  const what =
    action === 'cancel'
      ? fill(m.pvReason, { reason: choice.reason ?? '' })
      : choice.mode === 'amount'
        ? fill(m.pvAmountOnly, { amount: money(p.amount) })
        : html`${choice.mode === 'all' ? html`${m.pvWholeOrder}: ` : ''}${p.lines.map((l, i) => html`${i ? '; ' : ''}${quantityText(l.quantityMilli, m)} × ${l.name}`)}`;
  const pay = p.payment;
  const payType = pay ? word(m, 'pay', pay.type) : '';
  return html`<p><a href="/portal/applications/${app._id}">← ${fill(m.appTitle, { number: app.order.number })}</a></p>
<h1>${fill(m.pvTitle, { action: title })}</h1>
<p class="lead">${m.pvLead}</p>
<section class="card" aria-labelledby="pv-h"><h2 id="pv-h">${m.pvFigures}</h2>
<table class="figures" id="preview"><caption class="visually-hidden">${m.pvFigures}</caption><tbody>
${row('what', m.pvWhat, what, false)}
${row('total-before', m.pvTotalBefore, money(p.totalBefore.amount, p.totalBefore.currency))}
${action === 'cancel' ? '' : row('total-after', m.pvTotalAfter, money(p.totalAfter.amount))}
${row('state-after', m.pvStateAfter, `${word(m, 'state', p.status.state)} / ${word(m, 'reason', p.status.stateReason)}`, false)}
${
  pay
    ? html`${row('gross', fill(m.pvGross, { type: payType }), money(pay.gross, pay.currency))}${p.fees || pay.fee ? row('fee', m.pvFee, money(pay.fee, pay.currency)) : ''}${row('net', fill(m.pvNet, { type: payType }), money(pay.net, pay.currency))}`
    : ''
}
</tbody></table>
${pay ? '' : html`<p id="pv-no-credit-note">${m.pvNoCreditNote}</p>`}
</section>
<form method="post" action="/portal/applications/${app._id}/act/${action}" class="card">
  ${csrfField(csrf)}
  <input type="hidden" name="key" value="${randomUUID()}">
  <input type="hidden" name="version" value="${String(p.version)}">
  ${Object.entries(choice).map(([k, v]) => html`<input type="hidden" name="${k}" value="${v}">`)}
  <button type="submit">${fill(m.actConfirm, { action: title })}</button>
</form>
<p><a href="/portal/applications/${app._id}/act/${action}">${m.pvChange}</a></p>`;
}

/** Decimal pieces as the API takes them (up to 3 places); empty: not named. */
function quantityOf(text: unknown, m?: Messages): number | undefined {
  if (typeof text !== 'string' || text.trim() === '') return undefined;
  const t = text.trim().replace(',', '.');
  if (!/^\d{1,7}(\.\d{1,3})?$/.test(t))
    throw m ? portalSaid(fill(m.errBadQuantity, { text }), 'quantity') : new InvalidRequestError(`${text} is not a quantity`, { attribute: 'quantity' });
  return Number(t);
}

/** An amount typed in major units (`240,00`) as integer minor units, exactly (no float on the way). */
export function minorUnitsOf(text: string): number | undefined {
  const match = /^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(text.trim().replace(/\s/g, ''));
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

function requestOf(m: Messages, app: ApplicationDoc, action: PortalActionName, body: Record<string, unknown>): ActionRequest {
  if (action === 'cancel') {
    const custom = typeof body.customReason === 'string' && body.customReason.trim() ? { customReason: body.customReason.trim() } : {};
    return { action, input: { reason: String(body.reason ?? '') as never, ...custom } };
  }
  const items = app.order.items.flatMap((item, i) => {
    const quantity = quantityOf(body[`q${i}`], m);
    return quantity === undefined
      ? []
      : [{ code: item.code, name: item.name, ...(item.type ? { type: item.type } : {}), ...(item.ean ? { ean: item.ean } : {}), quantity }];
  });
  if (action === 'return') {
    if (body.mode === 'all') return { action, input: {} };
    if (body.mode === 'amount') {
      const amount = minorUnitsOf(String(body.amount ?? ''));
      if (amount === undefined) throw portalSaid(m.badAmount, 'amount');
      return { action, input: { items: [], totalPrice: { amount, currency: app.order.totalPrice.currency } } as FulfilmentBody };
    }
  }
  if (!items.length && (action === 'return' || action === 'cancel-items')) throw portalSaid(m.needItems);
  return { action, input: (items.length ? { items } : {}) as FulfilmentBody };
}

/** The names of the items a form's request lists, in its order: what `items[k]` of a refusal names. */
function itemsOf(app: ApplicationDoc, body: Record<string, unknown>): string[] {
  return app.order.items.flatMap((item, i) => {
    try {
      return quantityOf(body[`q${i}`]) === undefined ? [] : [item.name];
    } catch {
      return [];
    }
  });
}

/** How long the confirm waits for the ledger's consumer to record the credit note it announced, so the landing page shows it. */
const LEDGER_WAIT_MS = 5_000;

export function mountActionRoutes(router: Router, deps: { accounts: PortalAccounts; applications: PortalApplications; actions: PortalActions }): void {
  const load = async (ctx: AppContext, write: boolean) => {
    const action = ctx.params.action as PortalActionName;
    const user = await requireUser(ctx, 'fulfil', deps.accounts, `application.${action}`);
    if (!UUID_PATTERN.test(ctx.params.id ?? '') || !NAMES.includes(action)) throw new PortalRefusal('notFound', 404);
    const page = await deps.applications.page(user.partnerId, ctx.params.id!);
    if (!write && !offered(page).includes(action)) throw new AppError('ACTION_NOT_ALLOWED', portalOf(ctx).m.actNotAllowed, { status: 409 });
    return { user, page, action };
  };
  const show = (ctx: AppContext, app: ApplicationDoc, action: PortalActionName, error?: string, status = 200, choice: Choice = {}) => {
    const { m, csrf } = portalOf(ctx);
    render(
      ctx,
      {
        title: PREVIEWED.has(action) ? m[`act_${action}`] : fill(m.actConfirm, { action: m[`act_${action}`] }),
        current: 'applications',
        ...(error ? { flash: { text: error, error: true } } : {}),
      },
      actionForm(m, app, action, csrf, choice),
      status,
    );
  };
  /** The refusals a person can correct on the form (the API's 4xx but 404): anything else is the error page's. */
  const correctable = (err: unknown): err is AppError => err instanceof AppError && err.status < 500 && err.status !== 404 && !(err instanceof PortalRefusal);
  /**
   * The preview page of `choice` on the application as it is now, or the form with the
   * refusal when the choice is no longer possible; `notice`: why it is shown again.
   */
  const preview = async (
    ctx: AppContext,
    app: ApplicationDoc,
    action: PortalActionName,
    body: Record<string, unknown>,
    notice?: { text: string; status: number },
  ) => {
    const { m, csrf } = portalOf(ctx);
    const choice = choiceOf(body);
    let p: ActionPreview;
    try {
      p = await deps.actions.preview(app.partnerId, app._id, requestOf(m, app, action, body));
    } catch (err) {
      if (!correctable(err)) throw err;
      show(
        ctx,
        app,
        action,
        notice ? `${notice.text} ${errorText(m, err, { items: itemsOf(app, body) })}` : errorText(m, err, { items: itemsOf(app, body) }),
        notice?.status ?? err.status,
        choice,
      );
      return;
    }
    render(
      ctx,
      {
        title: fill(m.pvTitle, { action: m[`act_${action}`] }),
        current: 'applications',
        ...(notice ? { flash: { text: notice.text, error: notice.status >= 400 } } : {}),
      },
      previewPage(m, action, p, choice, csrf),
      notice?.status ?? 200,
    );
  };

  router.get('/portal/applications/:id/act/:action', async (koa) => {
    const ctx = koa as unknown as AppContext;
    const { page, action } = await load(ctx, false);
    show(ctx, page.app, action);
  });
  // the preview writes nothing: it is a POST only because it carries the form's choice (no JavaScript)
  router.post('/portal/applications/:id/act/:action/preview', async (koa) => {
    const ctx = koa as unknown as AppContext;
    const { page, action } = await load(ctx, true);
    if (!PREVIEWED.has(action)) throw new PortalRefusal('notFound', 404);
    await preview(ctx, page.app, action, ctx.request.body as Record<string, unknown>);
  });
  router.post('/portal/applications/:id/act/:action', async (koa) => {
    const ctx = koa as unknown as AppContext;
    const { page, action } = await load(ctx, true);
    const { m } = portalOf(ctx);
    const body = ctx.request.body as Record<string, unknown>;
    const target = `${page.app._id} (${page.app.order.number})`;
    const previewed = PREVIEWED.has(action);
    const version = /^\d{1,12}$/.test(String(body.version ?? '')) ? Number(body.version) : undefined;
    // a return or cancel is written only on the word of a preview: without one, show it first
    if (previewed && version === undefined) return preview(ctx, page.app, action, body, { text: m.pvNeedPreview, status: 200 });
    try {
      const request = requestOf(m, page.app, action, body);
      // what the preview announced, to wait for its credit note after the write (read before the write: nothing depends on it)
      const expected =
        previewed && action !== 'cancel' ? await deps.actions.preview(page.app.partnerId, page.app._id, request).catch(() => undefined) : undefined;
      const outcome = await deps.actions.perform(page.app.partnerId, page.app._id, String(body.key ?? ''), request, version);
      await deps.accounts.audit(actorOf(ctx), `application.${action}`, {
        target,
        detail: outcome.kind === 'replayed' ? { code: 'replayed' } : undefined,
      });
      if (outcome.kind === 'replayed') {
        ctx.status = 303;
        ctx.redirect(`/portal/applications/${page.app._id}?done=replayed`);
        return;
      }
      const announced = expected?.version === version ? expected?.payment : undefined;
      if (announced) await deps.actions.paymentOf(page.app.partnerId, page.app._id, outcome.operationId, LEDGER_WAIT_MS);
      ctx.status = 303;
      // a cancel of the application changes no order: its notice is the plain one
      const withOp = previewed && action !== 'cancel';
      ctx.redirect(`/portal/applications/${page.app._id}?done=${action}${withOp ? `&op=${outcome.operationId}${announced ? '&pay=1' : ''}` : ''}`);
    } catch (err) {
      if (!correctable(err)) throw err;
      await deps.accounts.audit(actorOf(ctx), `application.${action}`, {
        target,
        outcome: 'refused',
        detail: { code: 'refused-code', values: { code: err.code } },
      });
      if (err instanceof ApplicationChanged) {
        // never apply other figures silently: the new preview, with why it is shown again
        const fresh = await deps.applications.page(page.app.partnerId, page.app._id);
        return preview(ctx, fresh.app, action, body, { text: m.pvStale, status: 409 });
      }
      show(ctx, page.app, action, errorText(m, err, { items: itemsOf(page.app, body) }), err.status, choiceOf(body));
    }
  });
}
