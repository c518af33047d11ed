import { html, type SafeHtml } from '../../platform/http/html.js';
import type { ApplicationDoc, ApplicationListItem } from '../applications/index.js';
import { fill, formatDate, formatDateTime, formatMoney, word, type Messages } from './portal.i18n.js';
import type { ApplicationPage, ListFilters, TimelineEntry } from './portal-applications.service.js';
import { settlementCell, td } from './portal-settlements.views.js';

export const STATES = ['PROCESSING', 'READY', 'REJECTED', 'CANCELLED'] as const;
export const REASONS = [
  'PROCESSING_REDIRECT_NEEDED',
  'PROCESSING_PREAPPROVED',
  'PROCESSING_VALIDATION_IN_PROGRESS',
  'REJECTED',
  'CANCELLED_NOT_PAID',
  'READY_TO_SHIP',
  'READY_SHIPPED',
  'READY_DELIVERED',
  'READY_PAID',
  'CANCELLED_RETURNED',
] as const;
export const TYPES = ['DEFERRED_PAYMENT', 'PAY_IN_THREE'] as const;

function quantity(milli: number, m: Messages): string {
  return new Intl.NumberFormat(m.locale, { maximumFractionDigits: 3 }).format(milli / 1000);
}

function isoDay(d: Date | undefined): string {
  return d ? d.toISOString().slice(0, 10) : '';
}

function select(id: string, label: string, name: string, values: readonly string[], chosen: string | undefined, m: Messages): SafeHtml {
  return html`<div><label for="${id}">${label}</label><select id="${id}" name="${name}">
    <option value="">${m.any}</option>
    ${values.map((v) => html`<option value="${v}"${v === chosen ? html` selected` : ''}>${word(m, name === 'stateReason' ? 'reason' : name, v)}</option>`)}
  </select></div>`;
}

/** The customer's name as the shop gave it (the full name, else titles and names), or empty. */
export function customerName(c: Partial<Pick<ApplicationDoc['customer'], 'fullName' | 'firstName' | 'lastName' | 'titleBefore' | 'titleAfter'>>): string {
  if (c.fullName) return c.fullName;
  return [c.titleBefore, c.firstName, c.lastName, c.titleAfter].filter(Boolean).join(' ');
}

function addressLine(a: ApplicationDoc['customer']['addresses'][number]): string {
  const street = [a.streetAddress, a.streetNumber].filter(Boolean).join(' ');
  const town = [a.zip, a.city].filter(Boolean).join(' ');
  return [a.name, street, town, a.country].filter(Boolean).join(', ');
}

/** The customer's name and e-mail for every role; phone and addresses only for roles that deal with the customer. */
function customerSection(m: Messages, c: ApplicationDoc['customer'], contact: boolean): SafeHtml {
  return html`<section aria-labelledby="cust-h"><h2 id="cust-h">${m.custSection}</h2>
<dl class="facts card" id="customer">
  <div><dt>${m.custName}</dt><dd id="cust-name">${customerName(c) || '–'}</dd></div>
  <div><dt>${m.custEmail}</dt><dd>${c.email}</dd></div>
  ${
    contact
      ? html`<div><dt>${m.custPhone}</dt><dd id="cust-phone">${c.phone}</dd></div>
  <div><dt>${m.custAddresses}</dt><dd id="cust-addresses">${
    c.addresses.length ? html`<ul>${c.addresses.map((a) => html`<li>${word(m, 'addr', a.addressType)}: ${addressLine(a)}</li>`)}</ul>` : '–'
  }</dd></div>`
      : ''
  }
</dl>
${contact ? '' : html`<p class="hint">${m.custHidden}</p>`}
</section>`;
}

