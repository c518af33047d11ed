import Joi from 'joi';
import { CARRIER_IDS, DOCUMENT_TYPES, ITEM_TYPES, ORDER_ADDRESS_TYPES } from '../applications/index.js';

/**
 * Request schemas of the order operations (spec: "Order item operations", PUT order,
 * GET orders; DESIGN 4, 5). The field rules mirror the create schemas of the applications
 * module (which are not on its public face); docs/orders-and-payments.md lists the face
 * additions that would let both share one definition.
 */
const MAX_AMOUNT = 10_000_000_000_000;
const MAX_BASE64 = Math.ceil((500 * 1024) / 3) * 4 + 4;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO_DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

const realDate = (value: string, helpers: Joi.CustomHelpers) =>
  new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value ? value : helpers.error('any.invalid');

export const isoDate = Joi.string().pattern(ISO_DATE, 'YYYY-MM-DD').custom(realDate).description('ISO 8601 date, YYYY-MM-DD');
const currency = Joi.string().pattern(/^[A-Z]{3}$/, 'ISO 4217 code');
export const money = Joi.object({
  amount: Joi.number().integer().min(-MAX_AMOUNT).max(MAX_AMOUNT).required().description('integer in minor units'),
  currency: currency.required(),
}).label('Money');
/** Amounts that move money out of an order are never negative. */
const amountOut = money.keys({ amount: Joi.number().integer().min(0).max(MAX_AMOUNT).required() });
export const vatAmount = Joi.object({
  vatRate: Joi.number().min(0).max(100).precision(2).required(),
  amount: Joi.number().integer().min(-MAX_AMOUNT).max(MAX_AMOUNT).required(),
  currency: currency.required(),
}).label('VatAmount');
const totalVat = Joi.array().items(vatAmount).max(20).unique('vatRate').description('one entry per VAT rate');
const url = (schemes = ['https', 'http']) => Joi.string().uri({ scheme: schemes }).max(2000);
const variableSymbol = Joi.string().pattern(/^\d{1,10}$/, 'digits, at most 10');

export const deliveryCarrierSchema = Joi.alternatives().try(
  Joi.object({ carrierId: Joi.string().valid(...CARRIER_IDS).required() }),
  Joi.object({ carrierCustom: Joi.string().min(1).max(250).required() }),
).description('a known carrier code or a custom carrier text (DESIGN 5)');

const base64 = Joi.string().base64().max(MAX_BASE64);
export const documentSchema = Joi.object({
  type: Joi.string().valid(...DOCUMENT_TYPES).required(),
  file: Joi.alternatives().try(
    Joi.object({ filename: Joi.string().min(1).max(255).required(), content: base64.required() }),
    url(['https']).description('https URL the service fetches'),
    base64.description('bare base64 content'),
  ).required(),
  description: Joi.string().max(255),
  extraData: Joi.object({ variableSymbol }).unknown(true),
}).label('Document');

/** An item named in an operation: at least one identifier; all given must match (spec rule 3). */
const itemRef = Joi.object({
  code: Joi.string().min(1).max(200),
  ean: Joi.string().min(1).max(14),
  name: Joi.string().min(1).max(255),
  type: Joi.string().valid(...ITEM_TYPES),
  quantity: Joi.number().greater(0).max(1_000_000).precision(3).allow(null)
    .description('pieces, up to 3 decimals; empty: all of the item that can still be marked'),
}).or('code', 'ean', 'name', 'type').label('OrderItemReference');

const items = Joi.array().items(itemRef).max(1000);

export const sendSchema = Joi.object({
  items: items.min(1),
  totalPrice: money,
  totalVat,
  variableSymbol,
  sentDate: isoDate,
  deliveryTrackingNumber: Joi.string().min(1).max(100),
  deliveryCarrier: deliveryCarrierSchema,
}).label('SendOrderRequest');

export const deliverSchema = Joi.object({
  items: items.min(1),
  totalPrice: money.description('the delivered total; defaults to the order total (422 TOTAL_PRICE_LIMIT_EXCEEDED above it)'),
  totalVat,
  document: documentSchema,
  deliveryCarrier: deliveryCarrierSchema,
}).label('DeliverOrderRequest');

export const returnSchema = Joi.object({
  items: items.description('omitted: full return; []: amount-only refund of totalPrice; filled: the listed items'),
  totalPrice: amountOut.description('the amount returned when it differs from the items\' value')
    .when('items', { is: Joi.array().length(0).required(), then: Joi.required() }),
  totalVat,
  document: documentSchema,
  variableSymbol,
}).label('ReturnOrderRequest');

export const cancelItemsSchema = Joi.object({
  items: items.min(1),
  totalPrice: amountOut.description('the amount cancelled when it differs from the items\' value'),
  totalVat,
}).label('CancelOrderItemsRequest');

const itemSchema = Joi.object({
  code: Joi.string().min(1).max(200).required(),
  ean: Joi.string().pattern(/^\d{8,14}$/, 'EAN/GTIN digits'),
  name: Joi.string().min(1).max(255).required(),
  type: Joi.string().valid(...ITEM_TYPES),
  variant: Joi.string().max(255),
  producer: Joi.string().max(255),
  categories: Joi.array().items(Joi.string().min(1).max(255)).max(20),
  quantity: Joi.number().min(1).max(1_000_000).precision(3).allow(null),
  unitPrice: money,
  totalPrice: money.required(),
  unitVat: vatAmount,
  totalVat: vatAmount.required(),
  image: Joi.alternatives().try(url(), Joi.object({ url: url().required(), title: Joi.string().max(255) })),
  productUrl: url(),
}).label('OrderItem');

const address = Joi.object({
  name: Joi.string().max(255),
  city: Joi.string().max(100),
  country: Joi.string().pattern(/^[A-Z]{2}$/, 'ISO 3166-1 alpha-2'),
  streetAddress: Joi.string().max(255),
  streetNumber: Joi.string().max(20),
  zip: Joi.string().max(20),
  addressType: Joi.string().valid(...ORDER_ADDRESS_TYPES).required(),
}).label('OrderAddress');

export const changeOrderSchema = Joi.object({
  reason: Joi.string().max(500).description('free text'),
  order: Joi.object({
    totalPrice: money,
    totalVat,
    items: Joi.array().items(itemSchema).min(1).max(1000),
    addresses: Joi.array().items(address).max(10),
    deliveryCarrier: deliveryCarrierSchema,
    documents: Joi.array().items(documentSchema).max(10),
  }).min(1).required().description('only the changed data'),
}).label('ChangeOrderRequest');

export const applicationIdParams = Joi.object({
  applicationId: Joi.string().pattern(UUID, 'application id').required(),
});

export const orderQuerySchema = Joi.object({
  orderNumber: Joi.string().min(1).max(100),
  orderVariableSymbol: variableSymbol,
  applicationId: Joi.string().pattern(UUID, 'application id'),
}).or('orderNumber', 'orderVariableSymbol', 'applicationId')
  .messages({ 'object.missing': 'give at least one of orderNumber, orderVariableSymbol, applicationId' })
  .label('GetOrderQuery');
