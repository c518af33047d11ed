import { partnerOf, type AppRouter } from '../../platform/http/state.js';
import { defineRoute } from '../../platform/openapi/registry.js';
import { applicationIdParams, type ApplicationsModule } from '../applications/index.js';
import type { LedgerService } from './ledger.service.js';
import { page } from './payments.paging.js';
import {
  accountPaymentsPageSchema,
  accountPaymentsQuerySchema,
  paymentsPageSchema,
  paymentsQuerySchema,
  type AccountPaymentsQuery,
} from './payments.schemas.js';
import { InvalidRequestError } from '../../platform/errors.js';
import { pagingInfo, resolveCursor } from '../../platform/http/paging.js';
import type { PaymentLinesRepository } from './payment-lines.repository.js';
import type { PaymentLineDoc } from './payment-lines.model.js';

export function mountPaymentRoutes(
  router: AppRouter,
  deps: {
    applications: Pick<ApplicationsModule, 'getApplication'>;
    ledger: LedgerService;
    lines: PaymentLinesRepository;
  },
): void {
  defineRoute(
    router,
    {
      method: 'get',
      path: '/financing/v1/applications/:applicationId/payments',
      operationId: 'listPayments',
      tags: ['Payments'],
      auth: 'bearer',
      summary: 'List the payments of an application',
      description:
        'Payouts (type PAYOUT) and credit notes (type CREDIT_NOTE, negative value: the partner owes it back), sorted by paymentId. `value` is what moves (grossValue − fee).',
      request: { params: applicationIdParams, query: paymentsQuerySchema },
      responses: { 200: { description: '`{data: Payment[], pagingInfo}`; data is empty when nothing has been paid', schema: paymentsPageSchema } },
      errors: [
        {
          status: 400,
          code: 'INVALID_REQUEST',
          when: 'limit outside 1..100, both after and before, a malformed cursor, or a cursor that is no paymentId of this application (unknown cursor); `attribute` names it',
        },
        { status: 404, code: 'OBJECT_NOT_FOUND', when: 'no application with this id for this partner' },
      ],
    },
    async (ctx, { params: p, query: q }) => {
      await deps.applications.getApplication(partnerOf(ctx).id, p.applicationId);
      const ledger = await deps.ledger.find(p.applicationId);
      const records = (ledger?.records ?? []).map((r) => r.body);
      ctx.body = page(records, q, `/financing/v1/applications/${p.applicationId}/payments`);
    },
  );

  defineRoute(
    router,
    {
      method: 'get',
      path: '/financing/v1/payments',
      operationId: 'listAccountPayments',
      tags: ['Payments'],
      auth: 'bearer',
      summary: 'List every payment of the partner, across applications',
      description:
        "Every payout and credit note of every application of the partner, sorted by paymentId (so by time), with the settlement that took each one. `from` / `to` filter by the payment's local date (inclusive), `type` by kind.",
      request: { query: accountPaymentsQuerySchema },
      responses: { 200: { description: '`{data: AccountPayment[], pagingInfo}`', schema: accountPaymentsPageSchema } },
      errors: [
        {
          status: 400,
          code: 'INVALID_REQUEST',
          when: 'limit outside 1..100, both after and before, a malformed date or cursor, `from` after `to`, or a cursor that is no paymentId of this partner (unknown cursor); `attribute` names it',
        },
      ],
    },
    async (ctx, { query: q }) => {
      const partnerId = partnerOf(ctx).id;
      ctx.body = await accountPage(deps.lines, partnerId, q);
    },
  );
}

/** A page of the account-wide list; the cursor must be one of the partner's payments (any filter). */
export async function accountPage(lines: PaymentLinesRepository, partnerId: string, q: AccountPaymentsQuery) {
  if (q.from && q.to && q.from > q.to) throw new InvalidRequestError('to: must not be before from.', { attribute: 'to' });
  await resolveCursor(q, (id) => lines.find(partnerId, id), 'no payment of this partner has this paymentId');
  const filter = { ...(q.type ? { type: q.type } : {}), ...(q.from ? { from: q.from } : {}), ...(q.to ? { to: q.to } : {}) };
  const { items, more } = await lines.page(partnerId, filter, q);
  const kept = new URLSearchParams({ limit: String(q.limit), ...filter });
  const link = (cursor: 'after' | 'before', id: string) => `/financing/v1/payments?${kept.toString()}&${cursor}=${encodeURIComponent(id)}`;
  return {
    data: items.map(accountPayment),
    pagingInfo: pagingInfo(
      q,
      items.map((l) => l._id),
      more,
      link,
    ),
  };
}

export function accountPayment(line: PaymentLineDoc) {
  return { ...line.body, ...(line.settlementId ? { settlementId: line.settlementId } : {}) };
}