/** The list's query string with one change (paging keeps the filters). */
export function listLink(filters: ListFilters, extra: Record<string, string>): string {
  const p = new URLSearchParams();
  if (filters.state) p.set('state', filters.state);
  if (filters.stateReason) p.set('stateReason', filters.stateReason);
  if (filters.type) p.set('type', filters.type);
  if (filters.createdFrom) p.set('from', isoDay(filters.createdFrom));
  if (filters.createdTo) p.set('to', isoDay(new Date(filters.createdTo.getTime() - 86_400_000)));
  if (filters.search) p.set('q', filters.search);
  for (const [k, v] of Object.entries(extra)) p.set(k, v);
  const q = p.toString();
  return `/portal/applications${q ? `?${q}` : ''}`;
}

export function applicationsBody(
  m: Messages,
  v: { filters: ListFilters; items: ApplicationListItem[]; counts: Record<string, number>; next?: string; prev?: string },
): SafeHtml {
  const f = v.filters;
  const rows = v.items.map(
    (a) => html`<tr>
    ${td(m.created, formatDateTime(a.createdAt, m))}
    ${td(m.orderNumber, html`<a href="/portal/applications/${a._id}">${a.order.number}</a>`)}
    ${td(m.customer, customerName(a.customer) ? html`${customerName(a.customer)}<br><span class="hint">${a.customer.email}</span>` : a.customer.email)}
    ${td(m.financingType, word(m, 'type', a.type))}
    ${td(m.state, html`${word(m, 'state', a.state)}<br><span class="hint">${word(m, 'reason', a.stateReason)}</span>`)}
    ${td(m.total, formatMoney(a.order.totalPrice.amount, a.order.totalPrice.currency, m), true)}
  </tr>`,
  );
  return html`<h1>${m.appsTitle}</h1>
<p class="lead">${m.appsLead}</p>
<section aria-labelledby="counts-h"><h2 id="counts-h" class="visually-hidden">${m.counts}</h2>
<ul class="counts">${STATES.map((s) => html`<li><a href="${listLink({ ...f, state: s }, {})}">${word(m, 'state', s)}</a> <span class="badge">${v.counts[s] ?? 0}</span></li>`)}</ul></section>
<form method="get" action="/portal/applications" class="card filters" role="search" aria-label="${m.filters}">
  <div class="grid">
    <div class="wide"><label for="q">${m.searchAny}</label><input id="q" name="q" type="search" value="${f.search ?? ''}" maxlength="200" aria-describedby="q-hint"><p class="hint" id="q-hint">${m.searchHint}</p></div>
    ${select('state', m.state, 'state', STATES, f.state, m)}
    ${select('stateReason', m.stateReason, 'stateReason', REASONS, f.stateReason, m)}
    ${select('type', m.financingType, 'type', TYPES, f.type, m)}
    <div><label for="from">${m.createdFrom}</label><input id="from" name="from" type="date" value="${isoDay(f.createdFrom)}"></div>
    <div><label for="to">${m.createdTo}</label><input id="to" name="to" type="date" value="${f.createdTo ? isoDay(new Date(f.createdTo.getTime() - 86_400_000)) : ''}"></div>
  </div>
  <button type="submit">${m.apply}</button> <a href="/portal/applications">${m.reset}</a>
</form>
${
  v.items.length
    ? html`<table class="stack" id="applications">
  <caption>${m.appsTitle}</caption>
  <thead><tr><th scope="col">${m.created}</th><th scope="col">${m.orderNumber}</th><th scope="col">${m.customer}</th><th scope="col">${m.financingType}</th><th scope="col">${m.state}</th><th scope="col" class="num">${m.total}</th></tr></thead>
  <tbody>${rows}</tbody>
</table>`
    : html`<p>${m.noApps}</p>`
}
<nav aria-label="${m.appsTitle}" class="pager">${v.prev ? html`<a href="${v.prev}" rel="prev">${m.previous}</a>` : ''} ${v.next ? html`<a href="${v.next}" rel="next">${m.next}</a>` : ''}</nav>`;
}

