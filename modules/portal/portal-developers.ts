import { randomUUID } from 'node:crypto';
import type Router from '@koa/router';
import { fingerprintOf, type IdempotencyStore } from '../../platform/idempotency.js';
import Joi from 'joi';
import { html, type SafeHtml } from '../../platform/http/html.js';
import { td } from './portal-settlements.views.js';
import type { AppContext } from '../../platform/http/state.js';
import { AppError, InvalidRequestError } from '../../platform/errors.js';
import type { Clock } from '../../platform/clock.js';
import { CURRENT_API_VERSION } from '../../versions/index.js';
import type { AuthModule, SigningKeyStatus, WebhookSecretStatus } from '../auth/index.js';
import { fill, formatDateTime, type Messages } from './portal.i18n.js';
import { may, type PortalUserDoc } from './portal.model.js';
import type { PortalAccounts } from './portal-accounts.service.js';
import { actorOf, portalOf, render, requireUser } from './portal.http.js';
import { csrfField } from './portal.layout.js';
import { REQUEST_LOG_RETENTION_MS, type RequestLog, type RequestLogDoc, type StatusClass } from './request-log.js';
import { fieldRefusal } from './portal-errors.js';

const PAGE = 50;
const GRACES = { '0h': 0, '1h': 3_600_000, '24h': 86_400_000, '72h': 3 * 86_400_000 } as const;
const query = Joi.object({
  status: Joi.string().valid('2xx', '3xx', '4xx', '5xx').empty(''),
  before: Joi.string()
    .pattern(/^\d{13}_[0-9a-f-]{36}$/)
    .empty(''),
});

function logTable(m: Messages, rows: RequestLogDoc[]): SafeHtml {
  if (!rows.length) return html`<p>${m.noRequests}</p>`;
  return html`<table id="request-log" class="stack"><caption class="visually-hidden">${m.requestLog}</caption>
  <thead><tr><th scope="col">${m.when}</th><th scope="col">${m.method}</th><th scope="col">${m.path}</th><th scope="col" class="num">${m.status}</th><th scope="col">${m.requestId}</th><th scope="col">${m.idemKey}</th><th scope="col" class="num">${m.duration}</th></tr></thead>
  <tbody>${rows.map((r) => html`<tr>${td(m.when, formatDateTime(r.at, m))}${td(m.method, r.method)}${td(m.path, html`<code>${r.path}</code>`)}<td class="num ${r.status >= 400 ? 'bad' : ''}" data-label="${m.status}">${r.status}</td>${td(m.requestId, html`<code>${r.requestId}</code>`)}${td(m.idemKey, r.idempotencyKey ? html`<code>${r.idempotencyKey}</code>` : '')}${td(m.duration, `${r.durationMs} ms`, true)}</tr>`)}</tbody></table>`;
}

/**
 * When each signing key began, and until when a rotated-out webhook secret still signs;
 * kids and times only, never a secret.
 */
function signingKeys(m: Messages, secrets: WebhookSecretStatus | undefined, token: SigningKeyStatus): SafeHtml {
  return html`<section class="card" aria-labelledby="keys-h"><h2 id="keys-h">${m.signingKeys}</h2>
<dl class="facts">
${
  secrets
    ? html`<div><dt>${m.secretSince}</dt><dd id="secret-since">${formatDateTime(secrets.currentSince, m)}</dd></div>
<div><dt>${m.previousSecretUntil}</dt><dd id="previous-secret-until">${secrets.previousValidUntil ? formatDateTime(secrets.previousValidUntil, m) : m.noOverlap}</dd></div>`
    : ''
}
<div><dt>${m.tokenKid}</dt><dd><code id="token-kid">${token.kid}</code></dd></div>
<div><dt>${m.tokenKeySince}</dt><dd id="token-key-since">${formatDateTime(token.since, m)}</dd></div>
</dl><p class="hint">${m.signingKeysHint}</p></section>`;
}

export interface DevelopersDeps {
  accounts: PortalAccounts;
  keys: IdempotencyStore;
  auth: Pick<AuthModule, 'service' | 'admin' | 'tokens'>;
  requestLog: RequestLog;
  clock: Clock;
}

