import Joi from 'joi';
import {
  deliveryCarrierSchema,
  documentSchema,
  documentsSchema,
  isoDate,
  ITEM_TYPES,
  MAX_AMOUNT,
  money,
  orderAddressesSchema,
  orderItemsSchema,
  totalVatSchema,
  variableSymbol,
  type DocumentInput,
  type FulfilmentInput,
  type OrderChangeInput,
} from '../order-rules/index.js';
import type { OrderLookup } from '../applications/index.js';
import { UUID_PATTERN } from '../../platform/http/paging.js';

/** The bodies of the order operations as validated: the rules' inputs, with documents as sent. */
export type FulfilmentBody = Omit<FulfilmentInput, 'op' | 'document'> & { document?: DocumentInput };
export interface ChangeOrderBody {
  reason?: string;
  order: Omit<OrderChangeInput, 'documents'> & { documents?: DocumentInput[] };
}

/**
 * Request schemas of the order operations (spec: "Order item operations", PUT order,
 * GET orders). Every field the applications module also accepts (money, VAT,
 * items, addresses, documents, carrier, dates, variable symbols) is validated with that
 * module's schema, so one field has one rule on create and on every order operation.
 */

/**
 * The amount an operation names (sent, delivered, returned, cancelled, refunded) is never
 * negative: a negative amount would move money the wrong way (a delivery that lowers what is
 * owed, a return that raises it). Refused here with 400 naming `totalPrice.amount`; the
 * upper bounds depend on the order and are the rules' (422 TOTAL_PRICE_LIMIT_EXCEEDED).
 */
const amountOut = money.keys({ amount: Joi.number().integer().min(0).max(MAX_AMOUNT).required() });

/** An item named in an operation: at least one identifier; all of those given must match the item. */
const itemRef = Joi.object({
  code: Joi.string().min(1).max(200),
  ean: Joi.string().min(1).max(14),
  name: Joi.string().min(1).max(255),
  type: Joi.string().valid(...ITEM_TYPES),
  quantity: Joi.number()
    .greater(0)
    .max(1_000_000)
    .precision(3)
    .allow(null)
    .description('pieces, up to 3 decimals; empty: all of the item that can still be marked'),
})
  .or('code', 'ean', 'name', 'type')
  .label('OrderItemReference');

const items = Joi.array().items(itemRef).max(1000);

export const sendSchema = Joi.object<FulfilmentBody>({
  items: items.min(1),
  totalPrice: amountOut.description('the sent total; at most the value of the items sent (the order total when the last pieces are sent)'),
  totalVat: totalVatSchema,
  variableSymbol,
  sentDate: isoDate,
  deliveryTrackingNumber: Joi.string().min(1).max(100),
  deliveryCarrier: deliveryCarrierSchema,
  specificSymbol: Joi.string().pattern(/^\d{1,10}$/, 'specific symbol (1-10 digits)'),
  document: documentSchema,
}).label('SendOrderRequest');

export const deliverSchema = Joi.object<FulfilmentBody>({
  items: items.min(1),
  totalPrice: amountOut.description(
    'the delivered total; defaults to the order total; at most the value of the items delivered (the order total when the last pieces are delivered), else 422 TOTAL_PRICE_LIMIT_EXCEEDED',
  ),
  totalVat: totalVatSchema,
  document: documentSchema,
  deliveryCarrier: deliveryCarrierSchema,
  deliveryDate: isoDate.description('the date the goods were delivered'),
}).label('DeliverOrderRequest');

export const returnSchema = Joi.object<FulfilmentBody>({
  items: items.description('omitted: full return; []: amount-only refund of totalPrice; filled: the listed items'),
  totalPrice: amountOut
    .description("the amount returned when it differs from the items' value; at most their value while other pieces stay open")
    .when('items', { is: Joi.array().length(0).required(), then: Joi.required() }),
  totalVat: totalVatSchema,
  document: documentSchema,
  variableSymbol,
}).label('ReturnOrderRequest');

export const cancelItemsSchema = Joi.object<FulfilmentBody>({
  items: items.min(1),
  totalPrice: amountOut.description("the amount cancelled when it differs from the items' value; at most their value while other pieces stay open"),
  totalVat: totalVatSchema,
}).label('CancelOrderItemsRequest');

export const changeOrderSchema = Joi.object<ChangeOrderBody, true>({
  reason: Joi.string().max(500).description('free text'),
  order: Joi.object({
    totalPrice: amountOut.description('the new total; must equal the items (a negative total is no order)'),
    totalVat: totalVatSchema,
    items: orderItemsSchema.description('replaces the item list'),
    addresses: orderAddressesSchema,
    deliveryCarrier: deliveryCarrierSchema,
    documents: documentsSchema.description("added to the order's documents"),
  })
    .min(1)
    .required()
    .description('only the changed data'),
}).label('ChangeOrderRequest');

export const orderQuerySchema = Joi.object<OrderLookup, true>({
  orderNumber: Joi.string().min(1).max(100),
  orderVariableSymbol: variableSymbol,
  applicationId: Joi.string().pattern(UUID_PATTERN, 'application id'),
})
  .or('orderNumber', 'orderVariableSymbol', 'applicationId')
  .messages({ 'object.missing': 'give at least one of orderNumber, orderVariableSymbol, applicationId' })
  .label('GetOrderQuery');

/** Each fulfilment operation's body schema (the API's routes and the partner portal validate by the same). */
export const FULFILMENT_SCHEMAS = { SEND: sendSchema, DELIVER: deliverSchema, RETURN: returnSchema, CANCEL: cancelItemsSchema } as const;
