import type Router from '@koa/router';
import type { AppContext } from '../../platform/http/state.js';
import { UUID_PATTERN } from '../../platform/http/paging.js';
import { InvalidRequestError } from '../../platform/errors.js';
import type { PaymentsModule } from '../payments/index.js';
import { fill } from './portal.i18n.js';
import type { PortalAccounts } from './portal-accounts.service.js';
import { portalOf, PortalRefusal, render, requireUser } from './portal.http.js';
import { settlementBody, settlementsBody } from './portal-settlements.views.js';

const PAGE = 25;
const LINES_PAGE = 50;
const NUMBER = /^[1-9]\d{0,9}$/;

type Deps = { accounts: PortalAccounts; payments: Pick<PaymentsModule, 'partnerSettlements'> };

/**
 * Settlements: the list (newest first) with the open balance, each settlement with its
 * figures and a page of its lines, and its report as the API serves it (or for Czech Excel).
 */
export function mountSettlementRoutes(router: Router, deps: Deps): void {
  const q = deps.payments.partnerSettlements;
  const own = async (ctx: AppContext, partnerId: string) => {
    const id = ctx.params.id ?? '';
    const s = UUID_PATTERN.test(id) ? await q.get(partnerId, id) : null;
    if (!s) throw new PortalRefusal('notFound', 404);
    return s;
  };

  router.get('/portal/settlements', async (koa) => {
    const ctx = koa as unknown as AppContext;
    const user = await requireUser(ctx, 'read', deps.accounts);
    const { m } = portalOf(ctx);
    const before = typeof ctx.query.before === 'string' && ctx.query.before ? ctx.query.before : undefined;
    if (before !== undefined && !NUMBER.test(before)) throw new InvalidRequestError('before: a settlement number', { attribute: 'before' });
    const [list, open] = await Promise.all([q.list(user.partnerId, PAGE, before ? Number(before) : undefined), q.open(user.partnerId)]);
    const last = list.items[list.items.length - 1];
    const older = list.more && last ? `/portal/settlements?before=${last.number}` : undefined;
    render(ctx, { title: m.stTitle, current: 'settlements' }, settlementsBody(m, { items: list.items, ...(older ? { older } : {}) }, open));
  });

  router.get('/portal/settlements/:id', async (koa) => {
    const ctx = koa as unknown as AppContext;
    const user = await requireUser(ctx, 'read', deps.accounts);
    const { m } = portalOf(ctx);
    const s = await own(ctx, user.partnerId);
    const after = typeof ctx.query.after === 'string' && ctx.query.after ? ctx.query.after : undefined;
    if (after !== undefined && !s.lineIds.includes(after))
      throw new InvalidRequestError('after: no line of this settlement has this paymentId', { attribute: 'after' });
    const lines = await q.lineRows(s, LINES_PAGE, after);
    const lastLine = lines.items[lines.items.length - 1];
    const next = lines.more && lastLine ? `/portal/settlements/${s._id}?after=${lastLine.paymentId}` : undefined;
    render(
      ctx,
      { title: fill(m.stOne, { reference: s.reference }), current: 'settlements' },
      settlementBody(m, s, { items: lines.items, ...(next ? { next } : {}) }),
    );
  });

  router.get('/portal/settlements/:id/report.csv', async (koa) => {
    const ctx = koa as unknown as AppContext;
    const user = await requireUser(ctx, 'read', deps.accounts);
    const s = await own(ctx, user.partnerId);
    const excel = ctx.query.format === 'excel';
    ctx.type = 'text/csv; charset=utf-8';
    ctx.set('Content-Disposition', `attachment; filename="settlement-${s.reference}${excel ? '-excel' : ''}.csv"`);
    ctx.body = await q.report(s, excel ? 'excel' : 'standard');
  });
}
