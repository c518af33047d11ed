import { ACTIONS } from './application.actions.js';
import Joi from 'joi';
import { APPLICATION_STATES, CANCEL_REASONS, RECURRENCE_STATES, STATE_REASONS } from './application.model.js';
import {
  DOCUMENT_TYPES,
  FINANCING_TYPES,
  FULFILMENT_STATES,
  deliveryCarrierSchema,
  itemSchema,
  isoDate,
  money,
  orderSchema,
  vatAmount,
} from '../order-rules/index.js';
import { customerSchema, merchantUrlsSchema } from './application.schemas.js';

/**
 * Response schemas (for the OpenAPI document and the contract tests), built from the same
 * pieces as the request schemas (`append` adds the fields an answer has beyond a request's
 * shape, which the request schema's type does not know).
 */
const time = Joi.string()
  .pattern(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(Z|[+-]\d{2}:\d{2})$/)
  .description('ISO 8601, no fractional seconds');

export const recurrenceResponseSchema = Joi.object({
  id: Joi.string().required(),
  state: Joi.string()
    .valid(...RECURRENCE_STATES)
    .required(),
  financingType: Joi.string()
    .valid(...FINANCING_TYPES)
    .required(),
  originApplicationId: Joi.string().required(),
  createdAt: time.required(),
  authorizedAt: time,
  validUntil: time,
}).label('Recurrence');

const pieces = Joi.number().min(0).precision(3);

const itemResponse = itemSchema
  .append({
    quantity: Joi.number().required(),
    unitPrice: money.required(),
    unitVat: vatAmount.required(),
    state: Joi.string()
      .valid(...FULFILMENT_STATES)
      .required()
      .description('the most advanced state of a piece still in the order; CANCELLED or RETURNED when none is left'),
    quantitySent: pieces.required().description('pieces that left the shop (a delivery without a send counts as sent)'),
    quantityDelivered: pieces.required().description('pieces whose journey ended: delivered, or returned on the way'),
    quantityReturned: pieces.required().description('pieces that came back'),
    quantityCancelled: pieces.required().description('pieces cancelled before they left (also by cancelling the application)'),
    sentDate: isoDate,
    deliveryDate: isoDate,
    deliveryTrackingNumber: Joi.string(),
  })
  .label('OrderItemResponse');

const documentResponse = Joi.object({
  type: Joi.string()
    .valid(...DOCUMENT_TYPES)
    .required(),
  file: Joi.object({
    filename: Joi.string(),
    mimeType: Joi.string().required(),
    size: Joi.number().integer().required(),
    sha256: Joi.string().required(),
    url: Joi.string(),
  })
    .required()
    .description('metadata; the content is not echoed back'),
  description: Joi.string(),
  extraData: Joi.object().unknown(true),
}).label('DocumentResponse');

export const orderResponseSchema = orderSchema
  .append({
    number: Joi.string().allow('').required(),
    reservationDate: time,
    state: Joi.string()
      .valid(...FULFILMENT_STATES)
      .required()
      .description(
        'DELIVERED or SENT while such pieces are in the order, else PROCESSING while pieces are open; CANCELLED (nothing will be delivered, also after the application was cancelled) or RETURNED when nothing is left',
      ),
    items: Joi.array().items(itemResponse).required(),
    addresses: Joi.array().required(),
    variableSymbols: Joi.array().items(Joi.string()).required(),
    deliveryCarrier: deliveryCarrierSchema,
    documents: Joi.array().items(documentResponse).required(),
    merchantId: Joi.string().description('the seller of the goods, for a marketplace'),
    sentDate: isoDate.description('the latest sentDate of its items'),
    deliveryDate: isoDate.description('the latest deliveryDate of its items'),
    deliveryTrackingNumber: Joi.string().description('the tracking number of the latest send that gave one'),
  })
  .label('OrderResponse');

export const applicationInfoSchema = Joi.object({
  id: Joi.string().required(),
  state: Joi.string()
    .valid(...APPLICATION_STATES)
    .required(),
  stateReason: Joi.string()
    .valid(...STATE_REASONS)
    .required(),
}).label('ApplicationInfo');

export const orderWithInfoSchema = orderResponseSchema.append({ applicationInfo: applicationInfoSchema.required() }).label('OrderWithApplicationInfo');

const instalment = Joi.object({ dueDate: isoDate.required(), amount: money.required() });

export const applicationResponseSchema = Joi.object({
  id: Joi.string().required(),
  type: Joi.string()
    .valid(...FINANCING_TYPES)
    .required(),
  state: Joi.string()
    .valid(...APPLICATION_STATES)
    .required(),
  stateReason: Joi.string()
    .valid(...STATE_REASONS)
    .required(),
  agreementTermsAndConditions: Joi.boolean().required(),
  gatewayRedirectUrl: Joi.string().uri().required().description('send the customer here'),
  customer: customerSchema.keys({ extraData: Joi.forbidden(), addresses: Joi.array().required() }).required(),
  order: orderResponseSchema.required(),
  merchantUrls: merchantUrlsSchema.required(),
  customData: Joi.object().unknown(true).allow(null).required(),
  recurrence: Joi.alternatives()
    .try(recurrenceResponseSchema, Joi.object({ id: Joi.string().required() }))
    .description('present when the application is recurring, or created from a recurrence'),
  cancelReason: Joi.string().valid(...CANCEL_REASONS),
  repaymentPlan: Joi.array().items(instalment).description("the customer's instalments, once approved"),
  paymentInstructions: Joi.object({
    iban: Joi.string().required().description('our collection account'),
    accountNumber: Joi.string().description('the same account in the Czech domestic form (prefix-number/bank code), for a CZ IBAN'),
    recipient: Joi.string().required().description('the payee name'),
    variableSymbol: Joi.string()
      .pattern(/^\d{1,10}$/)
      .required()
      .description('the variable symbol the customer pays every instalment with'),
  })
    .label('PaymentInstructions')
    .description(
      "how the customer pays the instalments (our account and the application's variable symbol), present once the customer confirmed at the gateway, so the shop can repeat it on its thank-you page; the gateway link shows it too, with QR Platba codes",
    ),
  allowedActions: Joi.array()
    .items(Joi.string().valid(...ACTIONS))
    .required()
    .description(
      'the operations that would be accepted now, judged by the same rules as the calls: CANCEL (PUT cancel), CHANGE_ORDER (PUT order), SEND, DELIVER, RETURN (PUT order/send, /deliver, /return), CANCEL_ITEMS (PUT order/cancel)',
    ),
  createdAt: time.required(),
  updatedAt: time.required(),
  warnings: Joi.array()
    .items(Joi.object({ code: Joi.string(), message: Joi.string(), severity: Joi.string(), attribute: Joi.string() }))
    .description('non-blocking WARN records (deprecated fields), on create only'),
}).label('Application');
