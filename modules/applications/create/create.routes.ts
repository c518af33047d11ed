import { partnerOf, type AppRouter } from '../../../platform/http/state.js';
import { defineRoute } from '../../../platform/openapi/registry.js';
import type { ApplicationDoc } from '../application.model.js';
import type { ApplicationAnswers } from '../application.mappers.js';
import { declared as E, INVALID_REQUEST as INVALID } from '../application.errors.js';
import { applicationResponseSchema } from '../application.responses.js';
import { createApplicationSchema } from './create.schemas.js';
import { deprecationWarnings, type CreateApplication } from './create-application.js';

export interface CreateRouteDeps {
  answers: ApplicationAnswers;
  creation: CreateApplication;
}

/** POST /financing/v1/applications: validate, run the create (create-application.ts), answer. */
export function mountCreateRoutes(router: AppRouter, { answers, creation }: CreateRouteDeps): void {
  defineRoute(
    router,
    {
      method: 'post',
      path: '/financing/v1/applications',
      operationId: 'createApplication',
      tags: ['Applications'],
      auth: 'bearer',
      summary: 'Create an application',
      description:
        "Registers the customer's purchase. Send the customer to `gatewayRedirectUrl`. An identical request (shop, type, total amount, order number, variable symbols) within 20 minutes answers 200 with the first application.",
      request: { body: createApplicationSchema },
      responses: {
        201: { description: 'created', schema: applicationResponseSchema },
        200: { description: 'a duplicate of a request within the last 20 minutes: the first application', schema: applicationResponseSchema },
      },
      errors: [
        INVALID,
        E(
          422,
          'UNPROCESSABLE',
          'items do not add up to the order total, VAT amounts do not match totalVat, mixed or unaccepted currency, private notificationEndpoint',
        ),
        E(422, 'NOT_SUPPORTED', 'isRecurring with PAY_IN_THREE'),
        E(422, 'ITEM_TOTAL_MISMATCH', 'WARN: unitPrice × quantity differs from totalPrice; repeat with `override: ["ITEM_TOTAL_MISMATCH"]` to accept'),
        E(422, 'VAT_AMOUNT_MISMATCH', "WARN: an item's VAT amount does not match its rate; repeat with `override` to accept"),
      ],
    },
    async (ctx, { body, reply }) => {
      const warnings = deprecationWarnings(body);
      const render = (doc: ApplicationDoc) => ({ ...answers.response(doc), ...(warnings.length ? { warnings } : {}) });
      const created = reply((doc: ApplicationDoc) => ({ status: 201, body: render(doc), location: `/financing/v1/applications/${doc._id}` }));
      const outcome = await creation.create(partnerOf(ctx), body, created);
      // a duplicate wrote nothing: it answers 200 with the first application
      return outcome.created ? created.answer(outcome.doc) : { status: 200, body: render(outcome.doc) };
    },
  );
}
