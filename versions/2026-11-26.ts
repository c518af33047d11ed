import type { VersionChange } from '../platform/api-versions/api-versions.js';
import * as published from './published-shapes.js';

/**
 * 2026-11-26: what this version changed since the published 1.0 document (2023-06-26), and
 * how an answer goes back to that document's shapes for a partner still on it. Each shape
 * is rebuilt from the properties that version declares (so nothing it does not declare can
 * leak through). Where it requires a property we have no value for, the answer is what
 * the SDKs generated from its document read (table in docs/api-versions.md): null for a date
 * (no generated model checks a date's JSON type, and no text could stand for "no date"),
 * an empty text for a text (openapi-generator 6.6.0's models, the SDK shops were given,
 * call isJsonPrimitive() on a required text before any null check and throw on null).
 */
type Json = Record<string, any>;
const isObj = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);
/** A required text with no value: empty, never null (see the header). */
const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/** The properties of `from` that `keys` names and that are present. */
function pick(from: Json, keys: readonly string[]): Json {
  const out: Json = {};
  for (const k of keys) if (from[k] !== undefined) out[k] = from[k];
  return out;
}

const amount = (m: Json) => pick(m, ['amount', 'currency']);
const EXTRA_DATA = [
  'transactionsNumber',
  'cashlessTransactionsNumber',
  'transactionsSum',
  'cashlessTransactionsSum',
  'latestTransactionDate',
  'earliestTransactionDate',
  'pageTotalTime',
  'pageReviewsTime',
  'cartItemsRemoved',
  'itemsViewed',
  'tags',
];
const vatAmount = (v: Json) => pick(v, ['amount', 'currency', 'vatRate']);
const address = (a: Json) => pick(a, ['name', 'country', 'city', 'streetAddress', 'streetNumber', 'zip', 'addressType']);
const file = (f: Json | undefined) => (f && typeof f.url === 'string' ? { filename: f.filename ?? f.url.split('/').pop() ?? 'file', url: f.url } : undefined);

function item(i: Json): Json {
  return {
    ...pick(i, ['code', 'ean', 'name', 'type', 'variant', 'description', 'producer', 'categories', 'productUrl', 'state', 'quantity']),
    totalPrice: amount(i.totalPrice),
    totalVat: vatAmount(i.totalVat),
    unitPrice: amount(i.unitPrice),
    unitVat: vatAmount(i.unitVat),
    sentDate: i.sentDate ?? null,
    deliveryDate: i.deliveryDate ?? null,
    deliveryTrackingNumber: text(i.deliveryTrackingNumber),
    ...(file(i.image) ? { image: file(i.image) } : {}),
  };
}

function documentOf(d: Json): Json | undefined {
  const f = file(d.file);
  if (!f) return undefined; // a document without a URL to fetch it from cannot be told in this version
  return { ...pick(d, ['type', 'description']), file: f, ...(isObj(d.extraData) ? { extraData: pick(d.extraData, ['variableSymbol']) } : {}) };
}

function order(o: Json): Json {
  return {
    // (no deliveryCarrier: that version's carrier is a choice of two string forms that a carrier
    // code matches both of, which its SDKs refuse to read; it is optional there)
    ...pick(o, ['number', 'variableSymbols', 'deliveryType', 'reservationDate', 'state']),
    totalPrice: amount(o.totalPrice),
    totalVat: (o.totalVat ?? []).map(vatAmount),
    addresses: (o.addresses ?? []).map(address),
    items: (o.items ?? []).map(item),
    documents: (o.documents ?? []).map(documentOf).filter(Boolean),
    sentDate: o.sentDate ?? null,
    deliveryDate: o.deliveryDate ?? null,
    deliveryTrackingNumber: text(o.deliveryTrackingNumber),
    merchantId: text(o.merchantId),
  };
}

const applicationBase = (a: Json) => pick(a, ['id', 'state', 'stateReason']);
const orderExtended = (o: Json) => ({ ...order(o), applicationInfo: applicationBase(o.applicationInfo ?? {}) });

/** The version requires the three names; a customer given by one name alone is split at its last space. */
function customer(c: Json): Json {
  const full = c.fullName ?? [c.firstName, c.lastName].filter(Boolean).join(' ');
  const cut = full.lastIndexOf(' ');
  return {
    ...pick(c, ['titleBefore', 'titleAfter', 'email', 'tin', 'vatin', 'phone']),
    addresses: (c.addresses ?? []).map(address),
    // that version's name for what the shop knows of the customer (fraudPreventionData now)
    ...(isObj(c.fraudPreventionData ?? c.extraData) ? { extraData: pick(c.fraudPreventionData ?? c.extraData, EXTRA_DATA) } : {}),
    fullName: full,
    firstName: c.firstName ?? (cut > 0 ? full.slice(0, cut) : full),
    lastName: c.lastName ?? (cut > 0 ? full.slice(cut + 1) : full),
    phone: c.phone ?? '',
  };
}

