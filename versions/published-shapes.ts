import Joi from 'joi';

/**
 * The response shapes of the 2023-06-26 version (the published 1.0 document), as joi
 * schemas: what the version's document is generated from, and what the version tests hold
 * every answer to (no property it does not declare, every required one present, null where
 * it allows null). Written from the document's facts in this project's words.
 */
// (a JSON-schema string may be empty; joi's default refuses that)
const str = Joi.string().allow('');
const nullableStr = str.allow(null);
const date = Joi.string()
  .pattern(/^\d{4}-\d{2}-\d{2}$/)
  .meta({ format: 'date' });
/** an enumeration (never the empty string) */
const oneOf = (...values: string[]) => Joi.string().valid(...values);
const amount = Joi.object({ amount: Joi.number().required(), currency: str.required() }).label('Amount');
const vatAmount = Joi.object({ amount: Joi.number().required(), currency: str.required(), vatRate: Joi.number().min(0).required() }).label('VatAmount');
const address = Joi.object({
  name: nullableStr.max(100),
  country: str.required(),
  city: str.max(100).required(),
  streetAddress: str.max(100).required(),
  streetNumber: nullableStr.max(100),
  zip: str.max(30).required(),
  addressType: oneOf('PERMANENT', 'CONTACT', 'DELIVERY', 'BILLING').required(),
}).label('Address');
const fulfilmentState = oneOf('PROCESSING', 'SENT', 'DELIVERED', 'RETURNED', 'CANCELLED');
const file = Joi.object({ filename: str.max(100).required(), url: str.required() });

export const applicationBase = Joi.object({
  id: str.required(),
  state: oneOf('PROCESSING', 'READY', 'REJECTED', 'CANCELLED').required(),
  stateReason: oneOf(
    'PROCESSING_REDIRECT_NEEDED',
    'PROCESSING_PREAPPROVED',
    'PROCESSING_VALIDATION_IN_PROGRESS',
    'REJECTED',
    'CANCELLED_NOT_PAID',
    'READY_TO_SHIP',
    'READY_SHIPPED',
    'READY_DELIVERED',
    'READY_PAID',
    'CANCELLED_RETURNED',
  ).required(),
}).label('ApplicationBaseResponse');

const item = Joi.object({
  code: str.max(200).required(),
  ean: nullableStr.max(64),
  name: str.max(255).required(),
  type: oneOf('PHYSICAL', 'DISCOUNT', 'SHIPPING_FEE', 'SALES_TAX', 'DIGITAL', 'GIFT_CARD', 'STORE_CREDIT', 'FEE', 'INSURANCE').allow(null),
  variant: nullableStr.max(250),
  description: nullableStr,
  producer: nullableStr.max(250),
  categories: Joi.array().items(str).allow(null),
  totalPrice: amount.required(),
  totalVat: vatAmount.required(),
  productUrl: nullableStr.max(200),
  state: fulfilmentState.required(),
  sentDate: date.allow(null).required(),
  deliveryDate: date.allow(null).required(),
  deliveryTrackingNumber: nullableStr.max(64).required(),
  image: file,
  unitPrice: amount.required(),
  unitVat: vatAmount.required(),
  quantity: Joi.number().required(),
}).label('OrderItemResponse');

const documentResponse = Joi.object({
  type: oneOf('INVOICE', 'PROFORMA_INVOICE', 'CREDIT_NOTE', 'OTHER').required(),
  file: file.required(),
  description: nullableStr,
  extraData: Joi.object({ variableSymbol: nullableStr }),
}).label('DocumentResponse');

export const order = Joi.object({
  number: str.max(100).required(),
  variableSymbols: Joi.array().items(str),
  totalPrice: amount.required(),
  totalVat: Joi.array().items(vatAmount).required(),
  addresses: Joi.array().items(address),
  deliveryType: oneOf('DELIVERY_CARRIER', 'PERSONAL_BRANCH', 'PERSONAL_PARTNER', 'ONLINE'),
  deliveryCarrier: Joi.any(),
  reservationDate: nullableStr,
  state: fulfilmentState.required(),
  deliveryDate: date.allow(null).required(),
  deliveryTrackingNumber: nullableStr.max(64).required(),
  sentDate: date.allow(null).required(),
  documents: Joi.array().items(documentResponse),
  items: Joi.array().items(item).required(),
  merchantId: nullableStr.required(),
}).label('OrderResponse');