export function mountDeveloperRoutes(router: Router, deps: DevelopersDeps): void {
  const show = async (ctx: AppContext, user: PortalUserDoc, rotated?: { secret: string; until: string }, replayed = false) => {
    const { m, csrf } = portalOf(ctx);
    const { error, value: q } = query.validate(ctx.query);
    if (error) throw fieldRefusal(error);
    const [partner, secrets, tokenKey] = await Promise.all([
      deps.auth.service.partner(user.partnerId),
      deps.auth.service.webhookSecretStatus(user.partnerId),
      deps.auth.tokens.signingKeyStatus(),
    ]);
    const liveSecrets = secrets?.live;
    const before = q.before ? { at: new Date(Number(q.before.slice(0, 13))), id: q.before.slice(14) } : undefined;
    const since = new Date(deps.clock.now().getTime() - REQUEST_LOG_RETENTION_MS);
    const rows = await deps.requestLog.list(
      user.partnerId,
      { limit: PAGE, ...(q.status ? { status: q.status as StatusClass } : {}), ...(before ? { before } : {}) },
      since,
    );
    const last = rows.length === PAGE ? rows[rows.length - 1] : undefined;
    const older = last
      ? `/portal/developers?${new URLSearchParams({ ...(q.status ? { status: q.status } : {}), before: `${last.at.getTime()}_${last._id}` })}`
      : undefined;
    render(
      ctx,
      { title: m.devTitle, current: 'developers' },
      html`<h1>${m.devTitle}</h1>
<p class="lead">${m.devLead}</p>
<section class="card" aria-labelledby="ver-h"><h2 id="ver-h">${m.apiVersion}</h2><p><strong id="api-version">${partner?.apiVersion ?? CURRENT_API_VERSION}</strong>${partner?.apiVersion && partner.apiVersion !== CURRENT_API_VERSION ? html` (${m.currentVersion}: ${CURRENT_API_VERSION})` : ''}</p><p class="hint">${m.apiVersionHint}</p></section>
${signingKeys(m, secrets, tokenKey)}
<section class="card" aria-labelledby="sec-h"><h2 id="sec-h">${m.secretTitle}</h2><p>${m.secretLead}</p>
${liveSecrets !== undefined ? html`<p>${m.liveSecrets}: <strong id="live-secrets">${liveSecrets}</strong></p>` : ''}
${rotated ? html`<div class="flash" role="status"><p>${m.newSecret}</p><p><code class="secret" id="new-secret">${rotated.secret}</code></p><p>${fill(m.oldUntil, { when: formatDateTime(rotated.until, m) })}</p></div>` : ''}
${replayed ? html`<p class="flash" role="status">${m.actReplayed}</p>` : ''}
${
  may(user.role, 'manageCredentials')
    ? html`<form method="post" action="/portal/developers/rotate-webhook-secret">${csrfField(csrf)}<input type="hidden" name="key" value="${randomUUID()}"><label for="grace">${m.overlap}</label>
<select id="grace" name="grace">${Object.keys(GRACES).map((g) => html`<option value="${g}"${g === '24h' ? html` selected` : ''}>${g}</option>`)}</select><button type="submit">${m.rotate}</button></form>`
    : ''
}</section>
<section aria-labelledby="log-h"><h2 id="log-h">${m.requestLog}</h2>
<form method="get" action="/portal/developers" class="card" role="search" aria-label="${m.filters}"><label for="status">${m.statusFilter}</label>
<select id="status" name="status"><option value="">${m.any}</option>${(['2xx', '3xx', '4xx', '5xx'] as const).map((s) => html`<option value="${s}"${s === q.status ? html` selected` : ''}>${s}</option>`)}</select><button type="submit">${m.apply}</button></form>
${logTable(m, rows)}
${older ? html`<p><a href="${older}">${m.older}</a></p>` : ''}</section>`,
    );
  };

  router.get('/portal/developers', async (koa) => {
    const ctx = koa as unknown as AppContext;
    await show(ctx, await requireUser(ctx, 'read', deps.accounts));
  });

  router.post('/portal/developers/rotate-webhook-secret', async (koa) => {
    const ctx = koa as unknown as AppContext;
    const user = await requireUser(ctx, 'manageCredentials', deps.accounts, 'credentials.webhook-secret.rotate');
    const grace = String((ctx.request.body as Record<string, unknown>).grace ?? '');
    if (!(grace in GRACES)) throw new InvalidRequestError('overlap: one of 0h, 1h, 24h, 72h', { attribute: 'overlap' });
    // a reload of this POST or a double click rotates once (the form's key, claimed like an Idempotency-Key)
    const formKey = String((ctx.request.body as Record<string, unknown>).key ?? '');
    if (!/^[0-9a-f-]{36}$/.test(formKey)) throw new InvalidRequestError('The form has no valid key: reload the page.', { attribute: 'key' });
    const claim = await deps.keys.claim(user.partnerId, `portal-rotate:${formKey}`, fingerprintOf('POST', ctx.path, { grace }));
    if (claim.kind !== 'run') {
      ctx.query = {};
      return show(ctx, user, undefined, true);
    }
    // the existing rotation (`ops partners rotate-webhook-secret`), with its overlap; by the partner's username
    const rotated = await deps.auth.admin.rotateWebhookSecret(user.partnerName, GRACES[grace as keyof typeof GRACES]);
    if (rotated.id !== user.partnerId) throw new AppError('PARTNER_MISMATCH', 'The partner could not be identified.', { status: 409 });
    // the secret is not kept with the key: a replay shows that it happened, never the secret again
    await deps.keys.finish(claim.keyHash, claim.owner, { status: 200, body: '{"rotated":true}' });
    await deps.accounts.audit(actorOf(ctx), 'credentials.webhook-secret.rotate', { detail: { code: 'secret-overlap', values: { overlap: grace } } });
    ctx.query = {};
    await show(ctx, user, { secret: rotated.webhookSecret, until: rotated.previousSecretsValidUntil });
  });
}
