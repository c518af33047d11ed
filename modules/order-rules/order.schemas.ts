import Joi from 'joi';
import { partnerUrl } from '../../platform/net/partner-url.js';
import {
  CARRIER_IDS,
  DELIVERY_TYPES,
  DOCUMENT_TYPES,
  ITEM_TYPES,
  ORDER_ADDRESS_TYPES,
  type Address,
  type DeliveryCarrier,
  type DeliveryType,
  type DocumentType,
  type Money,
  type OrderItemDoc,
  type VatAmount,
} from './order.model.js';

/**
 * Request schemas of the order, wherever a partner sends one (create, create from a
 * recurrence, order change, fulfilment) or a field of it: every field, format and limit of
 * the spec, and ours where the spec is silent. Semantic rules across fields (sums,
 * currencies) are in order.checks.ts. Each schema is typed by the shape it validates (the
 * input types below, or the model's) in joi's strict form, so a field the shape has and the
 * schema lacks, or the other way round, does not compile: the shape is declared once.
 */

/** The order as a partner sends it, validated. */

/** An item as the partner sends it: the stored item's description; quantity and unit amounts may be left out. */
export interface ItemInput
  extends Pick<OrderItemDoc, 'code' | 'ean' | 'name' | 'type' | 'variant' | 'producer' | 'categories' | 'totalPrice' | 'totalVat' | 'image' | 'productUrl'> {
  /** null or absent counts as 1 */
  quantity?: number | null;
  unitPrice?: Money;
  unitVat?: VatAmount;
}

export type FileInput = string | { filename: string; content: string };

export interface DocumentInput {
  type: DocumentType;
  file: FileInput;
  description?: string;
  extraData?: Record<string, unknown>;
}

export interface OrderInput {
  number?: string;
  reservationDate?: string;
  totalPrice: Money;
  totalVat: VatAmount[];
  items: ItemInput[];
  addresses?: Address[];
  variableSymbols?: string[];
  deliveryType?: DeliveryType;
  deliveryCarrier?: DeliveryCarrier;
  channel?: string;
  /** the shop's own id of the merchant selling the goods (a marketplace's seller) */
  merchantId?: string;
  documents?: DocumentInput[];
}

/** Create from recurrence: only the totals are required; items are derived when none are sent. */
export type RecurrenceOrderInput = Omit<OrderInput, 'items'> & { items?: ItemInput[] };

/** Money: 1e13 minor units is far above any purchase and far below 2^53. */
export const MAX_AMOUNT = 10_000_000_000_000;
/** spec Limits: 500 kB per file. */
export const MAX_FILE_BYTES = 500 * 1024;
/** The longest base64 text of at most MAX_FILE_BYTES (padded to 4 characters); a longer one always decodes to more. */
const MAX_BASE64 = Math.ceil(MAX_FILE_BYTES / 3) * 4;

/**
 * A calendar date, YYYY-MM-DD, as a pattern that only days of the calendar match (30 days
 * hath September; February 29 in leap years of the Gregorian calendar: divisible by 4, and
 * by 400 at a century), so the OpenAPI document says what the server takes.
 */
const LEAP_YEAR = '(?:\\d{2}(?:0[48]|[2468][048]|[13579][26])|(?:[02468][048]|[13579][26])00)';
const CALENDAR_DATE = `(?:\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|02-(?:0[1-9]|1\\d|2[0-8]))|${LEAP_YEAR}-02-29)`;
const ISO_DATE = new RegExp(`^${CALENDAR_DATE}$`);
/** ISO 8601 date-time with an offset; fractional seconds are accepted on input (spec Formats). */
const ISO_DATE_TIME_OFFSET = new RegExp(`^${CALENDAR_DATE}T(?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(?:\\.\\d{1,9})?(?:Z|[+-](?:[01]\\d|2[0-3]):[0-5]\\d)$`);

const realDate = (value: string, helpers: Joi.CustomHelpers) =>
  Number.isNaN(Date.parse(value.length === 10 ? `${value}T00:00:00Z` : value)) ||
  new Date(`${value.slice(0, 10)}T00:00:00Z`).toISOString().slice(0, 10) !== value.slice(0, 10)
    ? helpers.error('any.invalid')
    : value;

export const isoDate = Joi.string().pattern(ISO_DATE, 'YYYY-MM-DD').custom(realDate).description('ISO 8601 date, YYYY-MM-DD');
export const isoDateTime = Joi.string()
  .pattern(ISO_DATE_TIME_OFFSET, 'ISO 8601 date-time with offset')
  .custom(realDate)
  .description('ISO 8601 date-time with an offset, e.g. 2024-05-01T14:30:00+02:00');
const url = partnerUrl;

export const currency = Joi.string()
  .pattern(/^[A-Z]{3}$/, 'ISO 4217 code')
  .description('ISO 4217 currency code');
