import type Router from '@koa/router';
import Joi from 'joi';
import { html } from '../../platform/http/html.js';
import type { AppContext } from '../../platform/http/state.js';
import { InvalidRequestError } from '../../platform/errors.js';
import type { Clock } from '../../platform/clock.js';
import { Readable } from 'node:stream';
import type { DayTotal, PaymentsModule } from '../payments/index.js';
import { formatDate, formatMoney, type Messages } from './portal.i18n.js';
import type { PortalAccounts } from './portal-accounts.service.js';
import { portalOf, render, requireUser } from './portal.http.js';
import { toPragueLocal } from './prague-time.js';
import { lineTable, td } from './portal-settlements.views.js';
import { portalSaid } from './portal-errors.js';

/**
 * The page's totals per day ask one count per day: a period longer than this shows no
 * day table (the page says so). The export streams, so it takes any period.
 */
const MAX_DAYS = 92;
const day = Joi.string()
  .pattern(/^\d{4}-\d{2}-\d{2}$/)
  .empty('');
const PAGE = 50;
const query = Joi.object({
  from: day,
  to: day,
  after: Joi.string()
    .pattern(/^[0-9a-f-]{36}$/)
    .empty(''),
  format: Joi.string().valid('excel').empty(''),
});

type Range = { from: string; to: string; days: number; after?: string; excel: boolean };

function range(ctx: AppContext, clock: Clock, m: Messages): Range {
  const { error, value } = query.validate(ctx.query);
  if (error) throw portalSaid(m.badDay);
  const today = toPragueLocal(clock.now()).slice(0, 10);
  const to = (value.to as string | undefined) ?? today;
  const from = (value.from as string | undefined) ?? new Date(Date.parse(`${to}T00:00:00Z`) - 29 * 86_400_000).toISOString().slice(0, 10);
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
  if (!(days >= 1)) throw portalSaid(m.badDay);
  return { from, to, days, excel: value.format === 'excel', ...(value.after ? { after: value.after as string } : {}) };
}

/** The period's sums of the day totals (one currency per partner: CZK). */
function periodTotal(days: DayTotal[]): Omit<DayTotal, 'date'> | undefined {
  if (!days.length) return undefined;
  const t = { currency: days[0]!.currency, payouts: 0, creditNotes: 0, net: 0, count: 0, gross: 0, refunds: 0, fees: 0 };
  for (const d of days) for (const k of ['payouts', 'creditNotes', 'net', 'count', 'gross', 'refunds', 'fees'] as const) t[k] += d[k];
  return t;
}

function dayTable(m: Messages, days: DayTotal[]) {
  const money = (a: number, c: string) => formatMoney(a, c, m);
  const total = periodTotal(days);
  const cols = [m.payoutsGross, m.creditNotesGross, m.fee, m.net, m.count];
  const cells = (t: Omit<DayTotal, 'date'>) =>
    html`${td(cols[0]!, money(t.gross, t.currency), true)}${td(cols[1]!, money(t.refunds, t.currency), true)}${td(cols[2]!, money(t.fees, t.currency), true)}${td(cols[3]!, money(t.net, t.currency), true)}${td(cols[4]!, t.count, true)}`;
  if (!total) return html`<p>${m.noPayments}</p>`;
  return html`<table id="per-day" class="stack"><caption class="visually-hidden">${m.perDay}</caption><thead><tr><th scope="col">${m.date}</th>${cols.map((c) => html`<th scope="col" class="num">${c}</th>`)}</tr></thead>
<tbody>${days.map((d) => html`<tr><th scope="row">${formatDate(`${d.date}T12:00:00Z`, m)}</th>${cells(d)}</tr>`)}</tbody>
<tfoot><tr id="period-total"><th scope="row">${m.moneyTotal}</th>${cells(total)}</tr></tfoot></table>`;
}

export function mountMoneyRoutes(
  router: Router,
  deps: { accounts: PortalAccounts; payments: Pick<PaymentsModule, 'partnerPayments' | 'partnerSettlements'>; clock: Clock },
): void {
  router.get('/portal/money', async (koa) => {
    const ctx = koa as unknown as AppContext;
    const user = await requireUser(ctx, 'read', deps.accounts);
    const { m } = portalOf(ctx);
    const { from, to, after, days: length } = range(ctx, deps.clock, m);
    const long = length > MAX_DAYS;
    const [days, { lines, more, unknownCursor }] = await Promise.all([
      long ? Promise.resolve([]) : deps.payments.partnerPayments.dayTotals(user.partnerId, from, to),
      deps.payments.partnerPayments.page(user.partnerId, from, to, PAGE, after),
    ]);
    if (unknownCursor) throw new InvalidRequestError('after: unknown cursor: no payment of this partner has this id.', { attribute: 'after' });
    const rows = await deps.payments.partnerSettlements.rows(user.partnerId, lines);
    const next = more ? `/portal/money?${new URLSearchParams({ from, to, after: lines[lines.length - 1]!._id })}` : undefined;
    const csv = `/portal/money.csv?from=${from}&to=${to}`;
    render(
      ctx,
      { title: m.moneyTitle, current: 'money' },
      html`<h1>${m.moneyTitle}</h1>
<p class="lead">${m.moneyLead}</p>
<p class="hint" id="money-what">${m.moneyWhat}</p>
<form method="get" action="/portal/money" class="card" role="search" aria-label="${m.filters}"><div class="grid">
<div><label for="from">${m.fromDay}</label><input id="from" name="from" type="date" value="${from}"></div>
<div><label for="to">${m.toDay}</label><input id="to" name="to" type="date" value="${to}"></div></div>
<button type="submit">${m.apply}</button></form>
<section aria-labelledby="export-h"><h2 id="export-h">${m.exportTitle}</h2><p class="hint">${m.moneyLong}</p>
<p class="downloads"><a href="${csv}" download>${m.csv}</a> <a href="${csv}&format=excel" download>${m.csvExcel}</a></p></section>
<section aria-labelledby="days-h"><h2 id="days-h">${m.perDay}</h2>
${long ? html`<p id="too-long">${m.moneyLong}</p>` : dayTable(m, days)}</section>
<section aria-labelledby="pay-h"><h2 id="pay-h">${m.payments}</h2>
${rows.length ? lineTable(m, rows, 'money-payments', true) : ''}
<nav aria-label="${m.payments}" class="pager">${next ? html`<a href="${next}" rel="next">${m.next}</a>` : ''}</nav></section>`,
    );
  });

  router.get('/portal/money.csv', async (koa) => {
    const ctx = koa as unknown as AppContext;
    const user = await requireUser(ctx, 'read', deps.accounts);
    const { from, to, excel } = range(ctx, deps.clock, portalOf(ctx).m);
    ctx.type = 'text/csv; charset=utf-8';
    ctx.set('Content-Disposition', `attachment; filename="payments-${from}-${to}${excel ? '-excel' : ''}.csv"`);
    const lines = deps.payments.partnerPayments.eachLine(user.partnerId, from, to);
    ctx.body = Readable.from(deps.payments.partnerSettlements.csv(user.partnerId, lines, excel ? 'excel' : 'standard'));
  });
}
