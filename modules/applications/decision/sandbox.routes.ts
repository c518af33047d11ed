import Joi from 'joi';
import { partnerOf, type AppRouter } from '../../../platform/http/state.js';
import { defineRoute } from '../../../platform/openapi/registry.js';
import { UnprocessableError } from '../../../platform/errors.js';
import type { SandboxOutcome } from '../application.model.js';
import { applicationResponseSchema } from '../application.responses.js';
import { applicationIdParams } from '../application.schemas.js';
import type { ApplicationAnswers } from '../application.mappers.js';
import type { ApplicationReads } from '../read/index.js';
import type { GatewayService } from './gateway/gateway.service.js';

export const SANDBOX_DECISION_PATH = '/financing/v1/sandbox/applications/:applicationId/decision';

const decisionSchema = Joi.object<{ outcome: SandboxOutcome }, true>({
  outcome: Joi.string().valid('APPROVE', 'REJECT').required().description('the outcome the sandbox decision rules give'),
}).label('SandboxDecisionRequest');

/**
 * The sandbox's stand-in for the customer at the gateway, for partners' automated tests:
 * it confirms a waiting application exactly as the gateway's confirm does (same change,
 * same `confirmed` event), with the outcome the partner asks for; the real decision
 * consumer then decides it, with the same events and notifications as after a browser.
 * Mounted only with SANDBOX=true: in production the path does not exist (404).
 */
export function mountSandboxRoutes(router: AppRouter, deps: { reads: ApplicationReads; answers: ApplicationAnswers; gateway: GatewayService }): void {
  defineRoute(
    router,
    {
      method: 'post',
      path: SANDBOX_DECISION_PATH,
      operationId: 'sandboxDecision',
      tags: ['Sandbox'],
      auth: 'bearer',
      summary: 'Decide an application in the sandbox (no browser)',
      description:
        'Only with SANDBOX=true. Confirms a PROCESSING_REDIRECT_NEEDED application as the customer would at the gateway, with the outcome the decision rules then give; answers 202 with the application, whose notifications follow as usual.',
      request: { params: applicationIdParams, body: decisionSchema },
      responses: { 202: { description: 'confirmed: the decision consumer decides it next', schema: applicationResponseSchema } },
      errors: [
        { status: 400, code: 'INVALID_REQUEST', when: 'outcome missing or not APPROVE / REJECT' },
        { status: 404, code: 'APPLICATION_NOT_FOUND', when: 'no application with this id for this partner' },
        { status: 422, code: 'APPLICATION_NOT_WAITING', when: 'the application is not waiting for the customer (not PROCESSING_REDIRECT_NEEDED)' },
      ],
    },
    async (ctx, { params, body }) => {
      const partnerId = partnerOf(ctx).id;
      const app = await deps.reads.get(partnerId, params.applicationId);
      if (!(await deps.gateway.confirm(app, deps.gateway.now(), body.outcome))) {
        throw new UnprocessableError(
          'APPLICATION_NOT_WAITING',
          `The application is ${app.state} / ${app.stateReason}: only an application waiting for the customer (PROCESSING_REDIRECT_NEEDED) can be decided here.`,
        );
      }
      ctx.status = 202;
      ctx.body = deps.answers.response(await deps.reads.get(partnerId, params.applicationId));
    },
  );
}
