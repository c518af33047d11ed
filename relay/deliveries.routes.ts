import type { Middleware } from 'koa';
import type { AppRouter } from '../platform/http/create-app.js';
import { partnerOf, type AppState } from '../platform/http/state.js';
import { validate } from '../platform/http/validate.js';
import { listQuerySchema, redeliverAllSchema, type ListQuery } from './deliveries.schemas.js';
import { DELIVERIES_PATH, type DeliveriesService } from './deliveries.service.js';

/**
 * Partner-facing webhook deliveries (docs/webhooks.md):
 * - GET  /financing/v1/webhooks/deliveries                       list, newest first, paged
 * - GET  /financing/v1/webhooks/deliveries/{deliveryId}          one, with its attempts
 * - POST /financing/v1/webhooks/deliveries/{deliveryId}/redeliver send it again (202)
 * - POST /financing/v1/webhooks/deliveries/redeliver             every dead-lettered one (202)
 */
export function mountDeliveryRoutes(router: AppRouter, service: DeliveriesService, requireAuth: Middleware<AppState>): void {
  router.get(DELIVERIES_PATH, requireAuth, async (ctx) => {
    const q = validate<ListQuery>(listQuerySchema, ctx.query, { convert: true });
    ctx.body = await service.list(partnerOf(ctx).id, q);
  });

  router.post(`${DELIVERIES_PATH}/redeliver`, requireAuth, async (ctx) => {
    validate(redeliverAllSchema, ctx.request.body ?? null);
    ctx.status = 202;
    ctx.body = await service.redeliverDeadLettered(partnerOf(ctx).id);
  });

  router.get(`${DELIVERIES_PATH}/:deliveryId`, requireAuth, async (ctx) => {
    ctx.body = await service.get(partnerOf(ctx).id, ctx.params.deliveryId!);
  });

  router.post(`${DELIVERIES_PATH}/:deliveryId/redeliver`, requireAuth, async (ctx) => {
    ctx.status = 202;
    ctx.body = await service.redeliver(partnerOf(ctx).id, ctx.params.deliveryId!);
  });
}