/** Whether a notification reached the shop, in words: delivered, being retried (and when next), failed for good. */
function deliveryWords(m: Messages, d: TimelineEntry & { kind: 'notification' }): SafeHtml {
  const v = d.delivery;
  if (!v) return html`<span>${m.deliveryPending}</span>`;
  if (v.state === 'DELIVERED') return html`<strong class="ok">${m.tlDelivered}</strong>`;
  if (v.state === 'FAILED') return html`<strong class="bad">${fill(m.tlRetrying, { at: v.nextAttemptAt ? formatDateTime(v.nextAttemptAt, m) : '–' })}</strong>`;
  return html`<strong class="bad">${m.tlFailed}</strong>`;
}

function timelineItem(e: TimelineEntry, m: Messages): SafeHtml {
  const when = html`<time datetime="${e.at.toISOString()}">${formatDateTime(e.at, m)}</time>`;
  switch (e.kind) {
    case 'state':
      return html`<li>${when} · ${fill(m.tlState, { state: word(m, 'state', e.state), reason: word(m, 'reason', e.stateReason) })}</li>`;
    case 'fulfilment':
      return html`<li>${when} · <strong>${word(m, 'op', e.operation)}</strong> ${e.items.map((i) => html`${quantity(i.quantityMilli, m)} × ${i.name}; `)}${e.amount ? formatMoney(e.amount.amount, e.amount.currency, m) : ''}</li>`;
    case 'payment':
      return html`<li>${when} · ${fill(m.tlPayment, { type: word(m, 'pay', e.payment.type), amount: formatMoney(e.payment.value.amount, e.payment.value.currency, m) })}</li>`;
    case 'notification': {
      const d = e.delivery;
      const data = e.event.data as { stateReason?: string; type?: string };
      const about = data.stateReason ? word(m, 'reason', data.stateReason) : data.type ? word(m, 'pay', data.type) : e.event.type;
      return html`<li>${when} · ${fill(m.tlNotification, { reason: about })}: ${deliveryWords(m, e)}
        <div class="delivery">→ ${e.event.url}${d ? html` · <a href="/portal/webhooks/deliveries/${d.deliveryId}">${m.tlDetails}</a>` : ''}
        ${
          d && d.attempts.length
            ? html`<details><summary>${fill(m.tlAttemptsFolded, { n: d.attempts.length })}</summary><table class="attempts stack">
          <caption class="visually-hidden">${m.delivery} ${e.event.webhookId}</caption>
          <thead><tr><th scope="col">${m.attempt}</th><th scope="col">${m.date}</th><th scope="col">${m.outcome}</th><th scope="col">${m.status}</th><th scope="col" class="num">${m.duration}</th><th scope="col">${m.response}</th></tr></thead>
          <tbody>${d.attempts.map((a) => html`<tr>${td(m.attempt, a.redelivery ? `${a.attempt} (${m.redelivery} ${a.redelivery})` : a.attempt)}${td(m.date, formatDateTime(a.startedAt, m))}${td(m.outcome, html`${word(m, 'outcome', a.outcome)} <span class="hint">(${a.outcome})</span>`)}${td(m.status, a.statusCode ?? '')}${td(m.duration, `${a.durationMs} ms`, true)}${td(m.response, html`<code>${(a.responseExcerpt ?? a.error ?? '').slice(0, 200)}</code>`)}</tr>`)}</tbody>
        </table></details>`
            : ''
        }</div></li>`;
    }
  }
}

