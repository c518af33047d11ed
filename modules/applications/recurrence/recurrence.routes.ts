import type { Clock } from '../../../platform/clock.js';
import { partnerOf, type AppRouter } from '../../../platform/http/state.js';
import { defineRoute } from '../../../platform/openapi/registry.js';
import type { ApplicationDoc } from '../application.model.js';
import { toRecurrenceResponse, type ApplicationAnswers } from '../application.mappers.js';
import { declared as E, INVALID_REQUEST as INVALID } from '../application.errors.js';
import { applicationResponseSchema, recurrenceResponseSchema } from '../application.responses.js';
import { createFromRecurrenceSchema, patchRecurrenceSchema, recurrenceIdParams } from './recurrence.schemas.js';
import { effectiveRecurrence, type RecurrenceService } from './recurrence.service.js';

/** The recurrences: detail, cancel, and a purchase on one (decided at once, no gateway). */
export function mountRecurrenceRoutes(router: AppRouter, deps: { answers: ApplicationAnswers; recurrences: RecurrenceService; clock: Clock }): void {
  const { answers, recurrences, clock } = deps;
  const rtags = ['Recurrences'];
  const notFound = E(404, 'RECURRENCE_NOT_FOUND', 'no recurrence with this id for this partner');
  defineRoute(
    router,
    {
      method: 'get',
      path: '/financing/v1/recurrences/:recurrenceId',
      operationId: 'getRecurrence',
      tags: rtags,
      auth: 'bearer',
      summary: 'Recurrence detail (DEFERRED_PAYMENT only)',
      request: { params: recurrenceIdParams },
      responses: { 200: { description: 'the recurrence', schema: recurrenceResponseSchema } },
      errors: [INVALID, notFound],
    },
    async (ctx, { params }) => {
      ctx.body = await recurrences.get(partnerOf(ctx).id, params.recurrenceId);
    },
  );

  defineRoute(
    router,
    {
      method: 'patch',
      path: '/financing/v1/recurrences/:recurrenceId',
      operationId: 'updateRecurrence',
      tags: rtags,
      auth: 'bearer',
      summary: 'Cancel a recurrence',
      description: '`{"state": "CANCELLED"}` is the only change: READY → CANCELLED. Cancelling a cancelled recurrence answers 200 unchanged.',
      request: { params: recurrenceIdParams, body: patchRecurrenceSchema },
      responses: { 200: { description: 'the recurrence', schema: recurrenceResponseSchema } },
      errors: [
        INVALID,
        notFound,
        E(422, 'UNPROCESSABLE', 'a state other than CANCELLED'),
        E(422, 'RECURRENCE_NOT_USABLE', 'the recurrence is APPROVING or EXPIRED'),
      ],
    },
    async (ctx, { params, body, reply }) => {
      const patched = reply((doc: ApplicationDoc) => ({ body: toRecurrenceResponse(effectiveRecurrence(doc.recurrence!, clock.now()), doc._id) }));
      return patched.answer(await recurrences.patch(partnerOf(ctx).id, params.recurrenceId, body.state, patched));
    },
  );

  defineRoute(
    router,
    {
      method: 'post',
      path: '/financing/v1/recurrences/:recurrenceId/applications',
      operationId: 'createApplicationFromRecurrence',
      tags: rtags,
      auth: 'bearer',
      summary: 'Create an application from a recurrence',
      description: 'No customer data and no gateway: the application is decided at once (READY / READY_TO_SHIP or REJECTED). DEFERRED_PAYMENT only.',
      request: { params: recurrenceIdParams, body: createFromRecurrenceSchema },
      responses: {
        201: { description: 'created and decided', schema: applicationResponseSchema },
        200: { description: 'a duplicate within 20 minutes: the first application', schema: applicationResponseSchema },
      },
      errors: [
        INVALID,
        notFound,
        E(422, 'RECURRENCE_NOT_USABLE', 'the recurrence is not READY (APPROVING, CANCELLED or EXPIRED)'),
        E(422, 'NOT_SUPPORTED', 'type PAY_IN_THREE'),
        E(422, 'UNPROCESSABLE', 'the order does not add up (as on create)'),
      ],
    },
    async (ctx, { params, body, reply }) => {
      const origin = await recurrences.origin(partnerOf(ctx).id, params.recurrenceId);
      const render = (doc: ApplicationDoc) => answers.response(doc, { recurrence: toRecurrenceResponse(origin.recurrence, origin._id) });
      const created = reply((doc: ApplicationDoc) => ({ status: 201, body: render(doc) }));
      const outcome = await recurrences.createFrom(partnerOf(ctx), origin, body, created);
      // a duplicate wrote nothing: it answers 200 with the first application
      return outcome.created ? created.answer(outcome.doc) : { status: 200, body: render(outcome.doc) };
    },
  );
}
