import { html, type SafeHtml } from '../../platform/http/html.js';
import { td } from './portal-settlements.views.js';
import { fill, formatDateTime, word, type Messages } from './portal.i18n.js';
import { csrfField } from './portal.layout.js';
import { ROLES, type AuditDoc, type AuditNote, type PortalUserDoc } from './portal.model.js';

export function signInBody(m: Messages, csrf: string, email = '', back?: string): SafeHtml {
  return html`<h1>${m.signInTitle}</h1>
<p class="lead">${m.signInLead}</p>
<form method="post" action="/portal/sign-in" class="card">
  ${csrfField(csrf)}${back ? html`<input type="hidden" name="return" value="${back}">` : ''}
  <label for="email">${m.email}</label>
  <input id="email" name="email" type="email" autocomplete="username" required value="${email}">
  <label for="password">${m.password}</label>
  <input id="password" name="password" type="password" autocomplete="current-password" required>
  <label for="code">${m.totpCode}</label>
  <input id="code" name="code" inputmode="numeric" pattern="[0-9]{6}" autocomplete="one-time-code" aria-describedby="code-hint">
  <p class="hint" id="code-hint">${m.totpHintOptional}</p>
  <button type="submit">${m.signInButton}</button>
</form>`;
}

export function setupBody(
  m: Messages,
  s: { action: string; csrf: string; user: PortalUserDoc; totpSecret: string; totpUri: string; qr?: SafeHtml; totpRequired?: boolean },
): SafeHtml {
  const optional = s.user.role !== 'owner' && !s.totpRequired;
  return html`<h1>${m.setupTitle}</h1>
<p class="lead">${m.setupLead}</p>
<form method="post" action="${s.action}" class="card">
  ${csrfField(s.csrf)}
  <p>${m.email}: <strong>${s.user.email}</strong> · ${m.role}: ${m[`role_${s.user.role}`]}</p>
  <label for="password">${m.password}</label>
  <input id="password" name="password" type="password" autocomplete="new-password" minlength="12" required>
  <label for="password2">${m.passwordAgain}</label>
  <input id="password2" name="password2" type="password" autocomplete="new-password" minlength="12" required>
  <p>${m.setupSecret}</p>
  ${s.qr ? html`<figure>${s.qr}<figcaption class="hint">${m.qrHint}</figcaption></figure>` : ''}
  <p>${m.setupKey}: <code class="secret" id="totp-secret">${s.totpSecret.match(/.{1,4}/g)!.join(' ')}</code></p>
  <p><a href="${s.totpUri}">${m.setupUri}</a></p>
  <label for="code">${m.totpCode}</label>
  <input id="code" name="code" inputmode="numeric" pattern="[0-9]{6}" autocomplete="one-time-code"${optional ? html` aria-describedby="code-hint"` : html` required`}>
  ${optional ? html`<p class="hint" id="code-hint">${m.setupOptional}</p>` : ''}
  <button type="submit">${m.setupButton}</button>
</form>`;
}

export function messageBody(title: string, text: string, back?: { href: string; label: string }): SafeHtml {
  return html`<h1>${title}</h1><p>${text}</p>${back ? html`<p><a href="${back.href}">${back.label}</a></p>` : ''}`;
}

