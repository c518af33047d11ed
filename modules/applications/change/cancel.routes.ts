import Joi from 'joi';
import { partnerOf, type AppRouter } from '../../../platform/http/state.js';
import { defineRoute } from '../../../platform/openapi/registry.js';
import { CANCEL_REASONS, type ApplicationDoc } from '../application.model.js';
import { declared as E, INVALID_REQUEST as INVALID } from '../application.errors.js';
import { toOrderWithInfo } from '../application.mappers.js';
import { applicationResponseSchema, orderWithInfoSchema } from '../application.responses.js';
import type { ApplicationAnswers } from '../application.mappers.js';
import { applicationIdParams } from '../application.schemas.js';
import type { ApplicationChanges } from './change-application.js';
import { cancelApplication, type CancelInput } from './cancel-application.js';

export const cancelApplicationSchema = Joi.object<CancelInput, true>({
  reason: Joi.string()
    .valid(...CANCEL_REASONS.filter((r) => r !== 'APPLICATION_CANCELLED_EXPIRED'))
    .default('APPLICATION_CANCELLED_OTHER'),
  customReason: Joi.string().max(255),
}).label('CancelApplicationRequest');

/** PUT /financing/v1/applications/{id}/cancel. */
export function mountCancelRoutes(router: AppRouter, { changes, answers }: { changes: ApplicationChanges; answers: ApplicationAnswers }): void {
  defineRoute(
    router,
    {
      method: 'put',
      path: '/financing/v1/applications/:applicationId/cancel',
      operationId: 'cancelApplication',
      tags: ['Applications'],
      auth: 'bearer',
      summary: 'Cancel an application',
      description:
        'Allowed while PROCESSING (except during the decision) and while READY with nothing sent or delivered. Gives CANCELLED / CANCELLED_NOT_PAID and a notification.',
      request: { params: applicationIdParams, body: cancelApplicationSchema },
      responses: {
        200: {
          description: 'the order and the application basics (the spec), and the whole application after the cancel under `application`',
          schema: orderWithInfoSchema.append({ application: applicationResponseSchema.required() }).label('CancelledApplication'),
        },
      },
      errors: [
        INVALID,
        E(404, 'OBJECT_NOT_FOUND', 'no application with this id for this partner'),
        E(422, 'APPLICATION_REJECTED', 'the application was rejected'),
        E(422, 'APPLICATION_ALREADY_CANCELLED', 'the application is already cancelled'),
        E(422, 'APPLICATION_VALIDATION_IN_PROGRESS', 'the customer confirmed and the decision is running'),
        E(422, 'APPLICATION_PAID', 'the partner has been paid; use return'),
        E(422, 'NOT_SUPPORTED', 'items were sent or delivered; use return'),
        E(422, 'UNPROCESSABLE', 'any other refused transition'),
      ],
    },
    async (ctx, { params, body, reply }) => {
      const cancelled = reply((doc: ApplicationDoc) => ({ body: { ...toOrderWithInfo(doc), application: answers.response(doc) } }));
      return cancelled.answer(await cancelApplication(changes, partnerOf(ctx).id, params.applicationId, body, cancelled));
    },
  );
}
