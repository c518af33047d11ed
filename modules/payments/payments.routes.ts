import Joi from 'joi';
import type { Middleware } from 'koa';
import type { AppRouter } from '../../platform/http/create-app.js';
import { partnerOf, type AppState } from '../../platform/http/state.js';
import { defineRoute } from '../../platform/openapi/registry.js';
import type { ApplicationsModule } from '../applications/index.js';
import type { LedgerService } from './ledger.service.js';
import { page, type PageRequest } from './payments.paging.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const params = Joi.object({ applicationId: Joi.string().pattern(UUID, 'application id').required() });
const query = Joi.object({
  limit: Joi.number().integer().min(1).max(100).default(20).description('items per page (DESIGN 19: default 20, at most 100)'),
  after: Joi.string().pattern(UUID, 'paymentId').description('paymentId of the last item of the previous page (forward)'),
  before: Joi.string().pattern(UUID, 'paymentId').description('paymentId of the first item of the following page (backward)'),
}).nand('after', 'before').label('PaymentsQuery');

export function mountPaymentRoutes(router: AppRouter, requireAuth: Middleware<AppState>, deps: {
  applications: Pick<ApplicationsModule, 'getApplication'>;
  ledger: LedgerService;
}): void {
  defineRoute<unknown, { applicationId: string }, PageRequest>(router, {
    method: 'get', path: '/financing/v1/applications/:applicationId/payments', operationId: 'listPayments', tags: ['Payments'], auth: 'bearer',
    summary: 'List the payments of an application',
    description: 'Payouts (type PAYOUT) and credit notes (type CREDIT_NOTE, negative value: the partner owes it back), sorted by paymentId. `value` is what moves (grossValue − fee).',
    request: { params, query },
    responses: { 200: { description: '`{data: Payment[], pagingInfo}`; data is empty when nothing has been paid' } },
    errors: [
      { status: 400, code: 'INVALID_REQUEST', when: 'limit outside 1..100, a malformed cursor, or both after and before' },
      { status: 404, code: 'OBJECT_NOT_FOUND', when: 'no application with this id for this partner' },
    ],
  }, [requireAuth], async (ctx, { params: p, query: q }) => {
    await deps.applications.getApplication(partnerOf(ctx).id, p.applicationId);
    const ledger = await deps.ledger.find(p.applicationId);
    const records = (ledger?.records ?? []).map((r) => r.body);
    ctx.body = page(records, q, `/financing/v1/applications/${p.applicationId}/payments`);
  });
}
