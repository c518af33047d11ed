import { randomUUID } from 'node:crypto';
import type Router from '@koa/router';
import Joi from 'joi';
import { html, type SafeHtml } from '../../platform/http/html.js';
import type { AppContext } from '../../platform/http/state.js';
import { AppError, InvalidRequestError } from '../../platform/errors.js';
import { UUID_PATTERN } from '../../platform/http/paging.js';
import { fingerprintOf, type IdempotencyStore } from '../../platform/idempotency.js';
import type { Clock } from '../../platform/clock.js';
import {
  TEST_NOTIFICATION_KIND,
  TEST_NOTIFICATION_LIMIT,
  TestNotificationLimitError,
  UnknownEndpointError,
  lastSent,
  type DeliveryView,
  type EndpointHealth,
  type TestNotificationsDoc,
  type WebhooksModule,
} from '../webhooks/index.js';
import { fill, formatDateTime, type Messages } from './portal.i18n.js';
import { may, type PortalUserDoc } from './portal.model.js';
import type { PortalAccounts } from './portal-accounts.service.js';
import { actorOf, portalOf, PortalRefusal, render, requireUser } from './portal.http.js';
import { csrfField } from './portal.layout.js';
import { oncePerForm } from './form-key.js';
import { fromPragueLocal, toPragueLocal } from './prague-time.js';

const DAY_MS = 86_400_000;
const PAGE = 25;
const STATES = ['DELIVERED', 'RETRY_SCHEDULED', 'DEAD_LETTERED'] as const;
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

function healthTable(m: Messages, endpoints: EndpointHealth[], csrf: string, canTest: boolean): SafeHtml {
  if (!endpoints.length) return html`<p>${m.noEndpoints}</p>`;
  const pct = (x?: number) => (x === undefined ? '–' : new Intl.NumberFormat(m.locale, { style: 'percent', maximumFractionDigits: 1 }).format(x));
  return html`<table id="endpoints"><caption class="visually-hidden">${m.endpoints}</caption>
  <thead><tr><th scope="col">${m.endpoint}</th><th scope="col" class="num">${m.deliveries}</th><th scope="col" class="num">${m.successRate}</th><th scope="col" class="num">${m.latency}</th><th scope="col">${m.lastFailure}</th>${canTest ? html`<th scope="col">${m.actions}</th>` : ''}</tr></thead>
  <tbody>${endpoints.map(
    (e) => html`<tr><th scope="row">${e.url}</th><td class="num">${e.deliveries}</td><td class="num">${pct(e.successRate)}</td>
    <td class="num">${e.latencyP50Ms ?? '–'} / ${e.latencyP95Ms ?? '–'} ms</td>
    <td>${e.lastFailure ? html`${formatDateTime(e.lastFailure.at, m)}: ${e.lastFailure.outcome}${e.lastFailure.statusCode ? ` ${e.lastFailure.statusCode}` : ''}${e.lastFailure.error ? html` <span class="hint">${e.lastFailure.error.slice(0, 120)}</span>` : ''}` : '–'}</td>
    ${canTest ? html`<td>${testForm(m, e.url, csrf)}</td>` : ''}</tr>`,
  )}</tbody></table>`;
}

/** What a delivery is about, and the application it belongs to (a settlement or a test belongs to none). */
function aboutOf(d: DeliveryView): { label: string; applicationId?: string } {
  const body = d.body as { id?: string; applicationId?: string; stateReason?: string; type?: string };
  if (d.kind === 'APPLICATION') return { label: body.stateReason ?? '', ...(body.id ? { applicationId: body.id } : {}) };
  if (d.kind === 'PAYMENT') return { label: body.type ?? '', ...(body.applicationId ? { applicationId: body.applicationId } : {}) };
  return { label: '' };
}

