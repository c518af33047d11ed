import type Router from '@koa/router';
import Joi from 'joi';
import type { AppContext } from '../../platform/http/state.js';
import { InvalidRequestError } from '../../platform/errors.js';
import { UUID_PATTERN } from '../../platform/http/paging.js';
import { fill, formatMoney, word, type Messages } from './portal.i18n.js';
import type { SafeHtml } from '../../platform/http/html.js';
import type { PortalAccounts } from './portal-accounts.service.js';
import type { ApplicationPage, ListFilters, PortalApplications } from './portal-applications.service.js';
import { applicationBody, applicationsBody, listLink, REASONS, STATES, TYPES } from './portal-applications.views.js';
import { portalOf, PortalRefusal, render, requireUser } from './portal.http.js';
import { homeBody } from './portal-accounts.views.js';
import type { ActionsView } from './portal-actions.js';
import { fieldRefusal } from './portal-errors.js';
import { may } from './portal.model.js';

const PAGE_SIZE = 25;
const DONE_LABELS: Record<string, 'act_cancel' | 'act_send' | 'act_deliver' | 'act_return' | 'act_cancel-items'> = {
  cancel: 'act_cancel',
  send: 'act_send',
  deliver: 'act_deliver',
  return: 'act_return',
  'cancel-items': 'act_cancel-items',
};
const day = Joi.string()
  .pattern(/^\d{4}-\d{2}-\d{2}$/)
  .empty('');
const listQuery = Joi.object({
  state: Joi.string()
    .valid(...STATES)
    .empty(''),
  stateReason: Joi.string()
    .valid(...REASONS)
    .empty(''),
  type: Joi.string()
    .valid(...TYPES)
    .empty(''),
  from: day,
  to: day,
  q: Joi.string().trim().max(200).empty(''),
  after: Joi.string().pattern(UUID_PATTERN).empty(''),
  before: Joi.string().pattern(UUID_PATTERN).empty(''),
}).oxor('after', 'before');

/**
 * What a confirmed action did, on the page the person lands on: for a return or cancel (the
 * confirm names its operation) the credit note it caused, read from the payments of the
 * page, and the order's new total; `pay`: the preview announced a credit note that the
 * ledger had not recorded yet when the confirm stopped waiting for it.
 */
function doneNotice(m: Messages, page: ApplicationPage, done: string, query: Record<string, unknown>): string {
  const action = m[DONE_LABELS[done]!];
  const op = typeof query.op === 'string' && UUID_PATTERN.test(query.op) ? query.op : undefined;
  if (!op) return fill(m.actDone, { action });
  const total = formatMoney(page.app.order.totalPrice.amount, page.app.order.totalPrice.currency, m);
  const payment = page.payments.find((p) => p.operationId === op);
  if (payment) {
    return fill(m.pvDonePayment, {
      action,
      type: word(m, 'pay', payment.type),
      gross: formatMoney(payment.grossValue.amount, payment.grossValue.currency, m),
      net: formatMoney(payment.value.amount, payment.value.currency, m),
      total,
    });
  }
  return fill(query.pay === '1' ? m.pvDonePending : m.pvDoneNoPayment, { action, total });
}

/** A calendar day (UTC) as the start of that day; `to` is inclusive on the page, exclusive in the query. */
function dayStart(text: string | undefined, plusDays = 0): Date | undefined {
  if (!text) return undefined;
  const d = new Date(`${text}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) throw new InvalidRequestError(`${text} is not a date`, { attribute: 'date' });
  return new Date(d.getTime() + plusDays * 86_400_000);
}

export function mountApplicationRoutes(
  router: Router,
  deps: {
    accounts: PortalAccounts;
    applications: PortalApplications;
    actions: ActionsView;
    /** the Overview's warning while a webhook endpoint fails (empty when none does) */
    webhookWarning: (partnerId: string, m: Messages) => Promise<SafeHtml>;
  },
): void {
  router.get('/portal/', async (koa) => {
    const ctx = koa as unknown as AppContext;
    const user = await requireUser(ctx, 'read', deps.accounts);
    const { m } = portalOf(ctx);
    const [counts, warning] = await Promise.all([deps.applications.counts(user.partnerId), deps.webhookWarning(user.partnerId, m)]);
    render(ctx, { title: m.homeTitle, current: 'home' }, homeBody(m, user, counts, warning));
  });

  router.get('/portal/applications', async (koa) => {
    const ctx = koa as unknown as AppContext;
    const user = await requireUser(ctx, 'read', deps.accounts);
    const { m } = portalOf(ctx);
    const { error, value: q } = listQuery.validate(ctx.query, { allowUnknown: false, abortEarly: true });
    if (error) throw fieldRefusal(error);
    const createdFrom = dayStart(q.from);
    const createdTo = dayStart(q.to, 1);
    const filters: ListFilters = {
      ...(q.state ? { state: q.state } : {}),
      ...(q.stateReason ? { stateReason: q.stateReason } : {}),
      ...(q.type ? { type: q.type } : {}),
      ...(createdFrom ? { createdFrom } : {}),
      ...(createdTo ? { createdTo } : {}),
      ...(q.q ? { search: q.q } : {}),
    };
    const { items, more, counts } = await deps.applications.list(user.partnerId, filters, {
      limit: PAGE_SIZE,
      ...(q.after ? { after: q.after } : {}),
      ...(q.before ? { before: q.before } : {}),
    });
    // newest first: "next" goes to older applications, "previous" to newer ones
    const forward = !q.before;
    const hasOlder = forward ? more : true;
    const hasNewer = forward ? Boolean(q.after) : more;
    const last = items[items.length - 1];
    const first = items[0];
    render(
      ctx,
      { title: m.appsTitle, current: 'applications' },
      applicationsBody(m, {
        filters,
        items,
        counts,
        ...(hasOlder && last ? { next: listLink(filters, { after: last._id }) } : {}),
        ...(hasNewer && first ? { prev: listLink(filters, { before: first._id }) } : {}),
      }),
    );
  });

  router.get('/portal/applications/:id', async (koa) => {
    const ctx = koa as unknown as AppContext;
    const user = await requireUser(ctx, 'read', deps.accounts);
    if (!UUID_PATTERN.test(ctx.params.id ?? '')) throw new PortalRefusal('notFound', 404);
    const { m } = portalOf(ctx);
    const page = await deps.applications.page(user.partnerId, ctx.params.id!);
    const done = typeof ctx.query.done === 'string' ? ctx.query.done : '';
    const flash = done === 'replayed' ? m.actReplayed : done in DONE_LABELS ? doneNotice(m, page, done, ctx.query) : undefined;
    render(
      ctx,
      { title: fill(m.appTitle, { number: page.app.order.number }), current: 'applications', ...(flash ? { flash: { text: flash } } : {}) },
      applicationBody(m, page, deps.actions(ctx, page), { contact: may(user.role, 'readCustomerContact') }),
    );
  });
}
