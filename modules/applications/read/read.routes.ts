import { partnerOf, type AppRouter } from '../../../platform/http/state.js';
import { defineRoute } from '../../../platform/openapi/registry.js';
import type { ApplicationAnswers } from '../application.mappers.js';
import { declared as E, INVALID_REQUEST as INVALID } from '../application.errors.js';
import { applicationResponseSchema } from '../application.responses.js';
import { applicationIdParams } from '../application.schemas.js';
import type { ApplicationReads } from './application-reads.js';

/** GET /financing/v1/applications/{id}. */
export function mountReadRoutes(router: AppRouter, { reads, answers }: { reads: ApplicationReads; answers: ApplicationAnswers }): void {
  defineRoute(
    router,
    {
      method: 'get',
      path: '/financing/v1/applications/:applicationId',
      operationId: 'getApplication',
      tags: ['Applications'],
      auth: 'bearer',
      summary: 'Application detail',
      request: { params: applicationIdParams },
      responses: { 200: { description: 'the application', schema: applicationResponseSchema } },
      errors: [INVALID, E(404, 'APPLICATION_NOT_FOUND', 'no application with this id for this partner'), E(422, 'UNPROCESSABLE', 'reserved by the spec')],
    },
    async (ctx, { params }) => {
      ctx.body = answers.response(await reads.get(partnerOf(ctx).id, params.applicationId));
    },
  );
}
