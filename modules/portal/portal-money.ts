import type Router from '@koa/router';
import Joi from 'joi';
import { html } from '../../platform/http/html.js';
import type { AppContext } from '../../platform/http/state.js';
import { InvalidRequestError } from '../../platform/errors.js';
import type { Clock } from '../../platform/clock.js';
import { Readable } from 'node:stream';
import type { PaymentBody, PaymentsModule } from '../payments/index.js';
import { formatDate, formatMoney, type Messages } from './portal.i18n.js';
import type { PortalAccounts } from './portal-accounts.service.js';
import { portalOf, render, requireUser } from './portal.http.js';
import { toPragueLocal } from './prague-time.js';

const MAX_DAYS = 92;
const day = Joi.string().pattern(/^\d{4}-\d{2}-\d{2}$/).empty('');
const PAGE = 50;
const query = Joi.object({ from: day, to: day, after: Joi.string().pattern(/^[0-9a-f-]{36}$/).empty('') });

/** A CSV cell: quoted when it must be, and text that a spreadsheet would run as a formula made inert. */
function cell(v: string | number | undefined): string {
  if (v === undefined) return '';
  if (typeof v === 'number') return String(v);
  const text = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const CSV_COLUMNS = ['paymentId', 'applicationId', 'type', 'date', 'currency', 'grossAmount', 'feeAmount', 'valueAmount', 'variableSymbol', 'dueDate'] as const;

function csvLine(p: PaymentBody): string {
  return [p.paymentId, p.applicationId, p.type, p.date, p.value.currency, p.grossValue.amount, p.fee.amount, p.value.amount, p.variableSymbol, p.invoice.dueDate].map(cell).join(',');
}

/** The payments as the payments API gives them, amounts in minor units: it reconciles line by line. */
export function paymentsCsv(payments: PaymentBody[]): string {
  return `${[CSV_COLUMNS.join(','), ...payments.map(csvLine)].join('\r\n')}\r\n`;
}

/** The same CSV written as the payments are read, so an export of any size holds none of it in memory. */
async function* paymentsCsvStream(payments: AsyncIterable<PaymentBody>): AsyncGenerator<string> {
  yield `${CSV_COLUMNS.join(',')}\r\n`;
  for await (const p of payments) yield `${csvLine(p)}\r\n`;
}

function range(ctx: AppContext, clock: Clock, m: Messages): { from: string; to: string; after?: string } {
  const { error, value } = query.validate(ctx.query);
  if (error) throw new InvalidRequestError(m.badRange);
  const today = toPragueLocal(clock.now()).slice(0, 10);
  const to = (value.to as string | undefined) ?? today;
  const from = (value.from as string | undefined) ?? new Date(Date.parse(`${to}T00:00:00Z`) - 29 * 86_400_000).toISOString().slice(0, 10);
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
  if (!(days >= 0 && days < MAX_DAYS)) throw new InvalidRequestError(m.badRange);
  return { from, to, ...(value.after ? { after: value.after as string } : {}) };
}

export function mountMoneyRoutes(router: Router, deps: { accounts: PortalAccounts; payments: Pick<PaymentsModule, 'partnerPayments'>; clock: Clock }): void {
  router.get('/portal/money', async (koa) => {
    const ctx = koa as unknown as AppContext;
    const user = await requireUser(ctx, 'read', deps.accounts);
    const { m } = portalOf(ctx);
    const { from, to, after } = range(ctx, deps.clock, m);
    const [days, { payments, more, unknownCursor }] = await Promise.all([
      deps.payments.partnerPayments.dayTotals(user.partnerId, from, to),
      deps.payments.partnerPayments.page(user.partnerId, from, to, PAGE, after),
    ]);
    if (unknownCursor) throw new InvalidRequestError('after: unknown cursor: no payment of this partner has this id.');
    const next = more ? `/portal/money?${new URLSearchParams({ from, to, after: payments[payments.length - 1]!.paymentId })}` : undefined;
    const money = (amount: number, currency: string) => formatMoney(amount, currency, m);
    render(ctx, { title: m.moneyTitle, current: 'money' }, html`<h1>${m.moneyTitle}</h1>
<p class="lead">${m.moneyLead}</p>
<form method="get" action="/portal/money" class="card" role="search" aria-label="${m.filters}"><div class="grid">
<div><label for="from">${m.fromDay}</label><input id="from" name="from" type="date" value="${from}"></div>
<div><label for="to">${m.toDay}</label><input id="to" name="to" type="date" value="${to}"></div></div>
<button type="submit">${m.apply}</button> <a href="/portal/money.csv?from=${from}&amp;to=${to}" download>${m.csv}</a></form>
<section aria-labelledby="days-h"><h2 id="days-h">${m.perDay}</h2>
${days.length ? html`<table id="per-day"><caption class="visually-hidden">${m.perDay}</caption><thead><tr><th scope="col">${m.date}</th><th scope="col" class="num">${m.payouts}</th><th scope="col" class="num">${m.creditNotes}</th><th scope="col" class="num">${m.net}</th><th scope="col" class="num">${m.count}</th></tr></thead>
<tbody>${days.map((d) => html`<tr><th scope="row">${formatDate(`${d.date}T12:00:00Z`, m)}</th><td class="num">${money(d.payouts, d.currency)}</td><td class="num">${money(d.creditNotes, d.currency)}</td><td class="num">${money(d.net, d.currency)}</td><td class="num">${d.count}</td></tr>`)}</tbody></table>` : html`<p>${m.noPayments}</p>`}</section>
<section aria-labelledby="pay-h"><h2 id="pay-h">${m.payments}</h2>
${payments.length ? html`<table id="money-payments"><caption class="visually-hidden">${m.payments}</caption><thead><tr><th scope="col">${m.date}</th><th scope="col">${m.type}</th><th scope="col">${m.application}</th><th scope="col" class="num">${m.gross}</th><th scope="col" class="num">${m.fee}</th><th scope="col" class="num">${m.value}</th><th scope="col">${m.vs}</th><th scope="col">${m.dueDate}</th></tr></thead>
<tbody>${payments.map((p) => html`<tr><td>${formatDate(`${p.date}T12:00:00Z`, m)}</td><td>${p.type}</td><td><a href="/portal/applications/${p.applicationId}">${p.applicationId}</a></td><td class="num">${money(p.grossValue.amount, p.grossValue.currency)}</td><td class="num">${money(p.fee.amount, p.fee.currency)}</td><td class="num">${money(p.value.amount, p.value.currency)}</td><td>${p.variableSymbol ?? ''}</td><td>${formatDate(`${p.invoice.dueDate}T12:00:00Z`, m)}</td></tr>`)}</tbody></table>` : ''}
<nav aria-label="${m.payments}" class="pager">${next ? html`<a href="${next}" rel="next">${m.next}</a>` : ''}</nav></section>`);
  });

  router.get('/portal/money.csv', async (koa) => {
    const ctx = koa as unknown as AppContext;
    const user = await requireUser(ctx, 'read', deps.accounts);
    const { from, to } = range(ctx, deps.clock, portalOf(ctx).m);
    ctx.type = 'text/csv; charset=utf-8';
    ctx.set('Content-Disposition', `attachment; filename="payments-${from}-${to}.csv"`);
    ctx.body = Readable.from(paymentsCsvStream(deps.payments.partnerPayments.each(user.partnerId, from, to)));
  });
}
