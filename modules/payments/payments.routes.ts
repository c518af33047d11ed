import { partnerOf, type AppRouter } from '../../platform/http/state.js';
import { defineRoute } from '../../platform/openapi/registry.js';
import { applicationIdParams, type ApplicationsModule } from '../applications/index.js';
import type { LedgerService } from './ledger.service.js';
import { page } from './payments.paging.js';
import { paymentsPageSchema, paymentsQuerySchema } from './payments.schemas.js';

export function mountPaymentRoutes(router: AppRouter, deps: {
  applications: Pick<ApplicationsModule, 'getApplication'>;
  ledger: LedgerService;
}): void {
  defineRoute(router, {
    method: 'get', path: '/financing/v1/applications/:applicationId/payments', operationId: 'listPayments', tags: ['Payments'], auth: 'bearer',
    summary: 'List the payments of an application',
    description: 'Payouts (type PAYOUT) and credit notes (type CREDIT_NOTE, negative value: the partner owes it back), sorted by paymentId. `value` is what moves (grossValue − fee).',
    request: { params: applicationIdParams, query: paymentsQuerySchema },
    responses: { 200: { description: '`{data: Payment[], pagingInfo}`; data is empty when nothing has been paid', schema: paymentsPageSchema } },
    errors: [
      { status: 400, code: 'INVALID_REQUEST', when: 'limit outside 1..100, both after and before, a malformed cursor, or a cursor that is no paymentId of this application (unknown cursor); `attribute` names it' },
      { status: 404, code: 'OBJECT_NOT_FOUND', when: 'no application with this id for this partner' },
    ],
  }, async (ctx, { params: p, query: q }) => {
    await deps.applications.getApplication(partnerOf(ctx).id, p.applicationId);
    const ledger = await deps.ledger.find(p.applicationId);
    const records = (ledger?.records ?? []).map((r) => r.body);
    ctx.body = page(records, q, `/financing/v1/applications/${p.applicationId}/payments`);
  });
}
