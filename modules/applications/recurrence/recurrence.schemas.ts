import Joi from 'joi';
import { UnprocessableError } from '../../../platform/errors.js';
import { UUID_PATTERN } from '../../../platform/http/paging.js';
import { FINANCING_TYPES, orderItemsSchema, orderSchema, totalVatSchema, type FinancingType, type RecurrenceOrderInput } from '../../order-rules/index.js';
import type { MerchantUrls } from '../application.model.js';
import { merchantUrlsSchema, overrideSchema } from '../application.schemas.js';

export interface CreateFromRecurrenceInput {
  type: FinancingType;
  order: RecurrenceOrderInput;
  merchantUrls: MerchantUrls;
  customData?: Record<string, unknown> | null;
  override?: string[];
}
/**
 * Create from recurrence: the spec requires only order.totalPrice, order.totalVat and
 * merchantUrls. Without items the service derives them from totalVat, so it needs a rate.
 */
export const createFromRecurrenceSchema = Joi.object<CreateFromRecurrenceInput, true>({
  type: Joi.string()
    .valid(...FINANCING_TYPES)
    .default('DEFERRED_PAYMENT'),
  order: orderSchema
    .keys({
      number: Joi.string().min(1).max(100),
      items: orderItemsSchema.description('optional; without items one item per VAT rate is derived from the totals'),
      totalVat: totalVatSchema.required().when('items', { not: Joi.exist(), then: Joi.array().min(1) }),
    })
    .required(),
  merchantUrls: merchantUrlsSchema.required(),
  customData: Joi.object().unknown(true).allow(null),
  override: overrideSchema,
}).label('CreateFromRecurrenceRequest');

export const recurrenceIdParams = Joi.object<{ recurrenceId: string }, true>({
  recurrenceId: Joi.string().pattern(UUID_PATTERN, 'recurrence id').required(),
});

/**
 * CANCELLED is the only state a partner can set. Another value is answered 422 UNPROCESSABLE
 * (a state the recurrence cannot be given), not 400: the schema names the one value, the
 * answer keeps its code.
 */
const onlyCancelled = (errors: Joi.ErrorReport[]) =>
  errors.some((e) => e.code === 'any.only')
    ? new UnprocessableError('UNPROCESSABLE', 'CANCELLED is the only state a recurrence can be set to.', { attribute: 'state' })
    : errors;

export const patchRecurrenceSchema = Joi.object<{ state: string }, true>({
  state: Joi.string().valid('CANCELLED').required().error(onlyCancelled).description('CANCELLED is the only value; another is answered 422 UNPROCESSABLE'),
}).label('PatchRecurrenceRequest');
