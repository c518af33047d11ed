import { partnerOf, type AppRouter } from '../../platform/http/state.js';
import { defineRoute } from '../../platform/openapi/registry.js';
import { NotFoundError, UnprocessableError } from '../../platform/errors.js';
import { pagingInfo, resolveCursor } from '../../platform/http/paging.js';
import type { SettlementService } from './settlement.service.js';
import type { PaymentLinesRepository } from './payment-lines.repository.js';
import { settlementView, type SettlementDoc } from './settlement.model.js';
import { settlementReport } from './settlement.report.js';
import { accountPayment } from './payments.routes.js';
import {
  settlementIdParams,
  settlementLinesQuerySchema,
  settlementSchema,
  settlementsPageSchema,
  settlementsQuerySchema,
  settlementWithLinesSchema,
} from './settlements.schemas.js';

export const SANDBOX_CLOSE_PATH = '/financing/v1/sandbox/settlements/close';
const BASE = '/financing/v1/settlements';
const NOT_FOUND = { status: 404, code: 'OBJECT_NOT_FOUND', when: 'no settlement with this id for this partner' };
const tags = ['Settlements'];

/** The partner's settlements: the list, one with its lines, its CSV report, and the sandbox's close. */
export function mountSettlementRoutes(router: AppRouter, deps: { settlements: SettlementService; lines: PaymentLinesRepository; sandbox: boolean }): void {
  const { settlements } = deps;
  const own = async (partnerId: string, id: string): Promise<SettlementDoc> => {
    const s = await settlements.get(partnerId, id);
    if (!s) throw new NotFoundError('No settlement with this id for this partner.');
    return s;
  };

  defineRoute(
    router,
    {
      method: 'get',
      path: BASE,
      operationId: 'listSettlements',
      tags,
      auth: 'bearer',
      summary: "List the partner's settlements",
      description:
        'One settlement per daily cut-off with anything to settle (default 18:00 Europe/Prague), oldest first. Each is one bank transfer with `reference` as its variable symbol; a negative net is carried into the next one.',
      request: { query: settlementsQuerySchema },
      responses: { 200: { description: '`{data: Settlement[], pagingInfo}`', schema: settlementsPageSchema } },
      errors: [
        {
          status: 400,
          code: 'INVALID_REQUEST',
          when: 'limit outside 1..100, both after and before, or a cursor that is no settlement of this partner; `attribute` names it',
        },
      ],
    },
    async (ctx, { query: q }) => {
      const partnerId = partnerOf(ctx).id;
      const cursor = await resolveCursor(q, (id) => settlements.get(partnerId, id), 'no settlement of this partner has this id');
      const { items, more } = await settlements.page(partnerId, {
        limit: q.limit,
        ...(cursor && q.after !== undefined ? { afterNumber: cursor.number } : {}),
        ...(cursor && q.before !== undefined ? { beforeNumber: cursor.number } : {}),
      });
      const link = (c: 'after' | 'before', id: string) => `${BASE}?limit=${q.limit}&${c}=${encodeURIComponent(id)}`;
      ctx.body = {
        data: items.map(settlementView),
        pagingInfo: pagingInfo(
          q,
          items.map((s) => s._id),
          more,
          link,
        ),
      };
    },
  );

  defineRoute(
    router,
    {
      method: 'get',
      path: `${BASE}/:settlementId`,
      operationId: 'getSettlement',
      tags,
      auth: 'bearer',
      summary: 'A settlement and its payment lines',
      description:
        'The settlement, and a page of the payment lines it took (by paymentId, the paging conventions of every list). Its lines never change once it is written: a later correction is a line of the next settlement.',
      request: { params: settlementIdParams, query: settlementLinesQuerySchema },
      responses: { 200: { description: '`{settlement, lines, pagingInfo}`', schema: settlementWithLinesSchema } },
      errors: [
        {
          status: 400,
          code: 'INVALID_REQUEST',
          when: 'limit outside 1..100, both after and before, or a cursor that is no line of this settlement; `attribute` names it',
        },
        NOT_FOUND,
      ],
    },
    async (ctx, { params, query: q }) => {
      const partnerId = partnerOf(ctx).id;
      const s = await own(partnerId, params.settlementId);
      const listed = new Set(s.lineIds);
      await resolveCursor(q, (id) => (listed.has(id) ? id : null), 'no line of this settlement has this paymentId');
      const { items, more } = await deps.lines.page(partnerId, { settlementId: s._id }, q);
      // a settlement's lines name it once it is finished: read by that name, kept to its list
      const lines = items.filter((l) => listed.has(l._id));
      const link = (c: 'after' | 'before', id: string) => `${BASE}/${s._id}?limit=${q.limit}&${c}=${encodeURIComponent(id)}`;
      ctx.body = {
        settlement: settlementView(s),
        lines: lines.map(accountPayment),
        pagingInfo: pagingInfo(
          q,
          lines.map((l) => l._id),
          more,
          link,
        ),
      };
    },
  );

  defineRoute(
    router,
    {
      method: 'get',
      path: `${BASE}/:settlementId/report.csv`,
      operationId: 'getSettlementReport',
      tags,
      auth: 'bearer',
      summary: 'The settlement report as CSV',
      description:
        "One row per payment line (order number, variable symbol, application id, operation id and type, Idempotency-Key, gross, fee, net), then a footer: TOTAL of the lines, CARRIED_IN, NET, TRANSFER, CARRIED_OUT. Amounts are decimal in the currency's unit.",
      request: { params: settlementIdParams },
      responses: { 200: { description: 'text/csv (RFC 4180, UTF-8, CRLF)', contentType: 'text/csv' } },
      errors: [{ status: 400, code: 'INVALID_REQUEST', when: 'a malformed settlement id; `attribute` names it' }, NOT_FOUND],
    },
    async (ctx, { params }) => {
      const s = await own(partnerOf(ctx).id, params.settlementId);
      ctx.type = 'text/csv; charset=utf-8';
      ctx.set('Content-Disposition', `attachment; filename="settlement-${s.reference}.csv"`);
      ctx.body = settlementReport(s, await settlements.linesOf(s));
    },
  );

  if (!deps.sandbox) return;
  defineRoute(
    router,
    {
      method: 'post',
      path: SANDBOX_CLOSE_PATH,
      operationId: 'sandboxCloseSettlement',
      tags: ['Sandbox'],
      auth: 'bearer',
      summary: "Close the partner's open settlement now (sandbox)",
      description:
        'Only with SANDBOX=true. Closes a settlement of everything recorded until now that no settlement has taken, exactly as the daily cut-off would, so a shop can test its reconciliation without waiting for 18:00. Its notification and feed entry follow as usual.',
      responses: { 201: { description: 'the settlement', schema: settlementSchema } },
      errors: [{ status: 422, code: 'NOTHING_TO_SETTLE', when: 'no payment line waits for a settlement' }],
    },
    async (ctx) => {
      const s = await settlements.close(partnerOf(ctx).id, settlements.now(), { sandbox: true });
      if (!s) throw new UnprocessableError('NOTHING_TO_SETTLE', 'No payment line waits for a settlement: every payout and credit note so far is in one.');
      ctx.status = 201;
      ctx.body = settlementView(s);
    },
  );
}