function deliveriesTable(m: Messages, items: DeliveryView[], csrf: string, canRedeliver: boolean): SafeHtml {
  if (!items.length) return html`<p>${m.noDeliveries}</p>`;
  return html`<table id="deliveries"><caption class="visually-hidden">${m.deliveries}</caption>
  <thead><tr><th scope="col">${m.created}</th><th scope="col">${m.type}</th><th scope="col">${m.endpoint}</th><th scope="col">${m.state}</th><th scope="col" class="num">${m.attempts}</th><th scope="col">${m.lastOutcome}</th><th scope="col">${m.nextRetry}</th>${canRedeliver ? html`<th scope="col">${m.actions}</th>` : ''}</tr></thead>
  <tbody>${items.map((d) => {
    const last = d.attempts[d.attempts.length - 1];
    const about = aboutOf(d);
    return html`<tr><td>${formatDateTime(d.createdAt, m)}</td><td>${d.kind} ${about.label}${about.applicationId ? html`<br><a class="hint" href="/portal/applications/${about.applicationId}">${about.applicationId}</a>` : d.kind === TEST_NOTIFICATION_KIND ? html`<br><span class="hint">${m.testKind}</span>` : ''}</td>
      <td>${d.notificationEndpoint}</td><td>${d.state}</td><td class="num">${d.attemptCount}</td>
      <td>${last ? `${last.outcome}${last.statusCode ? ` ${last.statusCode}` : ''}` : ''}</td><td>${d.nextAttemptAt ? formatDateTime(d.nextAttemptAt, m) : ''}</td>
      ${canRedeliver ? html`<td><form class="inline" method="post" action="/portal/webhooks/deliveries/${d.deliveryId}/redeliver">${csrfField(csrf)}<button class="small secondary" type="submit" aria-label="${m.redeliver} ${d.deliveryId}">${m.redeliver}</button></form></td>` : ''}</tr>`;
  })}</tbody></table>`;
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
    if (error) throw new InvalidRequestError(error.message);
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
<select id="state" name="state"><option value="">${m.any}</option>${STATES.map((s) => html`<option value="${s}"${s === q.state ? html` selected` : ''}>${s}</option>`)}</select><button type="submit">${m.apply}</button></form>
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
        await deps.accounts.audit(actorOf(ctx), 'webhook.test', { target: url.slice(0, 500), outcome: 'refused', detail: 'repeated submit of a refused form' });
        return await show(ctx, user, { text: m.testUnknownEndpoint, status: outcome.status });
      }
      const sent = outcome.kind === 'done' ? lastSent(outcome.doc) : undefined;
      await deps.accounts.audit(actorOf(ctx), 'webhook.test', { target: url, detail: sent ? `webhook-id ${sent.id}` : 'repeated submit: no second effect' });
      ctx.status = 303;
      ctx.redirect(`/portal/webhooks?done=${sent ? 'test-sent' : 'test-replayed'}`);
    } catch (err) {
      if (!(err instanceof AppError) || err.status >= 500 || err.status === 404) throw err;
      await deps.accounts.audit(actorOf(ctx), 'webhook.test', { target: url.slice(0, 500), outcome: 'refused', detail: err.code });
      const text =
        err instanceof TestNotificationLimitError
          ? fill(m.testLimited, { n: TEST_NOTIFICATION_LIMIT, s: err.retryAfterSeconds })
          : err instanceof UnknownEndpointError
            ? m.testUnknownEndpoint
            : err.message;
      for (const [name, value] of Object.entries(err.headers)) ctx.set(name, value);
      ctx.query = {};
      await show(ctx, user, { text, status: err.status });
    }
  });

  router.post('/portal/webhooks/deliveries/:id/redeliver', async (koa) => {
    const ctx = koa as unknown as AppContext;
    const user = await requireUser(ctx, 'redeliver', deps.accounts, 'webhook.redeliver');
    if (!UUID_PATTERN.test(ctx.params.id ?? '')) throw new PortalRefusal('notFound', 404);
    const accepted = await service.redeliver(user.partnerId, ctx.params.id!);
    await deps.accounts.audit(actorOf(ctx), 'webhook.redeliver', { target: accepted.deliveryId, detail: `round ${accepted.redelivery}` });
    ctx.status = 303;
    ctx.redirect('/portal/webhooks?done=redelivered');
  });

  router.post('/portal/webhooks/recover', async (koa) => {
    const ctx = koa as unknown as AppContext;
    const user = await requireUser(ctx, 'redeliver', deps.accounts, 'webhook.recover');
    const since = fromPragueLocal(String((ctx.request.body as Record<string, unknown>).since ?? ''));
    if (!since) throw new InvalidRequestError(portalOf(ctx).m.badSince);
    const { redeliveryCount } = await service.recover(user.partnerId, since);
    await deps.accounts.audit(actorOf(ctx), 'webhook.recover', { target: `since ${since.toISOString()}`, detail: `${redeliveryCount} redelivered` });
    ctx.status = 303;
    ctx.redirect(`/portal/webhooks?done=recovered-${redeliveryCount}`);
  });
}
