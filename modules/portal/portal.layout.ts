import { html, type SafeHtml } from '../../platform/http/html.js';
import type { Messages } from './portal.i18n.js';
import { may, type PortalUserDoc } from './portal.model.js';

export interface PageFrame {
  m: Messages;
  title: string;
  /** the path of this page: the language switch comes back to it */
  path: string;
  user?: PortalUserDoc;
  /** the shop's display name (the partner's, set by our operators), else its username */
  shopName?: string;
  /** the session's anti-forgery value (for the sign-out form) */
  csrf?: string;
  current?: 'home' | 'applications' | 'webhooks' | 'developers' | 'money' | 'settlements' | 'users' | 'audit';
  narrow?: boolean;
  flash?: { text: string; error?: boolean };
}

/** A form's hidden anti-forgery field. */
export function csrfField(csrf: string): SafeHtml {
  return html`<input type="hidden" name="csrf" value="${csrf}">`;
}

function navigation(f: PageFrame): SafeHtml {
  const { m, user } = f;
  if (!user) return html``;
  const link = (key: NonNullable<PageFrame['current']>, href: string, label: string) =>
    html`<li><a href="${href}"${f.current === key ? html` aria-current="page"` : ''}>${label}</a></li>`;
  return html`<nav aria-label="${m.nav}"><ul>
    ${link('home', '/portal/', m.navHome)}
    ${link('applications', '/portal/applications', m.navApplications)}
    ${link('money', '/portal/money', m.navMoney)}
    ${link('settlements', '/portal/settlements', m.navSettlements)}
    ${link('webhooks', '/portal/webhooks', m.navWebhooks)}
    ${link('developers', '/portal/developers', m.navDevelopers)}
    ${may(user.role, 'readAudit') ? link('users', '/portal/users', m.navUsers) : ''}
    ${may(user.role, 'readAudit') ? link('audit', '/portal/audit', m.navAudit) : ''}
  </ul></nav>
  <span class="who">${m.signedInAs} ${user.email} (${m[`role_${user.role}`]})</span>
  <form class="inline" method="post" action="/portal/sign-out">${csrfField(f.csrf ?? '')}<button class="small secondary" type="submit">${m.signOut}</button></form>`;
}

/** Every page's frame: language, skip link, header with navigation, one main landmark. */
export function page(f: PageFrame, body: SafeHtml): SafeHtml {
  const { m } = f;
  return html`<!DOCTYPE html>
<html lang="${m.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${f.title} · ${m.brand}</title>
<link rel="stylesheet" href="/portal/assets/portal.css">
</head>
<body>
<a class="skip" href="#main">${m.skip}</a>
<header class="top"><div class="in">
  <span class="brand">${m.brand}${f.user ? html` · <span id="shop-name">${f.shopName ?? f.user.partnerName}</span>` : ''}</span>
  ${navigation(f)}
  <a href="/portal/lang/${m.otherLangCode}?back=${encodeURIComponent(f.path)}" lang="${m.otherLangCode}" hreflang="${m.otherLangCode}">${m.otherLang}</a>
</div></header>
<main id="main"${f.narrow ? html` class="narrow"` : ''}>
${f.flash ? html`<p class="flash${f.flash.error ? ' error' : ''}" role="${f.flash.error ? 'alert' : 'status'}">${f.flash.text}</p>` : ''}
${body}
</main>
</body>
</html>`;
}
