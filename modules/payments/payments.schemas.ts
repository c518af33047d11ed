import Joi from 'joi';
import type { PageRequest } from './payments.paging.js';
import { cursorParameter, pageLimit, pagingInfoSchema, UUID_PATTERN } from '../../platform/http/paging.js';
import { notAfterRule } from '../../platform/openapi/parameter-rules.js';
import { isoDate, money } from '../order-rules/index.js';

/**
 * The payments list's query and answer (spec: Payment, PagingInfo), for the
 * route's validation and /openapi.json. Money and dates use the applications module's
 * schemas, so they read the same as everywhere else.
 */
const cursor = cursorParameter(UUID_PATTERN, 'paymentId', 'a payment of this application');

/** The paging rule of every list (platform/http/paging.ts): a cursor must be a paymentId of this application's list. */
export const paymentsQuerySchema = Joi.object<PageRequest, true>({
  limit: pageLimit,
  after: cursor.description('paymentId of the last item of the previous page (forward)'),
  before: cursor.description('paymentId of the first item of the following page (backward)'),
})
  .nand('after', 'before')
  .label('PaymentsQuery');

const invoiceSchema = Joi.object({
  fullName: Joi.string().required(),
  address: Joi.object({
    streetAddress: Joi.string().required(),
    streetNumber: Joi.string().required(),
    city: Joi.string().required(),
    zip: Joi.string().required(),
    country: Joi.string().required(),
    addressType: Joi.string().valid('PERMANENT').required(),
  }).required(),
  dueDate: isoDate.required().description('the payment date for a payout; 14 days later for a credit note'),
  accountNumber: Joi.object({ accountNumber: Joi.string().required(), bankCode: Joi.string().required() }).required(),
})
  .description("the service's billing data")
  .label('Invoice');

export const paymentOperationSchema = Joi.object({
  type: Joi.string().valid('SEND', 'DELIVER', 'RETURN', 'CANCEL', 'CHANGE').required(),
  idempotencyKey: Joi.string().description('the Idempotency-Key the call was sent with, when it had one'),
  items: Joi.array()
    .items(
      Joi.object({
        code: Joi.string().required(),
        quantity: Joi.number().required().description('decimal quantity the call touched'),
        amount: Joi.number().integer().required().description('the value of those pieces in minor units'),
      }),
    )
    .required()
    .description('the items the call named; empty for an amount-only refund or an order change'),
})
  .description('the call behind operationId')
  .label('PaymentOperation');

export const paymentSchema = Joi.object({
  paymentId: Joi.string().required().description('UUIDv7: sorts by time; the paging cursor'),
  type: Joi.string().valid('PAYOUT', 'CREDIT_NOTE').required().description('CREDIT_NOTE: goods came back after a payout; the partner owes it back'),
  date: isoDate.required().description('local date (Europe/Prague) of the record'),
  applicationId: Joi.string().required(),
  value: money.required().description('what moves: grossValue - fee; negative for a credit note'),
  grossValue: money.required().description('the value of the goods paid for (or credited)'),
  fee: money.required().description("the service's fee on grossValue"),
  variableSymbol: Joi.string().description("the order's first variable symbol"),
  operationId: Joi.string().description(
    'the call that caused it: the send, deliver, return, cancel or change whose answer returned this id (absent for payments made before operation ids)',
  ),
  operation: paymentOperationSchema,
  invoice: invoiceSchema.required(),
}).label('Payment');

export const paymentsPageSchema = Joi.object({
  data: Joi.array().items(paymentSchema).required(),
  pagingInfo: pagingInfoSchema('items').required().label('PagingInfo'),
}).label('PaymentsPage');

/** GET /financing/v1/payments: every payment line of the partner, filtered by date and type. */
export interface AccountPaymentsQuery extends PageRequest {
  from?: string;
  to?: string;
  type?: 'PAYOUT' | 'CREDIT_NOTE';
}

const accountCursor = cursorParameter(UUID_PATTERN, 'paymentId', 'a payment of this partner');

export const accountPaymentsQuerySchema = Joi.object<AccountPaymentsQuery, true>({
  limit: pageLimit,
  after: accountCursor.description('paymentId of the last item of the previous page (forward)'),
  before: accountCursor.description('paymentId of the first item of the following page (backward)'),
  from: isoDate.description('only payments dated on or after this local date (Europe/Prague)'),
  to: isoDate.description('only payments dated on or before this local date'),
  type: Joi.string().valid('PAYOUT', 'CREDIT_NOTE').description('only payouts, or only credit notes'),
})
  .nand('after', 'before')
  .meta(notAfterRule('from', 'to'))
  .label('AccountPaymentsQuery');

export const accountPaymentSchema = paymentSchema
  .append({
    settlementId: Joi.string().description('the settlement that paid or charged it; absent while it waits for the next cut-off'),
  })
  .label('AccountPayment');

export const accountPaymentsPageSchema = Joi.object({
  data: Joi.array().items(accountPaymentSchema).required(),
  pagingInfo: pagingInfoSchema('items').required().label('PagingInfo'),
}).label('AccountPaymentsPage');
