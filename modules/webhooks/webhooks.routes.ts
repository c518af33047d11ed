import { partnerOf, type AppRouter } from '../../platform/http/state.js';
import { defineRoute, type ErrorDeclaration } from '../../platform/openapi/registry.js';
import {
  deliveryIdParams,
  deliveryPageSchema,
  deliverySchema,
  listQuerySchema,
  redeliverAllAcceptedSchema,
  redeliverAllSchema,
  redeliveryAcceptedSchema,
} from './webhooks.schemas.js';
import { DELIVERIES_PATH, type WebhooksService } from './webhooks.service.js';

const E = (status: number, code: string, when: string): ErrorDeclaration => ({ status, code, when });
const INVALID = E(400, 'INVALID_REQUEST', 'a parameter is malformed or over a limit; `attribute` names it');
const NOT_FOUND = E(404, 'OBJECT_NOT_FOUND', 'no delivery with this id for this partner');
const UNAVAILABLE = E(503, 'SERVICE_UNAVAILABLE', 'the request could not be queued; repeat it');
const tags = ['Webhooks'];

/** Partner-facing webhook deliveries (docs/webhooks.md), behind the bearer token. */
export function mountWebhooksRoutes(router: AppRouter, service: WebhooksService): void {
  defineRoute(
    router,
    {
      method: 'get',
      path: DELIVERIES_PATH,
      operationId: 'listWebhookDeliveries',
      tags,
      auth: 'bearer',
      summary: 'List webhook deliveries',
      description:
        "The partner's notifications and every attempt to deliver them, newest first. `after` pages to older deliveries, `before` to newer ones; `filter=state|eq|DEAD_LETTERED` (or `state|in|A,B`) selects by state.",
      request: { query: listQuerySchema },
      responses: { 200: { description: 'a page of deliveries', schema: deliveryPageSchema } },
      errors: [
        E(
          400,
          'INVALID_REQUEST',
          'limit outside 1..100, both after and before, a bad filter, a malformed cursor, or a cursor that is no delivery of this partner (unknown cursor); `attribute` names it',
        ),
      ],
    },
    async (ctx, { query }) => {
      ctx.body = await service.list(partnerOf(ctx).id, query);
    },
  );

  defineRoute(
    router,
    {
      method: 'post',
      path: `${DELIVERIES_PATH}/redeliver`,
      operationId: 'redeliverDeadLetteredWebhooks',
      tags,
      auth: 'bearer',
      summary: 'Redeliver every dead-lettered webhook',
      description:
        'Starts a new round of attempts (same `webhook-id`) for each delivery in state DEAD_LETTERED. The body may be empty or `{"state": "DEAD_LETTERED"}`.',
      request: { body: redeliverAllSchema },
      responses: { 202: { description: 'redeliveries requested', schema: redeliverAllAcceptedSchema } },
      errors: [INVALID, UNAVAILABLE],
    },
    async (ctx) => {
      ctx.status = 202;
      ctx.body = await service.redeliverDeadLettered(partnerOf(ctx).id);
    },
  );

  defineRoute(
    router,
    {
      method: 'get',
      path: `${DELIVERIES_PATH}/:deliveryId`,
      operationId: 'getWebhookDelivery',
      tags,
      auth: 'bearer',
      summary: 'Webhook delivery detail',
      request: { params: deliveryIdParams },
      responses: { 200: { description: 'the delivery with its attempts', schema: deliverySchema } },
      errors: [INVALID, NOT_FOUND],
    },
    async (ctx, { params }) => {
      ctx.body = await service.get(partnerOf(ctx).id, params.deliveryId);
    },
  );

  defineRoute(
    router,
    {
      method: 'post',
      path: `${DELIVERIES_PATH}/:deliveryId/redeliver`,
      operationId: 'redeliverWebhook',
      tags,
      auth: 'bearer',
      summary: 'Redeliver a webhook',
      description:
        "Starts a new round of attempts with the same `webhook-id`, whatever the delivery's state; a retry still scheduled from the previous round is dropped.",
      request: { params: deliveryIdParams },
      responses: { 202: { description: 'redelivery requested', schema: redeliveryAcceptedSchema } },
      errors: [INVALID, NOT_FOUND, UNAVAILABLE],
    },
    async (ctx, { params }) => {
      ctx.status = 202;
      ctx.body = await service.redeliver(partnerOf(ctx).id, params.deliveryId);
    },
  );
}
