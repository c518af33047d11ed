import Joi from 'joi';
import { FINANCING_TYPES, orderSchema, type Address, type FinancingType, type OrderInput } from '../../order-rules/index.js';
import type { CustomerDoc, FraudPreventionData, MerchantUrls } from '../application.model.js';
import { customerSchema, merchantUrlsSchema, overrideSchema } from '../application.schemas.js';

/** POST /financing/v1/applications: the request as validated, and its schema. */
export interface CustomerInput extends Omit<CustomerDoc, 'addresses'> {
  addresses?: Address[];
  extraData?: FraudPreventionData;
}

export interface CreateApplicationInput {
  type: FinancingType;
  agreementTermsAndConditions?: boolean | null;
  isRecurring?: boolean | null;
  customer: CustomerInput;
  order: OrderInput & { number: string };
  merchantUrls: MerchantUrls;
  customData?: Record<string, unknown> | null;
  override?: string[];
}

export const createApplicationSchema = Joi.object({
  type: Joi.string().valid(...FINANCING_TYPES).required(),
  agreementTermsAndConditions: Joi.boolean().allow(null).description('absent or false is stored as false'),
  isRecurring: Joi.boolean().allow(null).description('true creates a recurrence (DEFERRED_PAYMENT only)'),
  customer: customerSchema.required(),
  order: orderSchema.required(),
  merchantUrls: merchantUrlsSchema.required(),
  customData: Joi.object().unknown(true).allow(null).description('free key-value JSON object (at most 10 kB as JSON)'),
  override: overrideSchema,
}).label('CreateApplicationRequest');
