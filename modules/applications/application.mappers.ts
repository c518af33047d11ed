import type { ApplicationDoc, RecurrenceDoc } from './application.model.js';
import type { AllowedActions } from './application.actions.js';
import type { GatewayLinks } from './gateway-links.js';
import { czechAccountNumber, type CollectionAccount } from './collection-account.js';
import type { DocumentMeta, OrderDoc, OrderItemDoc } from '../order-rules/index.js';

/**
 * Documents → the spec's response formats: camelCase, enum values as stored, times in
 * ISO 8601 without fractional seconds (spec: Formats), money as integer minor units.
 */

/** `2024-05-01T10:20:30Z`: an instant without fractional seconds. */
export function formatTime(at: Date): string {
  return at.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** A partner-given time with offset, returned without fractional seconds. */
export function stripFraction(time: string): string {
  return time.replace(/(T\d{2}:\d{2}:\d{2})\.\d+/, '$1');
}

function parseJson(text: string | null | undefined): unknown {
  return text == null ? null : JSON.parse(text);
}

const defined = <T extends Record<string, unknown>>(o: T): T => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

function itemResponse(item: OrderItemDoc) {
  return defined({
    code: item.code,
    ean: item.ean,
    name: item.name,
    type: item.type,
    variant: item.variant,
    producer: item.producer,
    categories: item.categories,
    quantity: item.quantity,
    unitPrice: item.unitPrice,
    totalPrice: item.totalPrice,
    unitVat: item.unitVat,
    totalVat: item.totalVat,
    image: item.image,
    productUrl: item.productUrl,
    state: item.state,
    // what happened to the pieces, beside the spec's `quantity` (ordered) and `state` (the
    // most advanced state of a piece still in the order): decimal pieces, like `quantity`
    quantitySent: item.sentMilli / 1000,
    quantityDelivered: item.deliveredMilli / 1000,
    quantityReturned: item.returnedMilli / 1000,
    quantityCancelled: item.cancelledMilli / 1000,
    sentDate: item.sentDate,
    deliveryDate: item.deliveryDate,
    deliveryTrackingNumber: item.deliveryTrackingNumber,
  });
}

/** Documents are returned as metadata: the bytes are not echoed back. */
function documentResponse(d: DocumentMeta) {
  return defined({
    type: d.type,
    file: defined({ filename: d.filename, mimeType: d.mimeType, size: d.size, sha256: d.sha256, url: d.sourceUrl }),
    description: d.description,
    extraData: d.extraDataJson ? parseJson(d.extraDataJson) : undefined,
  });
}

const latest = (dates: Array<string | undefined>) =>
  dates
    .filter((d): d is string => !!d)
    .sort()
    .at(-1);

/** The spec's Order (without applicationInfo; order operations add it). */
export function toOrderResponse(order: OrderDoc) {
  return defined({
    number: order.number,
    reservationDate: order.reservationDate ? stripFraction(order.reservationDate) : undefined,
    state: order.state,
    totalPrice: order.totalPrice,
    totalVat: order.totalVat,
    items: order.items.map(itemResponse),
    addresses: order.addresses,
    variableSymbols: order.variableSymbols,
    // an order operation that names no carrier stores it as null: absent, as the schema says
    deliveryType: order.deliveryType ?? undefined,
    deliveryCarrier: order.deliveryCarrier ?? undefined,
    merchantId: order.merchantId,
    // the order's latest dates and tracking number, as its items hold them
    sentDate: latest(order.items.map((i) => i.sentDate)),
    deliveryDate: latest(order.items.map((i) => i.deliveryDate)),
    deliveryTrackingNumber: order.items
      .map((i) => i.deliveryTrackingNumber)
      .filter(Boolean)
      .at(-1),
    channel: order.channel ?? undefined,
    documents: order.documents.map(documentResponse),
  });
}

/** `applicationInfo` of the order operations' responses. */
export function toApplicationInfo(doc: Pick<ApplicationDoc, '_id' | 'state' | 'stateReason'>) {
  return { id: doc._id, state: doc.state, stateReason: doc.stateReason };
}

/** The order operations' response: the order plus applicationInfo. */
export function toOrderWithInfo(doc: ApplicationDoc) {
  return { ...toOrderResponse(doc.order), applicationInfo: toApplicationInfo(doc) };
}

/** A recurrence as partners see it: `{id, state, financingType, originApplicationId, createdAt, authorizedAt, validUntil}`. */
export function toRecurrenceResponse(r: RecurrenceDoc, originApplicationId: string) {
  return defined({
    id: r.id,
    state: r.state,
    financingType: r.financingType,
    originApplicationId,
    createdAt: formatTime(r.createdAt),
    authorizedAt: r.authorizedAt ? formatTime(r.authorizedAt) : undefined,
    validUntil: r.validUntil ? formatTime(r.validUntil) : undefined,
  });
}

/**
 * The spec's Application. `gatewayRedirectUrl` is given by the caller (it is derived from
 * a key the document does not hold). An application created from a recurrence shows the
 * recurrence it came from when the caller passes it.
 */
export function toApplicationResponse(
  doc: ApplicationDoc,
  extra: {
    gatewayRedirectUrl?: string;
    recurrence?: ReturnType<typeof toRecurrenceResponse>;
    allowedActions?: readonly string[];
    paymentInstructions?: PaymentInstructions;
  } = {},
) {
  const c = doc.customer;
  const recurrence =
    extra.recurrence ??
    (doc.recurrence ? toRecurrenceResponse(doc.recurrence, doc._id) : undefined) ??
    (doc.fromRecurrenceId ? { id: doc.fromRecurrenceId } : undefined);
  return defined({
    id: doc._id,
    type: doc.type,
    state: doc.state,
    stateReason: doc.stateReason,
    agreementTermsAndConditions: doc.agreementTermsAndConditions,
    gatewayRedirectUrl: extra.gatewayRedirectUrl,
    customer: defined({
      titleBefore: c.titleBefore,
      titleAfter: c.titleAfter,
      fullName: c.fullName,
      firstName: c.firstName,
      lastName: c.lastName,
      email: c.email,
      phone: c.phone,
      tin: c.tin,
      vatin: c.vatin,
      addresses: c.addresses,
      fraudPreventionData: c.fraudPreventionData,
    }),
    order: toOrderResponse(doc.order),
    merchantUrls: doc.merchantUrls,
    customData: parseJson(doc.customDataJson),
    recurrence,
    cancelReason: doc.cancelReason?.reason,
    repaymentPlan: doc.repaymentPlan,
    paymentInstructions: extra.paymentInstructions,
    allowedActions: extra.allowedActions,
    createdAt: formatTime(doc.createdAt),
    updatedAt: formatTime(doc.updatedAt),
  });
}

export type ApplicationResponse = ReturnType<typeof toApplicationResponse>;

/** Where and how the customer pays the instalments: our account and the application's variable symbol. */
export interface PaymentInstructions {
  iban: string;
  /** the Czech domestic form of a CZ IBAN */
  accountNumber?: string;
  recipient: string;
  variableSymbol: string;
}

/**
 * The spec's Application as every route answers it: the document's fields, the customer's
 * gateway link (derived from a key the document does not hold) and what the partner may do
 * next (`allowedActions`).
 */
export class ApplicationAnswers {
  constructor(
    private readonly links: Pick<GatewayLinks, 'url'>,
    private readonly actions: Pick<AllowedActions, 'of'>,
    /** our collection account (COLLECTION_IBAN, payee BILLING_NAME) */
    private readonly account?: CollectionAccount,
  ) {}

  gatewayUrl(doc: Pick<ApplicationDoc, '_id' | 'gateway'>): string {
    return this.links.url(doc._id, doc.gateway.expiresAt);
  }

  response(doc: ApplicationDoc, extra: Parameters<typeof toApplicationResponse>[1] = {}) {
    const paymentInstructions = this.instructions(doc);
    return toApplicationResponse(doc, {
      gatewayRedirectUrl: this.gatewayUrl(doc),
      allowedActions: this.actions.of(doc),
      ...(paymentInstructions ? { paymentInstructions } : {}),
      ...extra,
    });
  }

  /** How the customer pays, once they confirmed at the gateway (where they were shown it). */
  private instructions(doc: ApplicationDoc): PaymentInstructions | undefined {
    const variableSymbol = doc.gateway.variableSymbol;
    if (!variableSymbol || !this.account) return undefined;
    const accountNumber = czechAccountNumber(this.account.iban);
    return { iban: this.account.iban, ...(accountNumber ? { accountNumber } : {}), recipient: this.account.name, variableSymbol };
  }
}
