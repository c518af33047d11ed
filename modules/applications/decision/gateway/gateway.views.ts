import type { Instalment, Money } from '../../../order-rules/index.js';
import type { ApplicationDoc } from '../../application.model.js';
import { formatMoney } from '../../../../platform/money.js';
import { html, SafeHtml } from '../../../../platform/http/html.js';
import { LANGS, STRINGS, type Strings } from './gateway.strings.js';
import type { PaymentDetails } from './payment-details.js';

/**
 * The gateway's server-rendered pages: no script at all, semantic HTML (landmarks,
 * headings, labelled controls, table captions and scopes), usable with the keyboard, in
 * the customer's language (gateway.strings.ts) with amounts and dates in its format.
 */
const money = (t: Strings, m: Money) => formatMoney(m, t.locale);
/** `26. 11. 2026` in Czech, `26 November 2026` in English */
export function formatDate(t: Strings, d: string): string {
  const opts: Intl.DateTimeFormatOptions =
    t.lang === 'cs'
      ? { day: 'numeric', month: 'numeric', year: 'numeric', timeZone: 'UTC' }
      : { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' };
  return new Intl.DateTimeFormat(t.locale, opts).format(new Date(`${d}T00:00:00Z`));
}

/**
 * Where the customer goes back to the shop: the partner's redirect URL with
 * `{applicationId}` filled in (raw, or as URL parsing writes it in a path, %7B...%7D), so
 * the shop can match the returning customer to its order.
 */
export function merchantRedirect(app: Pick<ApplicationDoc, '_id' | 'merchantUrls'>, which: 'approvedRedirect' | 'rejectedRedirect'): string {
  return app.merchantUrls[which].replace(/\{applicationId\}|%7BapplicationId%7D/gi, encodeURIComponent(app._id));
}

/** The shop's name when the partner set none: its redirect URL's host. */
export function hostName(app: Pick<ApplicationDoc, 'merchantUrls'>): string {
  return new URL(app.merchantUrls.approvedRedirect).hostname.replace(/^www\./, '');
}

/** The language switch: plain links (`?lang=`), remembered by a cookie, no script. */
function languageSwitch(t: Strings): SafeHtml {
  const links = LANGS.map((l) =>
    l === t.lang
      ? html`<a href="?lang=${l}" lang="${l}" hreflang="${l}" aria-current="true">${STRINGS[l].languageName}</a>`
      : html`<a href="?lang=${l}" lang="${l}" hreflang="${l}">${STRINGS[l].languageName}</a>`,
  );
  return html`<nav class="langs" aria-label="${t.switchLabel}">${links}</nav>`;
}

/** `reloadAtOnce`: the page reloads as soon as it is shown (its request already waited: a long poll). */
export function layout(t: Strings, title: string, body: SafeHtml, opts: { reloadAtOnce?: boolean } = {}): string {
  return html`<!DOCTYPE html>
<html lang="${t.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${opts.reloadAtOnce ? html`<meta http-equiv="refresh" content="0">` : ''}
<meta name="robots" content="noindex, nofollow">
<title>${title} · ${t.brand}</title>
<link rel="stylesheet" href="/gateway/assets/gateway.css">
<link rel="icon" href="/gateway/assets/favicon.svg" type="image/svg+xml">
</head>
<body>
<a class="skip" href="#main">${t.skip}</a>
<header class="topbar"><div class="in">
  <span class="brand"><span class="mark" aria-hidden="true"></span>${t.brand}</span>
  <span class="secure">${t.secure}</span>
  ${languageSwitch(t)}
</div></header>
<main id="main" tabindex="-1">
${body}
</main>
<footer><p>${t.footer}</p></footer>
</body>
</html>`.text;
}

function itemsTable(t: Strings, app: ApplicationDoc, shop: string): SafeHtml {
  const rows = app.order.items.map(
    (i) =>
      html`<tr><td>${i.name}${i.variant ? html`<br><span class="who">${i.variant}</span>` : ''}</td><td class="num">${i.quantity}</td><td class="num">${money(t, i.totalPrice)}</td></tr>`,
  );
  return html`<table>
<caption>${t.orderCaption(app.order.number, shop)}</caption>
<thead><tr><th scope="col">${t.item}</th><th scope="col" class="num">${t.quantity}</th><th scope="col" class="num">${t.price}</th></tr></thead>
<tbody>${rows}</tbody>
<tfoot><tr><th scope="row" colspan="2">${t.total}</th><td class="num">${money(t, app.order.totalPrice)}</td></tr></tfoot>
</table>`;
}

function planSection(t: Strings, app: ApplicationDoc, plan: Instalment[]): SafeHtml {
  if (app.type === 'DEFERRED_PAYMENT') {
    const only = plan[0]!;
    return html`<section class="card" aria-labelledby="plan-h"><h2 id="plan-h">${t.repayment}</h2>
<ul class="plan"><li><span>${t.payFullBy} <span class="when">${formatDate(t, only.dueDate)}</span></span><strong>${money(t, only.amount)}</strong></li></ul>
<p class="note">${t.deferredNote}</p></section>`;
  }
  return html`<section class="card" aria-labelledby="plan-h"><h2 id="plan-h">${t.repaymentInThree}</h2>
<ul class="plan">${plan.map((p, i) => html`<li><span>${t.instalmentLabels[i]} <span class="when">(${formatDate(t, p.dueDate)})</span></span><strong>${money(t, p.amount)}</strong></li>`)}</ul>
<p class="note">${t.threeNote}</p></section>`;
}

/**
 * How to pay every instalment: the amount, the due date, our account, the variable symbol
 * and the QR Platba code. The first payment is open; the later ones fold (a `details`
 * element, no script) so a phone screen shows what is due first.
 */
function paymentSection(t: Strings, pay: PaymentDetails, approved = false): SafeHtml {
  const count = pay.instalments.length;
  if (count === 0) return html``;
  const blocks = pay.instalments.map((p, i) => {
    const label = count > 1 ? t.instalment(i + 1, count) : t.thePayment;
    const amount = money(t, p.amount);
    const date = formatDate(t, p.dueDate);
    const body = html`<div class="pay">
<dl class="facts">
<div><dt>${t.amount}</dt><dd><strong>${amount}</strong></dd></div>
<div><dt>${t.dueDate}</dt><dd>${date}</dd></div>
${pay.accountNumber ? html`<div><dt>${t.accountNumber}</dt><dd class="mono">${pay.accountNumber}</dd></div>` : ''}
<div><dt>${t.iban}</dt><dd class="mono">${pay.iban}</dd></div>
<div><dt>${t.variableSymbol}</dt><dd class="mono">${pay.variableSymbol}</dd></div>
<div><dt>${t.recipient}</dt><dd>${pay.recipient}</dd></div>
<div><dt>${t.message}</dt><dd>${pay.message}</dd></div>
</dl>
${p.spayd && p.qrSvg ? html`<figure class="qr" data-spayd="${p.spayd}">${qrImage(p.qrSvg, t.qrLabel(amount, date))}<figcaption>${t.qrHint}</figcaption></figure>` : ''}
</div>`;
    return html`<details class="instalment"${i === 0 ? html` open` : ''}><summary><span>${label}</span> <span class="when">${date}</span> <strong>${amount}</strong></summary>${body}</details>`;
  });
  return html`<section class="card" aria-labelledby="pay-h"><h2 id="pay-h">${t.howToPay}</h2>
<p>${t.howToPayIntro}</p>
${approved ? '' : html`<p class="note">${t.payWhenApproved}</p>`}
${blocks}</section>`;
}

/** The QR library's SVG (paths only, made from our own text), named for screen readers. */
function qrImage(svg: string, label: string): SafeHtml {
  if (!svg.startsWith('<svg ')) throw new Error('the QR code is not SVG markup');
  return new SafeHtml(svg.replace('<svg ', html`<svg role="img" aria-label="${label}" focusable="false" `.text));
}

function termsSection(t: Strings, app: ApplicationDoc): SafeHtml {
  if (app.agreementTermsAndConditions) return html``;
  return html`<section class="card terms" aria-labelledby="terms-h"><h2 id="terms-h">${t.termsHeading}</h2>
<p>${t.termsAgreeBefore}<a href="/gateway/terms?lang=${t.lang}" target="_blank" rel="noopener">${t.termsLink}</a>${t.termsAgreeAfter}</p>
<ul>${t.termsPoints.map((p) => html`<li>${p}</li>`)}</ul></section>`;
}

export interface ReviewModel {
  t: Strings;
  app: ApplicationDoc;
  /** the shop's name as the customer knows it */
  shop: string;
  plan: Instalment[];
  payment: PaymentDetails;
  confirmAction: string;
  declineAction: string;
  /** the shop changed the order after the customer's page was loaded: nothing was confirmed */
  orderChanged?: boolean;
}

export function reviewPage(m: ReviewModel): string {
  const { app, t, shop } = m;
  const type = app.type === 'DEFERRED_PAYMENT' ? t.payLater : t.payInThree;
  const c = app.customer;
  const name = c.fullName || [c.firstName, c.lastName].filter(Boolean).join(' ');
  const confirmLabel = app.agreementTermsAndConditions ? t.confirm : t.agreeAndConfirm;
  return layout(
    t,
    t.reviewTitle(type),
    html`<h1>${t.reviewHeading(type, shop)}</h1>
${m.orderChanged ? html`<p class="card notice" role="alert"><strong>${t.orderChanged}</strong> ${t.orderChangedNext}</p>` : ''}
<p class="lead">${t.lead} ${name ? html`${t.forCustomer} <strong>${name}</strong> (${c.email}).` : ''}</p>
<section class="card" aria-labelledby="order-h"><h2 id="order-h">${t.yourOrder}</h2>${itemsTable(t, app, shop)}</section>
${planSection(t, app, m.plan)}
${termsSection(t, app)}
<div class="actions">
<form method="post" action="${m.confirmAction}"><button type="submit" class="primary">${confirmLabel}</button></form>
<form method="post" action="${m.declineAction}"><button type="submit" class="secondary">${t.cancel}</button></form>
</div>
${paymentSection(t, m.payment)}`,
  );
}

/**
 * The link opened again once the purchase is approved (from the customer's e-mail, a
 * bookmark, another device): how to pay every instalment, and the way back to the shop.
 */
export function approvedPage(t: Strings, shop: string, backHref: string, payment: PaymentDetails): string {
  return layout(
    t,
    t.approvedTitle,
    html`<section class="card status"><h1>${t.approvedTitle}</h1>
<p class="lead">${t.approvedLead(shop)}</p>
<p><a class="button primary" href="${backHref}">${t.backTo(shop)}</a></p></section>
${paymentSection(t, payment, true)}`,
  );
}

export function processingPage(t: Strings, shop: string): string {
  return layout(
    t,
    t.checking,
    html`<section class="card status" role="status" aria-live="polite">
<div class="spinner" aria-hidden="true"></div>
<h1>${t.checking}…</h1>
<p class="lead">${t.checkingLead(shop)}</p>
<p><a href="">${t.refresh}</a></p></section>`,
    { reloadAtOnce: true },
  );
}

export function messagePage(t: Strings, title: string, text: string, link?: { href: string; label: string }): string {
  return layout(
    t,
    title,
    html`<section class="card status"><h1>${title}</h1><p class="lead">${text}</p>
${link ? html`<p><a class="button primary" href="${link.href}">${link.label}</a></p>` : ''}</section>`,
  );
}

export function termsPage(t: Strings): string {
  return layout(
    t,
    t.termsTitle,
    html`<h1>${t.termsTitle}</h1>
<section class="card terms">${t.termsSections.map(([h, p]) => html`<h2>${h}</h2><p>${p}</p>`)}</section>`,
  );
}
