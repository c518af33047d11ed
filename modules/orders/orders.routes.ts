import Joi from 'joi';
import { partnerOf, type AppRouter } from '../../platform/http/state.js';
import { defineRoute, type ErrorDeclaration } from '../../platform/openapi/registry.js';
import type { FulfilmentOp } from '../order-rules/index.js';
import { newId } from '../../platform/ids.js';
import type { AppContext } from '../../platform/http/state.js';
import type { OperationContext, OrdersService } from './orders.service.js';
import { applicationIdParams, orderWithInfoSchema, toOrderWithInfo, type ApplicationDoc } from '../applications/index.js';
import { cancelItemsSchema, changeOrderSchema, deliverSchema, orderQuerySchema, returnSchema, sendSchema, type FulfilmentBody } from './orders.schemas.js';

const E = (status: number, code: string, when: string): ErrorDeclaration => ({ status, code, when });
const INVALID = E(400, 'INVALID_REQUEST', 'a field is missing, malformed or over a limit; `attribute` names it');
const NOT_FOUND = E(404, 'OBJECT_NOT_FOUND', 'no application with this id for this partner');
const STATE = [
  E(422, 'APPLICATION_NOT_READY', 'the application is not approved yet (PROCESSING)'),
  E(422, 'APPLICATION_REJECTED', 'the application was rejected'),
  E(422, 'APPLICATION_ALREADY_CANCELLED', 'the application is cancelled'),
];
const ITEMS = E(
  422,
  'UNPROCESSABLE',
  'no item matches, several match, a quantity exceeds what is left, nothing is left to mark, another currency, a document URL that cannot be fetched',
);
const tags = ['Orders'];
/**
 * What every order write answers, rendered from the written application (also for
 * Idempotency-Key): the order, and the id of this operation, which every payment line it
 * causes names (a retry under the same key answers the same id).
 */
const orderWithInfo = (operationId: string) => (doc: ApplicationDoc) => ({ body: { ...toOrderWithInfo(doc), operationId } });
export const operationAnswerSchema = orderWithInfoSchema
  .append({
    operationId: Joi.string().required().description('this call: every payment line it causes names it (`operationId` of the Payment)'),
  })
  .label('OrderOperationAnswer');
const ok = { 200: { description: "the changed order plus applicationInfo, and the operation's id", schema: operationAnswerSchema } };

/** A new operation id, with the request's Idempotency-Key when it has one. */
function operationOf(ctx: AppContext): OperationContext {
  const key = ctx.get('Idempotency-Key');
  return { operationId: newId(), ...(key ? { idempotencyKey: key } : {}) };
}

interface OperationRoute {
  op: FulfilmentOp;
  verb: string;
  operationId: string;
  summary: string;
  description: string;
  body: Joi.ObjectSchema<FulfilmentBody>;
  extra: ErrorDeclaration[];
}

