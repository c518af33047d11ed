import { partnerOf, type AppRouter } from '../../platform/http/state.js';
import { defineRoute } from '../../platform/openapi/registry.js';
import { eventPageSchema, eventsQuerySchema } from './events.schemas.js';
import { EVENTS_PATH, type EventsService } from './events.service.js';

/** The partner's event feed (docs/event-feed.md), behind the bearer token. */
export function mountEventRoutes(router: AppRouter, service: EventsService): void {
  defineRoute(
    router,
    {
      method: 'get',
      path: EVENTS_PATH,
      operationId: 'listEvents',
      tags: ['Events'],
      auth: 'bearer',
      summary: "List the partner's events (every notification, oldest first)",
      description:
        'Every application and payment notification the service produced for the partner, in the order the feed recorded them, ' +
        'kept for 30 days by default. Page forward with `after` (the id of the last event seen) to catch up after an outage: ' +
        "the feed never skips an event, even while new ones are being written. `applicationId` selects one application's events.",
      request: { query: eventsQuerySchema },
      responses: { 200: { description: 'a page of events', schema: eventPageSchema } },
      errors: [
        {
          status: 400,
          code: 'INVALID_REQUEST',
          when: "limit outside 1..100, both after and before, a malformed id, or a cursor that is not an event of this partner's feed (unknown or past the retention); `attribute` names it",
        },
      ],
    },
    async (ctx, { query }) => {
      ctx.body = await service.list(partnerOf(ctx).id, query);
    },
  );
}
