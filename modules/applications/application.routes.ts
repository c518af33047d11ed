import type { Middleware } from 'koa';
import type { AppRouter } from '../../platform/http/create-app.js';
import { partnerOf, type AppState } from '../../platform/http/state.js';
import { defineRoute, type ErrorDeclaration } from '../../platform/openapi/registry.js';
import { respondFromWrite } from '../../platform/idempotency.js';
import type { ApplicationDoc } from './application.model.js';
import type { CancelReason } from './application.model.js';
import type { CreateApplicationInput, CreateFromRecurrenceInput } from './application.input.js';
import type { ApplicationService } from './application.service.js';
import type { CreateApplication } from './application.create.js';
import type { RecurrenceService } from './recurrence.service.js';
import { toOrderWithInfo, toRecurrenceResponse } from './application.mappers.js';
import { deprecationWarnings } from './application.create.js';
import { effectiveRecurrence } from './recurrence.service.js';
import {
  applicationIdParams, cancelApplicationSchema, createApplicationSchema, createFromRecurrenceSchema, patchRecurrenceSchema, recurrenceIdParams,
} from './application.schemas.js';
import { applicationResponseSchema, orderWithInfoSchema, recurrenceResponseSchema } from './application.responses.js';

const E = (status: number, code: string, when: string): ErrorDeclaration => ({ status, code, when });
const INVALID = E(400, 'INVALID_REQUEST', 'a field is missing, malformed or over a limit; `attribute` names it');
const tags = ['Applications'];

export interface ApplicationRouteDeps {
  requireAuth: Middleware<AppState>;
  applications: ApplicationService;
  creation: CreateApplication;
  recurrences: RecurrenceService;
}

export function mountApplicationRoutes(router: AppRouter, deps: ApplicationRouteDeps): void {
  const { requireAuth, applications, creation, recurrences } = deps;
  const auth = [requireAuth];

  defineRoute<CreateApplicationInput>(router, {
    method: 'post', path: '/financing/v1/applications', operationId: 'createApplication', tags, auth: 'bearer',
    summary: 'Create an application',
    description: 'Registers the customer\'s purchase. Send the customer to `gatewayRedirectUrl`. An identical request (shop, type, total amount, order number, variable symbols) within 20 minutes answers 200 with the first application.',
    request: { body: createApplicationSchema },
    responses: {
      201: { description: 'created', schema: applicationResponseSchema },
      200: { description: 'a duplicate of a request within the last 20 minutes: the first application', schema: applicationResponseSchema },
    },
    errors: [
      INVALID,
      E(422, 'UNPROCESSABLE', 'items do not add up to the order total, VAT amounts do not match totalVat, mixed or unaccepted currency, private notificationEndpoint'),
      E(422, 'NOT_SUPPORTED', 'isRecurring with PAY_IN_THREE'),
      E(422, 'ITEM_TOTAL_MISMATCH', 'WARN: unitPrice × quantity differs from totalPrice; repeat with `override: ["ITEM_TOTAL_MISMATCH"]` to accept'),
      E(422, 'VAT_AMOUNT_MISMATCH', 'WARN: an item\'s VAT amount does not match its rate; repeat with `override` to accept'),
    ],
  }, auth, async (ctx, { body }) => {
    const warnings = deprecationWarnings(body);
    const render = (doc: ApplicationDoc) => ({ ...applications.response(doc), ...(warnings.length ? { warnings } : {}) });
    respondFromWrite((doc: ApplicationDoc) => ({ status: 201, body: render(doc), location: `/financing/v1/applications/${doc._id}` }));
    const outcome = await creation.create(partnerOf(ctx), body);
    ctx.status = outcome.created ? 201 : 200;
    ctx.body = render(outcome.doc);
    if (outcome.created) ctx.set('Location', `/financing/v1/applications/${outcome.doc._id}`);
  });

  defineRoute<unknown, { applicationId: string }>(router, {
    method: 'get', path: '/financing/v1/applications/:applicationId', operationId: 'getApplication', tags, auth: 'bearer',
    summary: 'Application detail',
    request: { params: applicationIdParams },
    responses: { 200: { description: 'the application', schema: applicationResponseSchema } },
    errors: [INVALID, E(404, 'APPLICATION_NOT_FOUND', 'no application with this id for this partner'), E(422, 'UNPROCESSABLE', 'reserved by the spec')],
  }, auth, async (ctx, { params }) => {
    ctx.body = applications.response(await applications.get(partnerOf(ctx).id, params.applicationId));
  });

  defineRoute<{ reason: CancelReason; customReason?: string }, { applicationId: string }>(router, {
    method: 'put', path: '/financing/v1/applications/:applicationId/cancel', operationId: 'cancelApplication', tags, auth: 'bearer',
    summary: 'Cancel an application',
    description: 'Allowed while PROCESSING (except during the decision) and while READY with nothing sent or delivered. Gives CANCELLED / CANCELLED_NOT_PAID and a notification.',
    request: { params: applicationIdParams, body: cancelApplicationSchema },
    responses: { 200: { description: 'the order and the application basics', schema: orderWithInfoSchema } },
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
  }, auth, async (ctx, { params, body }) => {
    respondFromWrite((doc: ApplicationDoc) => ({ body: toOrderWithInfo(doc) }));
    ctx.body = await applications.cancel(partnerOf(ctx).id, params.applicationId, body);
  });

  mountRecurrenceRoutes(router, auth, applications, recurrences);
}