export function usersBody(
  m: Messages,
  v: {
    users: PortalUserDoc[];
    me: PortalUserDoc;
    csrf: string;
    invited?: { email: string; link: string; expiresAt: Date; mailed: boolean };
    done?: string;
    /** the partner's second-factor rule for operators */
    rule?: SafeHtml;
  },
): SafeHtml {
  const state = (u: PortalUserDoc) => (!u.enabled ? m.disabled : u.passwordHash ? m.enabled : m.pending);
  const rows = v.users.map(
    (u) => html`<tr>
    ${td(m.name, u.name)}${td(m.email, u.email)}${td(m.role, m[`role_${u.role}`])}${td(m.state, state(u))}${td(m.totp, u.totpSecret ? m.yes : m.no)}
    <td data-label="${m.actions}">${
      u._id === v.me._id
        ? ''
        : html`${
            u.passwordHash
              ? ''
              : html`<form class="inline" method="post" action="/portal/users/${u._id}/resend">${csrfField(v.csrf)}<button class="small secondary" type="submit" aria-label="${m.resend}: ${u.email}">${m.resend}</button></form>
      <form class="inline" method="post" action="/portal/users/${u._id}/revoke">${csrfField(v.csrf)}<button class="small secondary" type="submit" aria-label="${m.revoke}: ${u.email}">${m.revoke}</button></form>`
          }<form class="inline" method="post" action="/portal/users/${u._id}/${u.enabled ? 'disable' : 'enable'}">${csrfField(v.csrf)}<button class="small secondary" type="submit" aria-label="${u.enabled ? m.disable : m.enable} ${u.email}">${u.enabled ? m.disable : m.enable}</button></form>
      <form class="inline" method="post" action="/portal/users/${u._id}/role">${csrfField(v.csrf)}<label class="visually-hidden" for="role-${u._id}">${fill(m.newRoleOf, { email: u.email })}</label><select id="role-${u._id}" name="role">${ROLES.map((r) => html`<option value="${r}"${r === u.role ? html` selected` : ''}>${m[`role_${r}`]}</option>`)}</select><button class="small secondary" type="submit" aria-label="${m.changeRole} ${u.email}">${m.changeRole}</button></form>`
    }</td>
  </tr>`,
  );
  return html`<h1>${m.usersTitle}</h1>
<p class="lead">${fill(m.usersLead, { partner: v.me.partnerName })}</p>
${v.done ? html`<div class="flash" role="status"><p>${v.done}</p></div>` : ''}
${v.invited ? html`<div class="flash" role="status"><p>${fill(v.invited.mailed ? m.invitedMailed : m.invited, { email: v.invited.email, when: formatDateTime(v.invited.expiresAt, m) })}</p><p><code class="secret" id="setup-link">${v.invited.link}</code></p></div>` : ''}
<table class="stack" id="users">
  <caption>${m.usersTitle}</caption>
  <thead><tr><th scope="col">${m.name}</th><th scope="col">${m.email}</th><th scope="col">${m.role}</th><th scope="col">${m.state}</th><th scope="col">${m.totp}</th><th scope="col">${m.actions}</th></tr></thead>
  <tbody>${rows}</tbody>
</table>
<h2>${m.invite}</h2>
<form method="post" action="/portal/users" class="card">
  ${csrfField(v.csrf)}
  <label for="inv-name">${m.name}</label>
  <input id="inv-name" name="name" required maxlength="100">
  <label for="inv-email">${m.email}</label>
  <input id="inv-email" name="email" type="email" required>
  <label for="inv-role">${m.role}</label>
  <select id="inv-role" name="role">
    <option value="viewer">${m.role_viewer}</option>
    <option value="operator">${m.role_operator}</option>
    <option value="owner">${m.role_owner}</option>
  </select>
  <label for="inv-lang">${m.inviteLang}</label>
  <select id="inv-lang" name="lang">
    <option value="cs"${m.lang === 'cs' ? html` selected` : ''}>Čeština</option>
    <option value="en"${m.lang === 'en' ? html` selected` : ''}>English</option>
  </select>
  <button type="submit">${m.inviteButton}</button>
</form>
${v.rule ?? ''}`;
}

/** An audit entry's note in the reader's language; an entry from before notes had codes shows its English text. */
export function auditNoteText(m: Messages, detail: AuditNote | string): string {
  if (typeof detail === 'string') return detail;
  const values = Object.fromEntries(
    Object.entries(detail.values ?? {}).map(([k, v]) => [
      k,
      k === 'role' || k === 'from' || k === 'to' ? word(m, 'role', v) : k === 'since' ? formatDateTime(v, m) : v,
    ]),
  );
  return fill(word(m, 'auditNote', detail.code), values);
}

export function auditBody(m: Messages, entries: AuditDoc[], next?: string): SafeHtml {
  const rows = entries.map(
    (e) => html`<tr>
    ${td(m.when, formatDateTime(e.at, m))}${td(m.who, e.userEmail ?? 'CLI')}${td(m.what, html`${word(m, 'audit', e.action)}${word(m, 'audit', e.action) !== e.action ? html` <span class="hint">${e.action}</span>` : ''}${e.detail ? html` <span class="hint">(${auditNoteText(m, e.detail)})</span>` : ''}`)}
    ${td(m.target, e.target ?? '')}${td(m.from, e.ip ?? '')}<td class="${e.outcome === 'ok' ? 'ok' : 'bad'}" data-label="${m.outcome}">${word(m, 'audit', e.outcome)}</td>
  </tr>`,
  );
  return html`<h1>${m.auditTitle}</h1>
<p class="lead">${m.auditLead}</p>
<table class="stack" id="audit">
  <caption>${m.auditTitle}</caption>
  <thead><tr><th scope="col">${m.when}</th><th scope="col">${m.who}</th><th scope="col">${m.what}</th><th scope="col">${m.target}</th><th scope="col">${m.from}</th><th scope="col">${m.outcome}</th></tr></thead>
  <tbody>${rows}</tbody>
</table>
${next ? html`<p><a href="/portal/audit?before=${next}">${m.older}</a></p>` : ''}`;
}

export function homeBody(m: Messages, user: PortalUserDoc, counts: Record<string, number>, warning: SafeHtml = html``): SafeHtml {
  const area = (href: string, title: string, text: string) => html`<li class="card"><h2><a href="${href}">${title}</a></h2><p>${text}</p></li>`;
  return html`<h1>${m.homeTitle}</h1>
<p class="lead">${m.signedInAs} <strong>${user.name}</strong> (${user.email}) · ${m.role}: ${m[`role_${user.role}`]}</p>
${warning}
<section aria-labelledby="counts-h"><h2 id="counts-h">${m.counts}</h2>
<ul class="counts">${Object.entries(counts).map(([state, n]) => html`<li><a href="/portal/applications?state=${state}">${word(m, 'state', state)}</a> <span class="badge">${n}</span></li>`)}</ul></section>
<ul class="areas">
  ${area('/portal/applications', m.appsTitle, m.appsLead)}
  ${area('/portal/money', m.moneyTitle, m.moneyLead)}
  ${area('/portal/webhooks', m.whTitle, m.whLead)}
  ${area('/portal/developers', m.devTitle, m.devLead)}
</ul>`;
}
