import { randomUUID } from 'node:crypto';
import type Router from '@koa/router';
import Joi from 'joi';
import { html, type SafeHtml } from '../../platform/http/html.js';
import type { AppContext } from '../../platform/http/state.js';
import { AppError } from '../../platform/errors.js';
import { UUID_PATTERN } from '../../platform/http/paging.js';
import { fingerprintOf, type IdempotencyStore } from '../../platform/idempotency.js';
import type { Clock } from '../../platform/clock.js';
import {
  TEST_NOTIFICATION_LIMIT,
  TestNotificationLimitError,
  UnknownEndpointError,
  lastSent,
  type DeliveryDetail,
  type DeliveryView,
  type EndpointHealth,
  type TestNotificationsDoc,
  type WebhooksModule,
} from '../webhooks/index.js';
import { fill, formatDateTime, word, type Messages } from './portal.i18n.js';
import { may, type PortalUserDoc } from './portal.model.js';
import type { PortalAccounts } from './portal-accounts.service.js';
import { actorOf, portalOf, PortalRefusal, render, requireUser } from './portal.http.js';
import { csrfField } from './portal.layout.js';
import { oncePerForm } from './form-key.js';
import { td } from './portal-settlements.views.js';
import { fromPragueLocal, toPragueLocal } from './prague-time.js';
import { errorText, fieldRefusal, portalSaid } from './portal-errors.js';

const DAY_MS = 86_400_000;
const PAGE = 25;
/** The API's delivery states, in filters and rows alike (FAILED: failing, a retry is scheduled). */
export const DELIVERY_STATES = ['DELIVERED', 'FAILED', 'DEAD_LETTERED'] as const;
const STATES = DELIVERY_STATES;
const query = Joi.object({
  state: Joi.string()
    .valid(...STATES)
    .empty(''),
  after: Joi.string().pattern(UUID_PATTERN).empty(''),
  before: Joi.string().pattern(UUID_PATTERN).empty(''),
  done: Joi.string()
    .pattern(/^(redelivered|recovered-\d+|test-sent|test-replayed)$/)
    .empty(''),
}).oxor('after', 'before');

/** The button that sends a test notification to one endpoint (a form of its own, with its own key). */
function testForm(m: Messages, url: string, csrf: string): SafeHtml {
  return html`<form class="inline" method="post" action="/portal/webhooks/test">${csrfField(csrf)}<input type="hidden" name="key" value="${randomUUID()}"><input type="hidden" name="url" value="${url}"><button class="small secondary" type="submit" aria-label="${m.sendTest}: ${url}">${m.sendTest}</button></form>`;
}

/** An endpoint's status in words: failing since when, healthy (recovered when), or no attempt in the window. */
export function endpointStatus(m: Messages, e: Pick<EndpointHealth, 'status' | 'failingSince' | 'recoveredAt'>): SafeHtml {
  if (e.status === 'FAILING')
    return html`<strong class="bad">${m.epFailing}</strong> <span class="hint">${fill(m.epFailingSince, { at: formatDateTime(e.failingSince!, m) })}</span>`;
  if (e.status === 'HEALTHY')
    return html`<strong class="ok">${m.epHealthy}</strong>${e.recoveredAt ? html` <span class="hint">${fill(m.epRecoveredAt, { at: formatDateTime(e.recoveredAt, m) })}</span>` : ''}`;
  return html`${m.epQuiet}`;
}

function healthTable(m: Messages, endpoints: EndpointHealth[], csrf: string, canTest: boolean): SafeHtml {
  if (!endpoints.length) return html`<p>${m.noEndpoints}</p>`;
  const pct = (x?: number) => (x === undefined ? '–' : new Intl.NumberFormat(m.locale, { style: 'percent', maximumFractionDigits: 1 }).format(x));
  return html`<table id="endpoints" class="stack"><caption class="visually-hidden">${m.endpoints}</caption>
  <thead><tr><th scope="col">${m.endpoint}</th><th scope="col">${m.epStatus}</th><th scope="col" class="num">${m.deliveries}</th><th scope="col" class="num">${m.successRate}</th><th scope="col" class="num">${m.latency}</th><th scope="col">${m.lastFailure}</th>${canTest ? html`<th scope="col">${m.actions}</th>` : ''}</tr></thead>
  <tbody>${endpoints.map(
    (
      e,
    ) => html`<tr><th scope="row">${e.url}</th>${td(m.epStatus, endpointStatus(m, e))}${td(m.deliveries, e.deliveries, true)}${td(m.successRate, pct(e.successRate), true)}
    ${td(m.latency, `${e.latencyP50Ms ?? '–'} / ${e.latencyP95Ms ?? '–'} ms`, true)}
    ${td(m.lastFailure, e.lastFailure ? html`${formatDateTime(e.lastFailure.at, m)}: ${outcomeLabel(m, e.lastFailure.outcome)}${e.lastFailure.statusCode ? ` ${e.lastFailure.statusCode}` : ''}${e.lastFailure.error ? html` <span class="hint">${e.lastFailure.error.slice(0, 120)}</span>` : ''}` : '–')}
    ${canTest ? td(m.actions, testForm(m, e.url, csrf)) : ''}</tr>`,
  )}</tbody></table>`;
}

