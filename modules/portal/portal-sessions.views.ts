import QRCode from 'qrcode';
import { html, SafeHtml } from '../../platform/http/html.js';
import type { Messages } from './portal.i18n.js';
import { csrfField } from './portal.layout.js';

/**
 * The otpauth URI as a QR code in inline SVG, made on the server: the page has no script and
 * its CSP allows images only from this origin, which inline markup does not need. It is an
 * image with a name; the key in groups of four beside it is its text alternative.
 */
export async function qrSvg(uri: string, m: Messages): Promise<SafeHtml> {
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2, width: 192 });
  // the library's markup is made of paths and numbers only; the label is escaped
  const label = html`${m.qrAlt}`.text;
  return new SafeHtml(svg.replace(/^<svg /, `<svg class="qr" id="totp-qr" role="img" aria-label="${label}" focusable="false" `));
}

/** The key as people type it: groups of four. */
export function keyInGroups(secret: string): string {
  return secret.match(/.{1,4}/g)!.join(' ');
}

export function enrolBody(m: Messages, v: { csrf: string; secret: string; uri: string; qr: SafeHtml }): SafeHtml {
  return html`<h1>${m.enrolTitle}</h1>
<p class="lead">${m.enrolLead}</p>
<form method="post" action="/portal/enrol" class="card">
  ${csrfField(v.csrf)}
  <p>${m.setupSecret}</p>
  <figure>${v.qr}<figcaption class="hint">${m.qrHint}</figcaption></figure>
  <p>${m.setupKey}: <code class="secret" id="totp-secret">${keyInGroups(v.secret)}</code></p>
  <p><a href="${v.uri}">${m.setupUri}</a></p>
  <label for="code">${m.totpCode}</label>
  <input id="code" name="code" inputmode="numeric" pattern="[0-9]{6}" autocomplete="one-time-code" required>
  <button type="submit">${m.enrolButton}</button>
</form>`;
}

/** The users page's block where owners set the partner's second-factor rule for operators. */
export function policyForm(m: Messages, v: { csrf: string; operatorsNeedTotp: boolean }): SafeHtml {
  return html`<h2 id="policy-h">${m.policyTitle}</h2>
<form method="post" action="/portal/users/second-factor" class="card" aria-labelledby="policy-h">
  ${csrfField(v.csrf)}
  <p><input type="checkbox" id="operators-totp" name="operatorsNeedTotp" value="yes" aria-describedby="policy-hint"${v.operatorsNeedTotp ? html` checked` : ''}>
  <label for="operators-totp">${m.policyOperators}</label></p>
  <p class="hint" id="policy-hint">${m.policyHint}</p>
  <button type="submit">${m.policySave}</button>
</form>`;
}