const OPERATIONS: OperationRoute[] = [
  {
    op: 'SEND',
    verb: 'send',
    operationId: 'sendOrderItems',
    summary: 'Mark order items as sent',
    body: sendSchema,
    extra: [E(422, 'TOTAL_PRICE_LIMIT_EXCEEDED', 'totalPrice exceeds the value of the items sent (the order total for the last pieces)')],
    description:
      'An empty body marks every item not yet sent. Items are named by code, ean, name and type (all given must match) with an optional decimal quantity. Gives READY_SHIPPED and its notification.',
  },
  {
    op: 'DELIVER',
    verb: 'deliver',
    operationId: 'deliverOrderItems',
    summary: 'Mark order items as delivered',
    body: deliverSchema,
    extra: [E(422, 'TOTAL_PRICE_LIMIT_EXCEEDED', 'totalPrice exceeds the value of the items delivered (the order total for the last pieces)')],
    description: 'An empty body marks every item not yet delivered. Gives READY_DELIVERED and its notification; a partner paid on delivery is paid out.',
  },
  {
    op: 'RETURN',
    verb: 'return',
    operationId: 'returnOrderItems',
    summary: 'Mark order items as returned',
    body: returnSchema,
    extra: [E(422, 'TOTAL_PRICE_LIMIT_EXCEEDED', "the amount returned exceeds the order total, or the returned items' value while other items stay open")],
    description:
      'Items omitted: full return (order RETURNED; application CANCELLED / CANCELLED_RETURNED when nothing is left owed). `items: []` with totalPrice: amount-only refund (also on a RETURNED order still owing an amount). Items filled: those items. After a payout, a credit note follows.',
  },
  {
    op: 'CANCEL',
    verb: 'cancel',
    operationId: 'cancelOrderItems',
    summary: 'Mark order items as cancelled',
    body: cancelItemsSchema,
    extra: [E(422, 'TOTAL_PRICE_LIMIT_EXCEEDED', "the amount cancelled exceeds the cancelled items' value while other items stay open, or the order total")],
    description:
      'For items not yet sent or delivered (use return for those). Cancelling the last open item of an order nothing of which was sent cancels the application (CANCELLED_NOT_PAID).',
  },
];

export function mountOrderRoutes(router: AppRouter, orders: OrdersService): void {
  for (const r of OPERATIONS) {
    defineRoute(
      router,
      {
        method: 'put',
        path: `/financing/v1/applications/:applicationId/order/${r.verb}`,
        operationId: r.operationId,
        tags,
        auth: 'bearer',
        summary: r.summary,
        description: r.description,
        request: { params: applicationIdParams, body: r.body },
        responses: ok,
        errors: [
          INVALID,
          NOT_FOUND,
          ...STATE,
          ITEMS,
          ...r.extra,
          E(409, 'CONCURRENT_MODIFICATION', 'the application kept changing under the request; repeat it'),
        ],
      },
      async (ctx, { params, body, reply }) => {
        const call = operationOf(ctx);
        const done = reply(orderWithInfo(call.operationId));
        return done.answer(await orders.fulfil(partnerOf(ctx), params.applicationId, r.op, body, done, call));
      },
    );
  }

  defineRoute(
    router,
    {
      method: 'put',
      path: '/financing/v1/applications/:applicationId/order',
      operationId: 'changeOrder',
      tags,
      auth: 'bearer',
      summary: 'Change the order (partial)',
      description:
        '`order` holds only the changed data. Given items replace the item list; the totals must match them. Refused once anything is sent or delivered.',
      request: { params: applicationIdParams, body: changeOrderSchema },
      responses: ok,
      errors: [
        INVALID,
        NOT_FOUND,
        ...STATE,
        E(422, 'ORDER_ALREADY_SENT', 'an item was marked sent or delivered'),
        E(422, 'NOT_SUPPORTED', 'an approved total may not grow; an approved PAY_IN_THREE total may not change'),
        E(422, 'UNPROCESSABLE', 'the totals do not match the items, another currency, or a document URL that cannot be fetched'),
      ],
    },
    async (ctx, { params, body, reply }) => {
      const call = operationOf(ctx);
      const changed = reply(orderWithInfo(call.operationId));
      return changed.answer(await orders.change(partnerOf(ctx), params.applicationId, body, changed, call));
    },
  );

  defineRoute(
    router,
    {
      method: 'get',
      path: '/financing/v1/orders',
      operationId: 'getOrder',
      tags,
      auth: 'bearer',
      summary: 'Find an order',
      description:
        'By orderNumber, orderVariableSymbol or applicationId (at least one; all given must match). When several of your applications match, the newest is returned.',
      request: { query: orderQuerySchema },
      responses: { 200: { description: 'the order plus applicationInfo', schema: orderWithInfoSchema } },
      errors: [INVALID, E(404, 'OBJECT_NOT_FOUND', 'no order of this partner matches')],
    },
    async (ctx, { query }) => {
      ctx.body = await orders.find(partnerOf(ctx).id, query);
    },
  );
}