function mountRecurrenceRoutes(router: AppRouter, auth: Middleware<AppState>[], applications: ApplicationService, recurrences: RecurrenceService): void {
  const rtags = ['Recurrences'];
  const notFound = E(404, 'RECURRENCE_NOT_FOUND', 'no recurrence with this id for this partner');
  defineRoute<unknown, { recurrenceId: string }>(router, {
    method: 'get', path: '/financing/v1/recurrences/:recurrenceId', operationId: 'getRecurrence', tags: rtags, auth: 'bearer',
    summary: 'Recurrence detail (DEFERRED_PAYMENT only)',
    request: { params: recurrenceIdParams },
    responses: { 200: { description: 'the recurrence', schema: recurrenceResponseSchema } },
    errors: [INVALID, notFound],
  }, auth, async (ctx, { params }) => {
    ctx.body = await recurrences.get(partnerOf(ctx).id, params.recurrenceId);
  });

  defineRoute<{ state: string }, { recurrenceId: string }>(router, {
    method: 'patch', path: '/financing/v1/recurrences/:recurrenceId', operationId: 'updateRecurrence', tags: rtags, auth: 'bearer',
    summary: 'Cancel a recurrence',
    description: '`{"state": "CANCELLED"}` is the only change: READY → CANCELLED. Cancelling a cancelled recurrence answers 200 unchanged.',
    request: { params: recurrenceIdParams, body: patchRecurrenceSchema },
    responses: { 200: { description: 'the recurrence', schema: recurrenceResponseSchema } },
    errors: [INVALID, notFound, E(422, 'UNPROCESSABLE', 'a state other than CANCELLED'), E(422, 'RECURRENCE_NOT_USABLE', 'the recurrence is APPROVING or EXPIRED')],
  }, auth, async (ctx, { params, body }) => {
    respondFromWrite((doc: ApplicationDoc) => ({ body: toRecurrenceResponse(effectiveRecurrence(doc.recurrence!, applications.now()), doc._id) }));
    ctx.body = await recurrences.patch(partnerOf(ctx).id, params.recurrenceId, body.state);
  });

  defineRoute<CreateFromRecurrenceInput, { recurrenceId: string }>(router, {
    method: 'post', path: '/financing/v1/recurrences/:recurrenceId/applications', operationId: 'createApplicationFromRecurrence', tags: rtags, auth: 'bearer',
    summary: 'Create an application from a recurrence',
    description: 'No customer data and no gateway: the application is decided at once (READY / READY_TO_SHIP or REJECTED). DEFERRED_PAYMENT only.',
    request: { params: recurrenceIdParams, body: createFromRecurrenceSchema },
    responses: {
      201: { description: 'created and decided', schema: applicationResponseSchema },
      200: { description: 'a duplicate within 20 minutes: the first application', schema: applicationResponseSchema },
    },
    errors: [
      INVALID, notFound,
      E(422, 'RECURRENCE_NOT_USABLE', 'the recurrence is not READY (APPROVING, CANCELLED or EXPIRED)'),
      E(422, 'NOT_SUPPORTED', 'type PAY_IN_THREE'),
      E(422, 'UNPROCESSABLE', 'the order does not add up (as on create)'),
    ],
  }, auth, async (ctx, { params, body }) => {
    const origin = await recurrences.origin(partnerOf(ctx).id, params.recurrenceId);
    const render = (doc: ApplicationDoc) => applications.response(doc, { recurrence: toRecurrenceResponse(origin.recurrence, origin._id) });
    respondFromWrite((doc: ApplicationDoc) => ({ status: 201, body: render(doc) }));
    const outcome = await recurrences.createFrom(partnerOf(ctx), origin, body);
    ctx.status = outcome.created ? 201 : 200;
    ctx.body = render(outcome.doc);
  });
}