export function applicationBody(m: Messages, p: ApplicationPage, actions: SafeHtml, who: { contact: boolean } = { contact: false }): SafeHtml {
  const { app } = p;
  const money = (x: { amount: number; currency: string }) => formatMoney(x.amount, x.currency, m);
  return html`<p><a href="/portal/applications">← ${m.appsTitle}</a></p>
<h1>${fill(m.appTitle, { number: app.order.number })}</h1>
<dl class="facts card">
  <div><dt>${m.state}</dt><dd><strong id="app-state">${word(m, 'state', app.state)}</strong> / <span id="app-reason">${word(m, 'reason', app.stateReason)}</span></dd></div>
  <div><dt>${m.financingType}</dt><dd>${word(m, 'type', app.type)}</dd></div>
  <div><dt>${m.created}</dt><dd>${formatDateTime(app.createdAt, m)}</dd></div>
  <div><dt>${m.customer}</dt><dd>${customerName(app.customer) || app.customer.email}</dd></div>
  <div><dt>${m.total}</dt><dd>${money(app.order.totalPrice)}</dd></div>
  <div><dt>${m.vs}</dt><dd>${app.order.variableSymbols.join(', ')}</dd></div>
</dl>
${actions}
${customerSection(m, app.customer, who.contact)}
<section aria-labelledby="items-h"><h2 id="items-h">${m.items}</h2>
<table class="stack">
  <caption class="visually-hidden">${m.items}</caption>
  <thead><tr><th scope="col">${m.item}</th><th scope="col" class="num">${m.quantity}</th><th scope="col" class="num">${m.sent}</th><th scope="col" class="num">${m.delivered}</th><th scope="col" class="num">${m.returned}</th><th scope="col" class="num">${m.cancelled}</th><th scope="col" class="num">${m.total}</th></tr></thead>
  <tbody>${app.order.items.map((i) => html`<tr><th scope="row">${i.name}</th>${td(m.quantity, quantity(i.quantityMilli, m), true)}${td(m.sent, quantity(i.sentMilli, m), true)}${td(m.delivered, quantity(i.deliveredMilli, m), true)}${td(m.returned, quantity(i.returnedMilli, m), true)}${td(m.cancelled, quantity(i.cancelledMilli, m), true)}${td(m.total, money(i.totalPrice), true)}</tr>`)}</tbody>
</table></section>
<section aria-labelledby="plan-h"><h2 id="plan-h">${m.plan}</h2>
${
  app.repaymentPlan?.length
    ? html`<table class="stack" id="plan"><caption class="visually-hidden">${m.plan}</caption><thead><tr><th scope="col">${m.due}</th><th scope="col" class="num">${m.amount}</th></tr></thead>
<tbody>${app.repaymentPlan.map((i) => html`<tr>${td(m.due, formatDate(`${i.dueDate}T12:00:00Z`, m))}${td(m.amount, money(i.amount), true)}</tr>`)}</tbody></table>`
    : html`<p>${m.noPlan}</p>`
}
</section>
<section aria-labelledby="pay-h"><h2 id="pay-h">${m.payments}</h2>
${
  p.payments.length
    ? html`<table id="payments" class="stack"><caption class="visually-hidden">${m.payments}</caption>
<thead><tr><th scope="col">${m.type}</th><th scope="col">${m.date}</th><th scope="col" class="num">${m.gross}</th><th scope="col" class="num">${m.fee}</th><th scope="col" class="num">${m.value}</th><th scope="col">${m.vs}</th><th scope="col">${m.dueDate}</th><th scope="col">${m.stSettlement}</th></tr></thead>
<tbody>${p.payments.map((x) => html`<tr>${td(m.type, word(m, 'pay', x.type))}${td(m.date, formatDate(x.date, m))}${td(m.gross, money(x.grossValue), true)}${td(m.fee, money(x.fee), true)}${td(m.value, money(x.value), true)}${td(m.vs, x.variableSymbol ?? '')}${td(m.dueDate, formatDate(`${x.invoice.dueDate}T12:00:00Z`, m))}${td(m.stSettlement, settlementCell(m, p.settlements.get(x.paymentId)))}</tr>`)}</tbody></table>
${p.payments.some((x) => x.type === 'CREDIT_NOTE') ? html`<p class="hint">${m.creditNoteHint}</p>` : ''}`
    : html`<p>${m.noPayments}</p>`
}
</section>
<section aria-labelledby="tl-h"><h2 id="tl-h">${m.timeline}</h2>
<ol class="timeline">${p.timeline.map((e) => timelineItem(e, m))}</ol>
</section>`;
}
