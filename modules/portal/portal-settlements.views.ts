import { html, type SafeHtml } from '../../platform/http/html.js';
import type { LineRow, OpenBalance, SettlementDoc, SettlementRef } from '../payments/index.js';
import { fill, formatDate, formatDateTime, formatMoney, word, type Messages } from './portal.i18n.js';

/** A table cell that carries its column's name, for the stacked layout of a narrow screen. */
export function td(label: string, content: unknown, num = false): SafeHtml {
  return html`<td data-label="${label}"${num ? html` class="num"` : ''}>${content}</td>`;
}

/** Where a payment went: a link to its settlement, or the words "awaiting settlement". */
export function settlementCell(m: Messages, ref: SettlementRef | null | undefined): SafeHtml {
  return ref ? html`<a href="/portal/settlements/${ref.id}">${ref.reference}</a>` : html`<span class="badge">${m.stAwaiting}</span>`;
}

/** The order number, linked to its application (the id only where there is no number). */
export function orderLink(applicationId: string, orderNumber: string | undefined): SafeHtml {
  return html`<a href="/portal/applications/${applicationId}">${orderNumber ?? applicationId}</a>`;
}

const reportLinks = (m: Messages, id: string) => html`<p class="downloads"><a href="/portal/settlements/${id}/report.csv" download>${m.stReport}</a>
<a href="/portal/settlements/${id}/report.csv?format=excel" download>${m.stReportExcel}</a></p>`;

/** The settlement's figures in the order they add up: gross − fees = lines net; + carried in = net → transfer or carried out. */
function figures(m: Messages, t: Omit<OpenBalance, 'lineCount' | 'latest'>, id: string, withTransfer = true): SafeHtml {
  const money = (a: number) => formatMoney(a, t.currency, m);
  const row = (label: string, amount: number, key: string) =>
    html`<tr id="${id}-${key}"><th scope="row">${label}</th><td class="num">${money(amount)}</td></tr>`;
  return html`<table class="figures" id="${id}"><caption class="visually-hidden">${m.stTitle}</caption><tbody>
${row(m.stPayoutsGross, t.gross, 'gross')}${row(m.stCreditNotesGross, t.refunds, 'refunds')}${row(m.stLinesGross, t.gross + t.refunds, 'lines-gross')}
${row(m.stFees, t.fees, 'fees')}${row(m.stLinesNet, t.linesNet, 'lines-net')}${row(m.stCarriedIn, t.carriedIn, 'carried-in')}${row(m.stNet, t.net, 'net')}</tbody>
${withTransfer ? html`<tfoot>${row(m.stTransfer, t.transfer, 'transfer')}${row(m.stCarriedOut, t.carriedOut, 'carried-out')}</tfoot>` : ''}</table>`;
}

export function openBalanceBlock(m: Messages, o: OpenBalance): SafeHtml {
  return html`<section aria-labelledby="open-h" class="card"><h2 id="open-h">${m.stOpenTitle}</h2><p class="hint">${m.stOpenLead}</p>
<p>${m.stOpenLines}: <strong id="open-count">${o.lineCount}</strong>${o.latest ? html` · ${m.stCarriedIn}: <a href="/portal/settlements/${o.latest.id}">${o.latest.reference}</a>` : ''}</p>
${o.lineCount || o.carriedIn ? figures(m, o, 'open', true) : html`<p>${m.stOpenNothing}</p>`}</section>`;
}