function application(a: Json): Json {
  return {
    ...applicationBase(a),
    ...pick(a, ['type', 'agreementTermsAndConditions', 'gatewayRedirectUrl']),
    customer: customer(a.customer ?? {}),
    order: order(a.order ?? {}),
    ...(isObj(a.recurrence) && a.recurrence.state ? { recurrence: pick(a.recurrence, ['id', 'state']) } : {}),
  };
}

function payment(p: Json): Json {
  const inv = isObj(p.invoice) ? p.invoice : undefined;
  return {
    ...pick(p, ['paymentId', 'date', 'applicationId']),
    value: amount(p.value),
    ...(inv
      ? {
          invoice: {
            ...pick(inv, ['fullName', 'dueDate']),
            ...(isObj(inv.address) ? { address: address(inv.address) } : {}),
            accountNumber: pick(inv.accountNumber ?? {}, ['accountNumber', 'bankCode']),
          },
        }
      : {}),
  };
}

const errors = (b: Json) => ({ errors: (b.errors ?? []).map((e: Json) => pick(e, ['code', 'message', 'severity', 'attribute', 'ticketId'])) });

/** Success bodies by shape; any 4xx/5xx JSON body is the errors shape. */
const orErrors = (ok: (b: Json) => Json) => (body: unknown, status: number) => {
  const b = isObj(body) ? body : {};
  return status >= 400 ? errors(b) : ok(b);
};

const ORDER_OPERATIONS = ['changeOrder', 'getOrder', 'sendOrderItems', 'deliverOrderItems', 'returnOrderItems', 'cancelOrderItems'];

export const change20261126: VersionChange = {
  version: '2026-11-26',
  changes: [
    'Health: `status` and `components` beside `projectVersion`.',
    'Application: `merchantUrls`, `customData`, `allowedActions`, `repaymentPlan`, `cancelReason`, `createdAt`, `updatedAt`, `warnings`; the recurrence with its validity; no `customer.extraData` echoed.',
    'Order: per-item `quantitySent`, `quantityDelivered`, `quantityReturned`, `quantityCancelled`; document metadata (`mimeType`, `size`, `sha256`); no empty `sentDate`, `deliveryDate`, `deliveryTrackingNumber`, `merchantId`.',
    'Payment: `type` (PAYOUT or CREDIT_NOTE), `grossValue`, `fee`, `variableSymbol`, and the call that caused it: `operationId` and `operation` (its type, Idempotency-Key and items).',
    'Order operations (send, deliver, return, cancel items, change): the answer carries `operationId`, which every payment line the call causes names.',
    'New: the account-wide payments (`GET /financing/v1/payments`), settlements with their lines and CSV report (`GET /financing/v1/settlements…`), the sandbox close, and settlement webhooks and feed entries (none for partners on the version before).',
    'Login: only what the version declared.',
    'Cancel: answers the order and the application basics (the spec), with the whole application under `application`; that version answered the application.',
    'Recurrence: `financingType`, `originApplicationId`, `createdAt`, `authorizedAt`, `validUntil`.',
  ],
  responses: {
    health: (body) => ({ projectVersion: text(isObj(body) ? body.projectVersion : undefined) }),
    login: orErrors((b) => pick(b, ['accessToken', 'expiresIn'])),
    createApplication: orErrors(application),
    createApplicationFromRecurrence: orErrors(application),
    getApplication: orErrors(application),
    // the spec answers a cancel with the order and the application basics; that version with the application
    cancelApplication: orErrors((b) => application(isObj(b.application) ? b.application : b)),
    getRecurrence: orErrors((b) => pick(b, ['id', 'state'])),
    updateRecurrence: orErrors((b) => pick(b, ['id', 'state'])),
    listPayments: orErrors((b) => ({
      data: (b.data ?? []).map(payment),
      ...(isObj(b.pagingInfo) ? { pagingInfo: pick(b.pagingInfo, ['itemsPerPage', 'nextPage', 'prevPage']) } : {}),
    })),
    precheck: orErrors((b) => b),
    ...Object.fromEntries(ORDER_OPERATIONS.map((op) => [op, orErrors(orderExtended)])),
  },
  notifications: {
    APPLICATION: (body) => applicationBase(isObj(body) ? body : {}),
    PAYMENT: (body) => payment(isObj(body) ? body : {}),
  },
};

/** The shapes of the version before this change, per operation and status (its document and its tests). */
export const PUBLISHED_RESPONSES: Record<string, Record<number, import('joi').Schema>> = {
  health: { 200: published.health },
  login: { 200: published.login, 400: published.errors },
  createApplication: { 200: published.application, 201: published.application, 400: published.errors },
  getApplication: { 200: published.application, 404: published.errors },
  createApplicationFromRecurrence: { 201: published.application, 400: published.errors, 404: published.errors, 422: published.errors },
  getRecurrence: { 200: published.recurrence, 404: published.errors },
  updateRecurrence: { 200: published.recurrence, 404: published.errors, 422: published.errors },
  cancelApplication: { 200: published.application, 422: published.errors },
  listPayments: { 200: published.payments, 404: published.errors },
  precheck: { 200: published.precheck, 400: published.errors, 422: published.errors },
  ...Object.fromEntries(ORDER_OPERATIONS.map((op) => [op, { 200: published.orderExtended, 404: published.errors, 422: published.errors }])),
};