/** An attempt's outcome in words, with the relay's name beside it (what the API and a support request use). */
function outcomeLabel(m: Messages, outcome: string): SafeHtml {
  const words = (m as unknown as Record<string, string | undefined>)[`outcome_${outcome}`];
  return words ? html`${words} <span class="hint">(${outcome})</span>` : html`${outcome}`;
}

/** A delivery's state in words (the API's state name is the filter's value). */
function stateLabel(m: Messages, state: string): string {
  return (m as unknown as Record<string, string | undefined>)[`dstate_${state}`] ?? state;
}

/** What a notification is, in words. */
function kindLabel(m: Messages, kind: string): string {
  return (m as unknown as Record<string, string | undefined>)[`kind_${kind}`] ?? kind;
}

/** What a delivery is about, and the application it belongs to (a settlement or a test belongs to none). */
function aboutOf(m: Messages, d: Pick<DeliveryView, 'kind' | 'body'>): { label: string; href?: string; link?: string } {
  const body = d.body as { id?: string; applicationId?: string; stateReason?: string; type?: string; reference?: string };
  if (d.kind === 'APPLICATION')
    return {
      label: body.stateReason ? word(m, 'reason', body.stateReason) : '',
      ...(body.id ? { href: `/portal/applications/${body.id}`, link: body.id } : {}),
    };
  if (d.kind === 'PAYMENT')
    return {
      label: body.type ? word(m, 'pay', body.type) : '',
      ...(body.applicationId ? { href: `/portal/applications/${body.applicationId}`, link: body.applicationId } : {}),
    };
  if (d.kind === 'SETTLEMENT' && body.id) return { label: body.reference ?? '', href: `/portal/settlements/${body.id}`, link: body.reference ?? body.id };
  return { label: '' };
}

function redeliverForm(m: Messages, id: string, csrf: string): SafeHtml {
  return html`<form class="inline" method="post" action="/portal/webhooks/deliveries/${id}/redeliver">${csrfField(csrf)}<button class="small secondary" type="submit" aria-label="${m.redeliver} ${id}">${m.redeliver}</button></form>`;
}

function deliveriesTable(m: Messages, items: DeliveryView[], csrf: string, canRedeliver: boolean): SafeHtml {
  if (!items.length) return html`<p>${m.noDeliveries}</p>`;
  return html`<table id="deliveries" class="stack"><caption class="visually-hidden">${m.deliveries}</caption>
  <thead><tr><th scope="col">${m.created}</th><th scope="col">${m.type}</th><th scope="col">${m.endpoint}</th><th scope="col">${m.state}</th><th scope="col" class="num">${m.attempts}</th><th scope="col">${m.lastOutcome}</th><th scope="col">${m.nextRetry}</th>${canRedeliver ? html`<th scope="col">${m.actions}</th>` : ''}</tr></thead>
  <tbody>${items.map((d) => {
    const last = d.attempts[d.attempts.length - 1];
    const about = aboutOf(m, d);
    return html`<tr>${td(m.created, html`<a href="/portal/webhooks/deliveries/${d.deliveryId}" aria-label="${fill(m.deliveryOf, { at: formatDateTime(d.createdAt, m) })}">${formatDateTime(d.createdAt, m)}</a>`)}
      ${td(m.type, html`${kindLabel(m, d.kind)} ${about.label}${about.href ? html`<br><a class="hint" href="${about.href}">${about.link}</a>` : ''}`)}
      ${td(m.endpoint, d.notificationEndpoint)}${td(m.state, stateLabel(m, d.state))}${td(m.attempts, d.attemptCount, true)}
      ${td(m.lastOutcome, last ? html`${outcomeLabel(m, last.outcome)}${last.statusCode ? ` ${last.statusCode}` : ''}` : '')}${td(m.nextRetry, d.nextAttemptAt ? formatDateTime(d.nextAttemptAt, m) : '')}
      ${canRedeliver ? td(m.actions, redeliverForm(m, d.deliveryId, csrf)) : ''}</tr>`;
  })}</tbody></table>`;
}

