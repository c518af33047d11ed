import { randomUUID } from 'node:crypto';
import type Router from '@koa/router';
import { html, type SafeHtml } from '../../platform/http/html.js';
import type { AppContext } from '../../platform/http/state.js';
import { AppError, InvalidRequestError } from '../../platform/errors.js';
import { UUID_PATTERN } from '../../platform/http/paging.js';
import { CANCEL_REASONS, type ApplicationDoc } from '../applications/index.js';
import type { FulfilmentBody } from '../orders/index.js';
import { fill, word, type Messages } from './portal.i18n.js';
import { may } from './portal.model.js';
import type { PortalAccounts } from './portal-accounts.service.js';
import type { ApplicationPage, PortalApplications } from './portal-applications.service.js';
import { PORTAL_ACTIONS, type ActionRequest, type PortalActionName, type PortalActions } from './portal-actions.service.js';
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

function itemsTable(m: Messages, app: ApplicationDoc, action: PortalActionName): SafeHtml {
  const fmt = (milli: number) => new Intl.NumberFormat(m.locale, { maximumFractionDigits: 3 }).format(milli / 1000);
  return html`<table class="stack" id="items"><caption>${m.items}</caption>
  <thead><tr><th scope="col">${m.item}</th><th scope="col" class="num">${m.remaining}</th><th scope="col">${m.quantity}</th></tr></thead>
  <tbody>${app.order.items.map(
    (
      item,
      i,
    ) => html`<tr><th scope="row"><label for="q${i}">${item.name}</label></th><td class="num" data-label="${m.remaining}">${fmt(remainingMilli(item, action))}</td>
    <td data-label="${m.quantity}"><input id="q${i}" name="q${i}" inputmode="decimal" pattern="[0-9]+([.,][0-9]{1,3})?" size="6"${remainingMilli(item, action) === 0 ? html` disabled` : ''}></td></tr>`,
  )}</tbody></table>`;
}

function actionForm(m: Messages, app: ApplicationDoc, action: PortalActionName, csrf: string): SafeHtml {
  const title = m[`act_${action}`];
  const fields =
    action === 'cancel'
      ? html`<label for="reason">${m.reason}</label><select id="reason" name="reason">${CANCELLABLE_REASONS.map((r) => html`<option value="${r}"${r === 'APPLICATION_CANCELLED_OTHER' ? html` selected` : ''}>${word(m, 'cancelReason', r)}</option>`)}</select>
      <label for="customReason">${m.customReason}</label><input id="customReason" name="customReason" maxlength="255">`
      : action === 'return'
        ? html`<fieldset><legend>${m.returnMode}</legend>
          <label class="choice"><input type="radio" name="mode" value="items" checked> ${m.returnItems}</label>
          <label class="choice"><input type="radio" name="mode" value="all"> ${m.returnAll}</label>
          <label class="choice"><input type="radio" name="mode" value="amount"> ${m.returnAmount}</label></fieldset>
        ${itemsTable(m, app, action)}
        <label for="amount">${fill(m.refundAmount, { currency: app.order.totalPrice.currency })}</label><input id="amount" name="amount" inputmode="decimal" pattern="[0-9]+([.,][0-9]{1,2})?" size="10">`
        : html`${itemsTable(m, app, action)}${action !== 'cancel-items' ? html`<p class="hint">${m.actAllHint}</p>` : ''}`;
  return html`<p><a href="/portal/applications/${app._id}">← ${fill(m.appTitle, { number: app.order.number })}</a></p>
<h1>${fill(m.actConfirm, { action: title })}</h1>
<p class="lead">${m.actLead}</p>
<form method="post" action="/portal/applications/${app._id}/act/${action}" class="card">
  ${csrfField(csrf)}
  <input type="hidden" name="key" value="${randomUUID()}">
  ${fields}
  <button type="submit">${fill(m.actConfirm, { action: title })}</button>
</form>`;
}

/** Decimal pieces as the API takes them (up to 3 places); empty: not named. */
function quantityOf(text: unknown): number | undefined {
  if (typeof text !== 'string' || text.trim() === '') return undefined;
  const t = text.trim().replace(',', '.');
  if (!/^\d{1,7}(\.\d{1,3})?$/.test(t)) throw new InvalidRequestError(`${text} is not a quantity`, { attribute: 'quantity' });
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
    const quantity = quantityOf(body[`q${i}`]);
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

export function mountActionRoutes(router: Router, deps: { accounts: PortalAccounts; applications: PortalApplications; actions: PortalActions }): void {
  const load = async (ctx: AppContext, write: boolean) => {
    const action = ctx.params.action as PortalActionName;
    const user = await requireUser(ctx, 'fulfil', deps.accounts, `application.${action}`);
    if (!UUID_PATTERN.test(ctx.params.id ?? '') || !NAMES.includes(action)) throw new PortalRefusal('notFound', 404);
    const page = await deps.applications.page(user.partnerId, ctx.params.id!);
    if (!write && !offered(page).includes(action)) throw new AppError('ACTION_NOT_ALLOWED', portalOf(ctx).m.actNotAllowed, { status: 409 });
    return { user, page, action };
  };
  const show = (ctx: AppContext, app: ApplicationDoc, action: PortalActionName, error?: string, status = 200) => {
    const { m, csrf } = portalOf(ctx);
    render(
      ctx,
      { title: fill(m.actConfirm, { action: m[`act_${action}`] }), current: 'applications', ...(error ? { flash: { text: error, error: true } } : {}) },
      actionForm(m, app, action, csrf),
      status,
    );
  };

  router.get('/portal/applications/:id/act/:action', async (koa) => {
    const ctx = koa as unknown as AppContext;
    const { page, action } = await load(ctx, false);
    show(ctx, page.app, action);
  });
  router.post('/portal/applications/:id/act/:action', async (koa) => {
    const ctx = koa as unknown as AppContext;
    const { page, action } = await load(ctx, true);
    const { m } = portalOf(ctx);
    const body = ctx.request.body as Record<string, unknown>;
    const target = `${page.app._id} (${page.app.order.number})`;
    try {
      const outcome = await deps.actions.perform(page.app.partnerId, page.app._id, String(body.key ?? ''), requestOf(m, page.app, action, body));
      await deps.accounts.audit(actorOf(ctx), `application.${action}`, {
        target,
        detail: outcome.kind === 'replayed' ? 'repeated submit: no second effect' : undefined,
      });
      ctx.status = 303;
      ctx.redirect(`/portal/applications/${page.app._id}?done=${outcome.kind === 'done' ? action : 'replayed'}`);
    } catch (err) {
      if (!(err instanceof AppError) || err.status >= 500 || err.status === 404) throw err;
      await deps.accounts.audit(actorOf(ctx), `application.${action}`, { target, outcome: 'refused', detail: err.code });
      show(ctx, page.app, action, errorText(m, err, { items: itemsOf(page.app, body) }), err.status);
    }
  });
}