export const orderExtended = order.keys({ applicationInfo: applicationBase.required() }).label('OrderExtendedResponse');

const customerExtraData = Joi.object({
  transactionsNumber: Joi.number().allow(null),
  cashlessTransactionsNumber: Joi.number().allow(null),
  transactionsSum: amount,
  cashlessTransactionsSum: amount,
  latestTransactionDate: date.allow(null),
  earliestTransactionDate: date.allow(null),
  pageTotalTime: Joi.number().allow(null),
  pageReviewsTime: Joi.number().allow(null),
  cartItemsRemoved: Joi.number().allow(null),
  itemsViewed: Joi.number().allow(null),
  tags: Joi.array().items(str.max(10)).allow(null),
}).label('CustomerExtraData');

const customer = Joi.object({
  titleBefore: nullableStr.max(60),
  titleAfter: nullableStr.max(60),
  email: str.max(254).required(),
  addresses: Joi.array().items(address),
  tin: nullableStr.max(20),
  vatin: nullableStr.max(20),
  extraData: customerExtraData,
  firstName: str.max(60).required(),
  lastName: str.max(60).required(),
  fullName: str.max(240).required(),
  phone: str.max(13).required(),
}).label('CustomerResponse');

export const recurrence = Joi.object({ id: str.required(), state: oneOf('APPROVING', 'READY', 'CANCELLED', 'EXPIRED').required() }).label('RecurrenceObject');

export const application = applicationBase
  .keys({
    customer: customer.required(),
    order: order.required(),
    type: oneOf('DEFERRED_PAYMENT', 'PAY_IN_THREE').required(),
    agreementTermsAndConditions: Joi.boolean().required(),
    gatewayRedirectUrl: str.required(),
    recurrence,
  })
  .label('ApplicationResponse');

export const payment = Joi.object({
  paymentId: str.required(),
  date: date.required(),
  applicationId: str.required(),
  value: amount.required(),
  invoice: Joi.object({
    fullName: nullableStr,
    address,
    dueDate: date.required(),
    accountNumber: Joi.object({ accountNumber: str.required(), bankCode: str.required() }).required(),
  }).label('InvoiceInfo'),
}).label('Payment');

export const pagingInfo = Joi.object({ itemsPerPage: Joi.number().required(), nextPage: str, prevPage: str }).label('PagingInfo');
export const payments = Joi.object({ data: Joi.array().items(payment).required(), pagingInfo }).label('PaymentsResponse');

export const errors = Joi.object({
  errors: Joi.array()
    .items(
      Joi.object({
        code: str.required(),
        message: str.required(),
        severity: oneOf('ERROR', 'WARN', 'INFO').required(),
        attribute: str,
        ticketId: str,
      }),
    )
    .required(),
}).label('ErrorsResponse');

export const login = Joi.object({ accessToken: nullableStr.required(), expiresIn: Joi.number() }).label('PartnerLoginResult');
export const health = Joi.object({ projectVersion: nullableStr.required() }).label('HealthCheckResponse');

const limits = Joi.object({ availableLimit: amount.required(), totalLimit: amount.required() }).label('Limits');
export const precheck = Joi.object({
  id: str.required(),
  results: Joi.array()
    .items(
      Joi.object({
        type: oneOf('DEFERRED_PAYMENT', 'PAY_IN_THREE').required(),
        recommendation: Joi.boolean().required(),
        probabilityOfApproval: Joi.number().required(),
        completeness: Joi.number(),
        code: oneOf(
          'OK',
          'UNKNOWN',
          'NOT_AVAILABLE',
          'ADDITIONAL_DATA_SECURITY',
          'ADDITIONAL_DATA_LIMIT',
          'INSUFFICIENT_LIMIT',
          'INSUFFICIENT_LIMIT_OPPORTUNITY',
          'DETAILS_NOT_MATCHING',
          'MANUAL_VERIFICATION',
        ).required(),
        PrecheckResultResponseSerializer: oneOf('UNKNOWN', 'FIRST_ORDER', 'FULL', 'BLOCKED').required(),
        message: str,
        additionalData: Joi.array().items(str),
      }).label('PrecheckResultResponse'),
    )
    .required(),
  limits,
}).label('PrecheckResultsResponse');
