import Joi from 'joi';
import { newId } from '../../../platform/ids.js';
import { partnerOf, type AppRouter } from '../../../platform/http/state.js';
import { defineRoute } from '../../../platform/openapi/registry.js';
import { FINANCING_TYPES, money, type FinancingType, type Money } from '../../order-rules/index.js';
import { accountIdOf } from '../application.model.js';
import { declared as E, INVALID_REQUEST as INVALID } from '../application.errors.js';
import type { DecisionService } from './decision.service.js';
import { PRECHECK_CODES, precheck } from './precheck.js';

interface PrecheckBody {
  customer: { email: string; fraudPreventionData?: { transactionsNumber?: number | null }; extraData?: { transactionsNumber?: number | null } };
  order?: { totalPrice?: Money };
  type?: FinancingType;
}

/**
 * What the decision reads is validated; the rest of a customer and an order as the create
 * takes them is accepted and not used (a precheck stores nothing of the customer).
 */
const history = Joi.object({ transactionsNumber: Joi.number().integer().min(0).max(1_000_000_000).allow(null) }).unknown(true);
const precheckSchema = Joi.object<PrecheckBody>({
  customer: Joi.object({
    email: Joi.string().email({ tlds: false }).max(254).required(),
    fraudPreventionData: history,
    extraData: history.description('deprecated: use fraudPreventionData'),
  })
    .unknown(true)
    .required(),
  order: Joi.object({ totalPrice: money }).unknown(true),
  type: Joi.string()
    .valid(...FINANCING_TYPES)
    .description('absent: both financing types'),
}).label('PrecheckRequest');

const resultSchema = Joi.object({
  type: Joi.string()
    .valid(...FINANCING_TYPES)
    .required(),
  recommendation: Joi.boolean().required(),
  probabilityOfApproval: Joi.number().min(0).max(1).required(),
  code: Joi.string()
    .valid(...PRECHECK_CODES)
    .required(),
  PrecheckResultResponseSerializer: Joi.string()
    .valid('UNKNOWN', 'FULL')
    .required()
    .description('the customer at this shop: no approved purchase yet (UNKNOWN), or some (FULL)'),
  message: Joi.string().required(),
});
const precheckResponse = Joi.object({
  id: Joi.string().required().description('cite it in a later create as precheckIds'),
  results: Joi.array().items(resultSchema).required(),
  limits: Joi.object({ availableLimit: money.required(), totalLimit: money.required() }).description(
    'for a customer this shop has had an approved purchase with',
  ),
}).label('PrecheckResults');

/** POST /financing/v1/precheck: the decision's rules asked before the application. */
export function mountPrecheckRoutes(router: AppRouter, deps: { decisions: DecisionService; sandbox: boolean; currency: string }): void {
  defineRoute(
    router,
    {
      method: 'post',
      path: '/financing/v1/precheck',
      operationId: 'precheck',
      tags: ['Applications'],
      auth: 'bearer',
      summary: 'Would an application of this customer and order be approved now?',
      description:
        'Answered by the rules that decide after the gateway, per financing type (in the sandbox, `+approve` / `+reject` addresses too), so it predicts the decision as things stand now. Tells no more about the customer than a decision would. Stores nothing; the id may be cited in a create as `precheckIds`.',
      request: { body: precheckSchema },
      responses: { 200: { description: 'the outcome per financing type', schema: precheckResponse } },
      errors: [INVALID, E(422, 'UNPROCESSABLE', 'a currency the service does not accept')],
    },
    async (ctx, { body }) => {
      const partner = partnerOf(ctx);
      const accountId = accountIdOf(body.customer.email);
      const standing = await deps.decisions.accounts.precheckStanding(partner.id, accountId);
      const history = body.customer.fraudPreventionData ?? body.customer.extraData;
      const id = newId();
      const answer = precheck(
        {
          email: body.customer.email,
          ...(history ? { fraudPreventionData: history } : {}),
          ...(body.order?.totalPrice ? { total: body.order.totalPrice } : {}),
          ...(body.type ? { type: body.type } : {}),
        },
        standing,
        { sandbox: deps.sandbox, id, currency: deps.currency },
      );
      return { status: 200, body: { id, ...answer } };
    },
  );
}