/** One delivery: what was sent, and every attempt with the answer received. */
function deliveryBody(m: Messages, d: DeliveryDetail, csrf: string, canRedeliver: boolean): SafeHtml {
  const about = aboutOf(m, d);
  let payload: string;
  try {
    payload = JSON.stringify(d.body, null, 2);
  } catch {
    payload = String(d.body);
  }
  return html`<p><a href="/portal/webhooks">← ${m.whTitle}</a></p>
<h1>${fill(m.deliveryTitle, { kind: kindLabel(m, d.kind) })}</h1>
<dl class="facts card">
<div><dt>${m.state}</dt><dd>${stateLabel(m, d.state)}</dd></div>
<div><dt>${m.endpoint}</dt><dd>${d.notificationEndpoint}</dd></div>
<div><dt>${m.created}</dt><dd>${formatDateTime(d.createdAt, m)}</dd></div>
${about.href ? html`<div><dt>${m.about}</dt><dd><a href="${about.href}">${about.label ? `${about.label} · ` : ''}${about.link}</a></dd></div>` : ''}
${d.nextAttemptAt ? html`<div><dt>${m.nextRetry}</dt><dd>${formatDateTime(d.nextAttemptAt, m)}</dd></div>` : ''}
<div class="wide"><dt>webhook-id</dt><dd><code>${d.webhookId}</code></dd></div>
</dl>
${canRedeliver ? html`<p>${redeliverForm(m, d.deliveryId, csrf)}</p>` : ''}
<section aria-labelledby="sent-h"><h2 id="sent-h">${m.payloadSent}</h2><pre class="payload" tabindex="0" aria-labelledby="sent-h">${payload}</pre></section>
<section aria-labelledby="att-h"><h2 id="att-h">${m.attempts} (${d.attempts.length})</h2>
${d.attempts.length ? '' : html`<p>${m.deliveryPending}</p>`}
<ol class="attempt-list">${[...d.attempts].reverse().map(
    (
      a,
    ) => html`<li class="card"><h3>${fill(m.attemptTitle, { n: a.attempt })}${a.redelivery ? ` (${m.redelivery} ${a.redelivery})` : ''}: ${outcomeLabel(m, a.outcome)}</h3>
<dl class="facts"><div><dt>${m.date}</dt><dd>${formatDateTime(a.startedAt, m)}</dd></div><div><dt>${m.duration}</dt><dd>${a.durationMs} ms</dd></div>
<div><dt>${m.status}</dt><dd>${a.statusCode ?? m.noAnswer}</dd></div>${a.error ? html`<div class="wide"><dt>${m.error}</dt><dd>${a.error}</dd></div>` : ''}</dl>
${a.responseHeaders?.length ? html`<h4>${m.responseHeaders}</h4><dl class="headers">${a.responseHeaders.map(([n, v]) => html`<div><dt>${n}:</dt><dd>${v}</dd></div>`)}</dl>` : ''}
${a.responseExcerpt ? html`<h4>${m.responseBody}</h4><pre class="payload" tabindex="0">${a.responseExcerpt}</pre>` : ''}</li>`,
  )}</ol></section>`;
}

/**
 * The Overview's warning while an endpoint fails (its newest attempts of the day failed):
 * one line per failing endpoint with the time it started, and a link to the deliveries.
 */
export async function failingEndpointsWarning(
  service: Pick<WebhooksModule['service'], 'health'>,
  partnerId: string,
  now: Date,
  m: Messages,
): Promise<SafeHtml> {
  const failing = (await service.health(partnerId, new Date(now.getTime() - DAY_MS))).endpoints.filter((e) => e.status === 'FAILING');
  if (!failing.length) return html``;
  return html`<section class="warning" id="webhooks-failing" aria-labelledby="wf-h"><h2 id="wf-h" class="bad">${m.epFailing}: ${m.whTitle}</h2>${failing.map(
    (e) => html`<p>${fill(m.whFailingWarning, { url: e.url, at: formatDateTime(e.failingSince!, m) })}</p>`,
  )}<p><a href="/portal/webhooks?state=FAILED">${m.whFailingLink}</a></p></section>`;
}

export interface WebhookPagesDeps {
  accounts: PortalAccounts;
  webhooks: Pick<WebhooksModule, 'service' | 'testNotifications'>;
  /** the API's idempotency store: a test notification's form is sent once */
  keys: IdempotencyStore;
  clock: Clock;
}

