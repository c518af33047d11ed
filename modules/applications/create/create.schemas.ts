import Joi from 'joi';
import { FINANCING_TYPES, orderSchema, type FinancingType, type OrderInput } from '../../order-rules/index.js';
import type { MerchantUrls } from '../application.model.js';
import { customerSchema, merchantUrlsSchema, overrideSchema, type CustomerInput } from '../application.schemas.js';

/**
 * POST /financing/v1/applications: the request as validated, and its schema, typed by it in
 * joi's strict form (a field on one side only does not compile).
 */
export interface CreateApplicationInput {
  type: FinancingType;
  agreementTermsAndConditions?: boolean | null;
  isRecurring?: boolean | null;
  customer: CustomerInput;
  order: OrderInput & { number: string };
  merchantUrls: MerchantUrls;
  customData?: Record<string, unknown> | null;
  override?: string[];
  /** the prechecks (POST /financing/v1/precheck) this purchase followed; for the partner's own tracing */
  precheckIds?: string[] | null;
}

export const createApplicationSchema = Joi.object<CreateApplicationInput, true>({
  type: Joi.string()
    .valid(...FINANCING_TYPES)
    .required(),
  agreementTermsAndConditions: Joi.boolean().allow(null).description('absent or false is stored as false'),
  isRecurring: Joi.boolean().allow(null).description('true creates a recurrence (DEFERRED_PAYMENT only)'),
  customer: customerSchema.required(),
  order: orderSchema.required(),
  merchantUrls: merchantUrlsSchema.required(),
  customData: Joi.object().unknown(true).allow(null).description('free key-value JSON object (at most 10 kB as JSON)'),
  override: overrideSchema,
  precheckIds: Joi.array().items(Joi.string().max(100)).max(10).unique().allow(null).description('ids of the prechecks this purchase followed'),
}).label('CreateApplicationRequest');