export function settlementsBody(m: Messages, list: { items: SettlementDoc[]; older?: string }, open: OpenBalance): SafeHtml {
  const money = (a: number, c: string) => formatMoney(a, c, m);
  return html`<h1>${m.stTitle}</h1><p class="lead">${m.stLead}</p>
${openBalanceBlock(m, open)}
<section aria-labelledby="list-h"><h2 id="list-h">${m.stTitle}</h2>
${
  list.items.length
    ? html`<table id="settlements" class="stack"><caption class="visually-hidden">${m.stTitle}</caption>
<thead><tr><th scope="col">${m.stReference}</th><th scope="col">${m.stCutoff}</th><th scope="col">${m.stValueDate}</th><th scope="col" class="num">${m.stPayoutsGross}</th><th scope="col" class="num">${m.stCreditNotesGross}</th><th scope="col" class="num">${m.stFees}</th><th scope="col" class="num">${m.stTransfer}</th><th scope="col" class="num">${m.stLineCount}</th></tr></thead>
<tbody>${list.items.map((s) => html`<tr>${td(m.stReference, html`<a href="/portal/settlements/${s._id}">${s.reference}</a>`)}${td(m.stCutoff, formatDateTime(s.cutoffAt, m))}${td(m.stValueDate, formatDate(`${s.valueDate}T12:00:00Z`, m))}${td(m.stPayoutsGross, money(s.gross, s.currency), true)}${td(m.stCreditNotesGross, money(s.refunds, s.currency), true)}${td(m.stFees, money(s.fees, s.currency), true)}${td(m.stTransfer, money(s.transfer, s.currency), true)}${td(m.stLineCount, s.lineCount, true)}</tr>`)}</tbody></table>`
    : html`<p>${m.stNone}</p>`
}
<nav aria-label="${m.stOlder}" class="pager">${list.older ? html`<a href="${list.older}" rel="next">${m.next}</a>` : ''}</nav></section>`;
}

export function settlementBody(m: Messages, s: SettlementDoc, lines: { items: LineRow[]; next?: string }): SafeHtml {
  const money = (a: number) => formatMoney(a, s.currency, m);
  return html`<h1>${fill(m.stOne, { reference: s.reference })}</h1>
<dl class="facts card">
<div><dt>${m.stReference}</dt><dd id="st-reference">${s.reference}</dd></div>
<div><dt>${m.stCutoff}</dt><dd>${formatDateTime(s.cutoffAt, m)}</dd></div>
<div><dt>${m.stValueDate}</dt><dd>${formatDate(`${s.valueDate}T12:00:00Z`, m)}</dd></div>
<div><dt>${m.stAccount}</dt><dd id="st-account">${s.bankAccount ?? m.stNoAccount}</dd></div>
<div><dt>${m.stTransfer}</dt><dd id="st-transfer"><strong>${money(s.transfer)}</strong></dd></div>
<div><dt>${m.stLineCount}</dt><dd>${s.lineCount}</dd></div></dl>
${reportLinks(m, s._id)}
<section aria-labelledby="fig-h"><h2 id="fig-h">${m.stTransfer}</h2>${figures(m, s, 'figures')}</section>
<section aria-labelledby="lines-h"><h2 id="lines-h">${m.stLines}</h2>
${lineTable(m, lines.items, 'settlement-lines', false)}
<nav aria-label="${m.stLines}" class="pager">${lines.next ? html`<a href="${lines.next}" rel="next">${m.next}</a>` : ''}</nav></section>`;
}

/** Payment lines with their order numbers, amounts and (optionally) settlement. */
export function lineTable(m: Messages, rows: LineRow[], id: string, withSettlement: boolean): SafeHtml {
  const money = (a: number, c: string) => formatMoney(a, c, m);
  return html`<table id="${id}" class="stack"><caption class="visually-hidden">${m.stLines}</caption>
<thead><tr><th scope="col">${m.date}</th><th scope="col">${m.type}</th><th scope="col">${m.stOrder}</th><th scope="col">${m.vs}</th><th scope="col" class="num">${m.gross}</th><th scope="col" class="num">${m.fee}</th><th scope="col" class="num">${m.net}</th>${withSettlement ? html`<th scope="col">${m.stSettlement}</th>` : ''}</tr></thead>
<tbody>${rows.map((r) => html`<tr>${td(m.date, formatDate(`${r.date}T12:00:00Z`, m))}${td(m.type, word(m, 'pay', r.type))}${td(m.stOrder, orderLink(r.applicationId, r.orderNumber))}${td(m.vs, r.variableSymbol ?? '')}${td(m.gross, money(r.gross, r.currency), true)}${td(m.fee, money(r.fee, r.currency), true)}${td(m.net, money(r.net, r.currency), true)}${withSettlement ? td(m.stSettlement, settlementCell(m, r.settlement)) : ''}</tr>`)}</tbody></table>`;
}