export function mountWebhookRoutes(router: Router, deps: WebhookPagesDeps): void {
  const { service } = deps.webhooks;
  const show = async (ctx: AppContext, user: PortalUserDoc, refusal?: { text: string; status: number }) => {
    const { m, csrf } = portalOf(ctx);
    const { error, value: q } = query.validate(ctx.query);
    if (error) throw fieldRefusal(error);
    const now = deps.clock.now();
    const [health, list] = await Promise.all([
      service.health(user.partnerId, new Date(now.getTime() - DAY_MS)),
      service.list(user.partnerId, {
        limit: PAGE,
        ...(q.after ? { after: q.after } : {}),
        ...(q.before ? { before: q.before } : {}),
        ...(q.state ? { filter: `state|eq|${q.state}` } : {}),
      }),
    ]);
    const canRedeliver = may(user.role, 'redeliver');
    const canTest = may(user.role, 'sendTestNotification');
    const link = (cursor: 'after' | 'before', id: string) =>
      `/portal/webhooks?${new URLSearchParams({ ...(q.state ? { state: q.state } : {}), [cursor]: id })}`;
    const items = list.data;
    const older = items.length && (q.before || items.length === PAGE) ? link('after', items[items.length - 1]!.deliveryId) : undefined;
    const newer = items.length && (q.after || q.before) ? link('before', items[0]!.deliveryId) : undefined;
    const done: Record<string, string> = { redelivered: m.redelivered, 'test-sent': m.testSent, 'test-replayed': m.actReplayed };
    const flash = refusal
      ? { text: refusal.text, error: true }
      : q.done?.startsWith('recovered-')
        ? { text: fill(m.recovered, { n: q.done.slice('recovered-'.length) }) }
        : q.done
          ? { text: done[q.done]! }
          : undefined;
    render(
      ctx,
      { title: m.whTitle, current: 'webhooks', ...(flash ? { flash } : {}) },
      html`<h1>${m.whTitle}</h1>
<p class="lead">${m.whLead}</p>
<section aria-labelledby="ep-h"><h2 id="ep-h">${m.endpoints}</h2>${healthTable(m, health.endpoints, csrf, canTest)}
${health.capped ? html`<p class="hint">${fill(m.sampled, { n: health.sampled })}</p>` : ''}
${canTest && health.endpoints.length ? html`<p class="hint" id="test-hint">${fill(m.testLead, { n: TEST_NOTIFICATION_LIMIT })}</p>` : ''}</section>
${
  canRedeliver
    ? html`<section aria-labelledby="rec-h" class="card"><h2 id="rec-h">${m.recover}</h2><p>${m.recoverLead}</p>
<form method="post" action="/portal/webhooks/recover">${csrfField(csrf)}<label for="since">${m.since}</label><input id="since" name="since" type="datetime-local" required value="${toPragueLocal(new Date(now.getTime() - DAY_MS))}"><button type="submit">${m.recoverButton}</button></form></section>`
    : ''
}
<section aria-labelledby="dl-h"><h2 id="dl-h">${m.deliveries}</h2>
<form method="get" action="/portal/webhooks" class="card" role="search" aria-label="${m.filters}"><label for="state">${m.outcomeFilter}</label>
<select id="state" name="state"><option value="">${m.any}</option>${STATES.map((s) => html`<option value="${s}"${s === q.state ? html` selected` : ''}>${stateLabel(m, s)}</option>`)}</select><button type="submit">${m.apply}</button></form>
${deliveriesTable(m, items, csrf, canRedeliver)}
<nav aria-label="${m.deliveries}" class="pager">${newer ? html`<a href="${newer}" rel="prev">${m.previous}</a>` : ''} ${older ? html`<a href="${older}" rel="next">${m.next}</a>` : ''}</nav></section>`,
      refusal?.status,
    );
  };

  router.get('/portal/webhooks', async (koa) => {
    const ctx = koa as unknown as AppContext;
    await show(ctx, await requireUser(ctx, 'read', deps.accounts));
  });

  /**
   * A test notification to one of the partner's endpoints: written with its notification in
   * one change (the outbox), under the form's key (a double submit sends one), within the
   * partner's limit. A refusal shows the page again with the reason.
   */
  router.post('/portal/webhooks/test', async (koa) => {
    const ctx = koa as unknown as AppContext;
    const user = await requireUser(ctx, 'sendTestNotification', deps.accounts, 'webhook.test');
    const { m } = portalOf(ctx);
    const body = ctx.request.body as Record<string, unknown>;
    const url = typeof body.url === 'string' ? body.url : '';
    try {
      const outcome = await oncePerForm<TestNotificationsDoc>(
        deps.keys,
        { partnerId: user.partnerId, namespace: 'portal-test', formKey: String(body.key ?? ''), fingerprint: fingerprintOf('POST', ctx.path, { url }) },
        (doc) => ({ status: 202, body: { webhookId: lastSent(doc)?.id } }),
        async (reply) => (await deps.webhooks.testNotifications.send(user.partnerId, url, reply)).doc,
      );
      if (outcome.kind === 'replayed' && outcome.status >= 400) {
        // the form was refused the first time: the one refusal kept for a key is an unknown endpoint
        await deps.accounts.audit(actorOf(ctx), 'webhook.test', { target: url.slice(0, 500), outcome: 'refused', detail: { code: 'replayed-refused' } });
        return await show(ctx, user, { text: m.testUnknownEndpoint, status: outcome.status });
      }
      const sent = outcome.kind === 'done' ? lastSent(outcome.doc) : undefined;
      await deps.accounts.audit(actorOf(ctx), 'webhook.test', {
        target: url,
        detail: sent ? { code: 'webhook-id', values: { id: sent.id } } : { code: 'replayed' },
      });
      ctx.status = 303;
      ctx.redirect(`/portal/webhooks?done=${sent ? 'test-sent' : 'test-replayed'}`);
    } catch (err) {
      if (!(err instanceof AppError) || err.status >= 500 || err.status === 404) throw err;
      await deps.accounts.audit(actorOf(ctx), 'webhook.test', {
        target: url.slice(0, 500),
        outcome: 'refused',
        detail: { code: 'refused-code', values: { code: err.code } },
      });
      const text =
        err instanceof TestNotificationLimitError
          ? fill(m.testLimited, { n: TEST_NOTIFICATION_LIMIT, s: err.retryAfterSeconds })
          : err instanceof UnknownEndpointError
            ? m.testUnknownEndpoint
            : errorText(m, err);
      for (const [name, value] of Object.entries(err.headers)) ctx.set(name, value);
      ctx.query = {};
      await show(ctx, user, { text, status: err.status });
    }
  });

  router.get('/portal/webhooks/deliveries/:id', async (koa) => {
    const ctx = koa as unknown as AppContext;
    const user = await requireUser(ctx, 'read', deps.accounts);
    if (!UUID_PATTERN.test(ctx.params.id ?? '')) throw new PortalRefusal('notFound', 404);
    let detail: DeliveryDetail;
    try {
      detail = await service.detail(user.partnerId, ctx.params.id!);
    } catch (err) {
      if (err instanceof AppError && err.status === 404) throw new PortalRefusal('notFound', 404);
      throw err;
    }
    const { m, csrf } = portalOf(ctx);
    render(
      ctx,
      { title: fill(m.deliveryTitle, { kind: kindLabel(m, detail.kind) }), current: 'webhooks' },
      deliveryBody(m, detail, csrf, may(user.role, 'redeliver')),
    );
  });

  router.post('/portal/webhooks/deliveries/:id/redeliver', async (koa) => {
    const ctx = koa as unknown as AppContext;
    const user = await requireUser(ctx, 'redeliver', deps.accounts, 'webhook.redeliver');
    if (!UUID_PATTERN.test(ctx.params.id ?? '')) throw new PortalRefusal('notFound', 404);
    const accepted = await service.redeliver(user.partnerId, ctx.params.id!);
    await deps.accounts.audit(actorOf(ctx), 'webhook.redeliver', {
      target: accepted.deliveryId,
      detail: { code: 'redelivery-round', values: { n: String(accepted.redelivery) } },
    });
    ctx.status = 303;
    ctx.redirect('/portal/webhooks?done=redelivered');
  });

  router.post('/portal/webhooks/recover', async (koa) => {
    const ctx = koa as unknown as AppContext;
    const user = await requireUser(ctx, 'redeliver', deps.accounts, 'webhook.recover');
    const since = fromPragueLocal(String((ctx.request.body as Record<string, unknown>).since ?? ''));
    if (!since) throw portalSaid(portalOf(ctx).m.badSince);
    const { redeliveryCount } = await service.recover(user.partnerId, since);
    await deps.accounts.audit(actorOf(ctx), 'webhook.recover', {
      detail: { code: 'recovered', values: { n: String(redeliveryCount), since: since.toISOString() } },
    });
    ctx.status = 303;
    ctx.redirect(`/portal/webhooks?done=recovered-${redeliveryCount}`);
  });
}
