import { DEFERRED_DAYS, repaymentPlan, type AccountLevel, type Instalment, type Money } from '../../../order-rules/index.js';
import type { ApplicationDoc } from '../../application.model.js';
import { formatMoney } from '../../../../platform/money.js';
import { html, type SafeHtml } from './html.js';

/**
 * The gateway's server-rendered pages: no script at all, semantic HTML (landmarks,
 * headings, labelled controls, table captions and scopes), usable with the keyboard.
 */
const LOCALE = 'en-GB';
const money = (m: Money) => formatMoney(m, LOCALE);
const longDate = (d: string) => new Intl.DateTimeFormat(LOCALE, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${d}T00:00:00Z`));

/**
 * Where the customer goes back to the shop: the partner's redirect URL with
 * `{applicationId}` filled in (raw, or as URL parsing writes it in a path, %7B...%7D), so
 * the shop can match the returning customer to its order.
 */
export function merchantRedirect(app: Pick<ApplicationDoc, '_id' | 'merchantUrls'>, which: 'approvedRedirect' | 'rejectedRedirect'): string {
  return app.merchantUrls[which].replace(/\{applicationId\}|%7BapplicationId%7D/gi, encodeURIComponent(app._id));
}

export function merchantName(app: Pick<ApplicationDoc, 'merchantUrls'>): string {
  return new URL(app.merchantUrls.approvedRedirect).hostname.replace(/^www\./, '');
}

export function layout(title: string, body: SafeHtml, opts: { refreshSeconds?: number } = {}): string {
  return html`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${opts.refreshSeconds ? html`<meta http-equiv="refresh" content="${opts.refreshSeconds}">` : ''}
<meta name="robots" content="noindex, nofollow">
<title>${title} · Partner Financing</title>
<link rel="stylesheet" href="/gateway/assets/gateway.css">
<link rel="icon" href="/gateway/assets/favicon.svg" type="image/svg+xml">
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header class="topbar"><div class="in">
  <span class="brand"><span class="mark" aria-hidden="true"></span>Partner Financing</span>
  <span class="secure">Secure connection</span>
</div></header>
<main id="main" tabindex="-1">
${body}
</main>
<footer><p>Partner Financing provides the financing of this purchase. Questions about the goods go to the shop; questions about your payments to Partner Financing.</p></footer>
</body>
</html>`.text;
}

function itemsTable(app: ApplicationDoc): SafeHtml {
  const rows = app.order.items.map((i) => html`<tr><td>${i.name}${i.variant ? html`<br><span class="who">${i.variant}</span>` : ''}</td><td class="num">${i.quantity}</td><td class="num">${money(i.totalPrice)}</td></tr>`);
  return html`<table>
<caption>Order ${app.order.number} at ${merchantName(app)}</caption>
<thead><tr><th scope="col">Item</th><th scope="col" class="num">Qty</th><th scope="col" class="num">Price</th></tr></thead>
<tbody>${rows}</tbody>
<tfoot><tr><th scope="row" colspan="2">Total (VAT included)</th><td class="num">${money(app.order.totalPrice)}</td></tr></tfoot>
</table>`;
}

function planSection(app: ApplicationDoc, plan: Instalment[], level: AccountLevel): SafeHtml {
  if (app.type === 'DEFERRED_PAYMENT') {
    const only = plan[0]!;
    return html`<section class="card" aria-labelledby="plan-h"><h2 id="plan-h">Your repayment</h2>
<ul class="plan"><li><span>Pay the full amount by <span class="when">${longDate(only.dueDate)}</span></span><strong>${money(only.amount)}</strong></li></ul>
<p class="note">Nothing to pay today. You have ${DEFERRED_DAYS[level]} days to pay; there is no interest and no fee when you pay on time.</p></section>`;
  }
  const labels = ['Today', 'In 30 days', 'In 60 days'];
  return html`<section class="card" aria-labelledby="plan-h"><h2 id="plan-h">Your repayment: three instalments</h2>
<ul class="plan">${plan.map((p, i) => html`<li><span>${labels[i]} <span class="when">(${longDate(p.dueDate)})</span></span><strong>${money(p.amount)}</strong></li>`)}</ul>
<p class="note">No interest and no fee when you pay on time.</p></section>`;
}

function termsSection(app: ApplicationDoc): SafeHtml {
  if (app.agreementTermsAndConditions) return html``;
  return html`<section class="card terms" aria-labelledby="terms-h"><h2 id="terms-h">Terms of the financing</h2>
<p>By confirming you agree to the <a href="/gateway/terms" target="_blank" rel="noopener">terms and conditions</a> of Partner Financing. In short:</p>
<ul><li>Partner Financing pays the shop; you repay Partner Financing by the dates above.</li>
<li>Returned goods: the shop refunds Partner Financing and your repayment is reduced accordingly.</li>
<li>A reminder is sent before each due date; late payment may incur a reminder fee.</li></ul></section>`;
}

export interface ReviewModel {
  app: ApplicationDoc;
  level: AccountLevel;
  confirmAction: string;
  declineAction: string;
  now: Date;
  /** the shop changed the order after the customer's page was loaded: nothing was confirmed */
  orderChanged?: boolean;
}

export function reviewPage(m: ReviewModel): string {
  const { app } = m;
  const plan = repaymentPlan(app.type, app.order.totalPrice, m.now, m.level);
  const title = app.type === 'DEFERRED_PAYMENT' ? 'Pay later' : 'Pay in three';
  const c = app.customer;
  const name = c.fullName || [c.firstName, c.lastName].filter(Boolean).join(' ');
  const confirmLabel = app.agreementTermsAndConditions ? 'Confirm purchase' : 'Agree to the terms and confirm';
  return layout(`${title}: confirm your purchase`, html`<h1>${title} for your purchase at ${merchantName(app)}</h1>
${m.orderChanged ? html`<p class="card notice" role="alert"><strong>The shop changed this order after you opened the page.</strong> Nothing was confirmed: check the order and the repayment below, then confirm again.</p>` : ''}
<p class="lead">Check the order and the repayment, then confirm. ${name ? html`For <strong>${name}</strong> (${c.email}).` : ''}</p>
<section class="card" aria-labelledby="order-h"><h2 id="order-h">Your order</h2>${itemsTable(app)}</section>
${planSection(app, plan, m.level)}
${termsSection(app)}
<div class="actions">
<form method="post" action="${m.confirmAction}"><button type="submit" class="primary">${confirmLabel}</button></form>
<form method="post" action="${m.declineAction}"><button type="submit" class="secondary">Cancel and return to the shop</button></form>
</div>`);
}

export function processingPage(app: ApplicationDoc): string {
  return layout('Checking your purchase', html`<section class="card status" role="status" aria-live="polite">
<div class="spinner" aria-hidden="true"></div>
<h1>Checking your purchase…</h1>
<p class="lead">This takes a few seconds. You will be taken back to ${merchantName(app)} automatically.</p>
<p><a href="">Refresh now</a></p></section>`, { refreshSeconds: 1 });
}

export function messagePage(title: string, text: string, link?: { href: string; label: string }, status?: 'info'): string {
  void status;
  return layout(title, html`<section class="card status"><h1>${title}</h1><p class="lead">${text}</p>
${link ? html`<p><a class="button primary" href="${link.href}">${link.label}</a></p>` : ''}</section>`);
}

export function termsPage(): string {
  return layout('Terms and conditions', html`<h1>Terms and conditions</h1>
<section class="card terms"><h2>1. The financing</h2><p>Partner Financing pays the shop for your purchase. You repay Partner Financing: in one payment 30 days after the purchase (50 days for returning customers of the shop), or in three equal instalments today, in 30 and in 60 days.</p>
<h2>2. Costs</h2><p>No interest and no fee when you pay on time. A reminder fee may apply to late payments.</p>
<h2>3. Returns</h2><p>When you return goods, the shop refunds Partner Financing and your repayment is reduced accordingly.</p>
<h2>4. Your data</h2><p>The shop shares your order and contact details with Partner Financing to decide on and administer the financing.</p></section>`);
}