export const money = Joi.object<Money, true>({
  amount: Joi.number().integer().min(-MAX_AMOUNT).max(MAX_AMOUNT).required().description('integer in minor units (125.90 → 12590)'),
  currency: currency.required(),
}).label('Money');
export const vatAmount = Joi.object<VatAmount, true>({
  vatRate: Joi.number().min(0).max(100).precision(2).required().description('VAT rate in percent'),
  amount: Joi.number().integer().min(-MAX_AMOUNT).max(MAX_AMOUNT).required().description('integer in minor units'),
  currency: currency.required(),
}).label('VatAmount');

/** A variable symbol (the payment reference of Czech bank transfers): digits only, at most 10. */
export const variableSymbol = Joi.string().pattern(/^\d{1,10}$/, 'digits, at most 10');
/** One entry per VAT rate. */
export const totalVatSchema = Joi.array().items(vatAmount).max(20).unique('vatRate').description('one entry per VAT rate');

/** An address whose `addressType` is one of `types` (the order's and the customer's differ). */
export const addressSchema = (types: readonly string[]) =>
  Joi.object<Address, true>({
    name: Joi.string().max(255),
    city: Joi.string().max(100),
    country: Joi.string()
      .pattern(/^[A-Z]{2}$/, 'ISO 3166-1 alpha-2')
      .description('ISO 3166-1 alpha-2 country code'),
    streetAddress: Joi.string().max(255),
    streetNumber: Joi.string().max(20),
    zip: Joi.string().max(20),
    addressType: Joi.string()
      .valid(...types)
      .required(),
  }).label('Address');
/** Order addresses: BILLING and DELIVERY only (spec Order). */
export const orderAddressSchema = addressSchema(ORDER_ADDRESS_TYPES);

const quantity = Joi.number().min(1).max(1_000_000).precision(3).allow(null).description('positive, at most 3 decimal places, minimum 1; empty counts as 1');

export const itemSchema = Joi.object<ItemInput, true>({
  code: Joi.string().min(1).max(200).required(),
  ean: Joi.string().pattern(/^\d{8,14}$/, 'EAN/GTIN digits'),
  name: Joi.string().min(1).max(255).required(),
  type: Joi.string().valid(...ITEM_TYPES),
  variant: Joi.string().max(255),
  producer: Joi.string().max(255),
  categories: Joi.array().items(Joi.string().min(1).max(255)).max(20),
  quantity,
  unitPrice: money,
  totalPrice: money.required().description('all pieces, VAT included'),
  unitVat: vatAmount,
  totalVat: vatAmount.required(),
  image: Joi.alternatives().try(url(), Joi.object({ url: url().required(), title: Joi.string().max(255) })),
  productUrl: url(),
}).label('OrderItem');

const base64 = Joi.string().base64().max(MAX_BASE64);
/** `{filename, content}` or a string: bare base64, or an https URL the service fetches. */
export const fileSchema = Joi.alternatives()
  .try(
    Joi.object({
      // a name, never a path; no control or bidirectional formatting characters (the document
      // store checks the same, and the extension against the content)
      filename: Joi.string()
        .min(1)
        .max(255)
        .pattern(/^(?!.*\.\.)[^/\\\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]+$/, 'file name')
        .required(),
      content: base64.required(),
    }),
    url(['https']).description('https URL the service fetches'),
    base64.description('bare base64 content'),
  )
  .description('the file: {filename, content (base64)}, bare base64 content, or an https URL; at most 500 kB');

export const documentSchema = Joi.object<DocumentInput, true>({
  type: Joi.string()
    .valid(...DOCUMENT_TYPES)
    .required(),
  file: fileSchema.required(),
  description: Joi.string().max(255),
  extraData: Joi.object({ variableSymbol }).unknown(true),
}).label('Document');

export const documentsSchema = Joi.array().items(documentSchema).max(10);
export const orderItemsSchema = Joi.array().items(itemSchema).min(1).max(1000);
export const orderAddressesSchema = Joi.array().items(orderAddressSchema).max(10);

export const deliveryCarrierSchema = Joi.alternatives()
  .try(
    Joi.object({
      carrierId: Joi.string()
        .valid(...CARRIER_IDS)
        .required(),
    }),
    Joi.object({ carrierCustom: Joi.string().min(1).max(250).required() }),
  )
  .description('a known carrier code or a custom carrier text');

/** The order of a create; a create from a recurrence and an order change take it in part. */
export const orderSchema = Joi.object<OrderInput & { number: string }, true>({
  number: Joi.string().min(1).max(100).required(),
  reservationDate: isoDateTime,
  totalPrice: money.required().description('VAT included'),
  totalVat: totalVatSchema.required(),
  items: orderItemsSchema.required(),
  addresses: orderAddressesSchema,
  variableSymbols: Joi.array().items(variableSymbol).max(10).unique(),
  deliveryType: Joi.string().valid(...DELIVERY_TYPES),
  deliveryCarrier: deliveryCarrierSchema,
  channel: Joi.string().min(1).max(100),
  merchantId: Joi.string().min(1).max(100).description('the seller of the goods, for a marketplace'),
  documents: documentsSchema,
}).label('Order');
