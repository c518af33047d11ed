import type { Money } from '../../platform/money.js';

/**
 * The order as the application holds it: its items with their fulfilment counters, its
 * adjustments and history, its documents. One shape, used by every rule in this folder and
 * stored inside the application document (modules/applications/application.model.ts), so
 * that an order changes in the same atomic write as its application.
 *
 * Money is integers in minor units everywhere. Quantities are kept as given and as
 * integer thousandths (`quantityMilli`), so that partial fulfilment adds up exactly.
 */
/** The enumerations the spec leaves open, fixed by the service. */
export const DOCUMENT_TYPES = ['INVOICE', 'PROFORMA_INVOICE', 'CREDIT_NOTE', 'OTHER'] as const;
export const ADDRESS_TYPES = ['PERMANENT', 'CONTACT', 'DELIVERY', 'BILLING'] as const;
export const ORDER_ADDRESS_TYPES = ['BILLING', 'DELIVERY'] as const;
export const ITEM_TYPES = ['PHYSICAL', 'DISCOUNT', 'SHIPPING_FEE', 'SALES_TAX', 'DIGITAL', 'GIFT_CARD', 'STORE_CREDIT', 'FEE', 'INSURANCE'] as const;
/** Item types whose price reduces the order total (their amounts may be negative). */
export const DEDUCTION_ITEM_TYPES: readonly ItemType[] = ['DISCOUNT', 'GIFT_CARD', 'STORE_CREDIT'];
export const FULFILMENT_STATES = ['PROCESSING', 'SENT', 'DELIVERED', 'RETURNED', 'CANCELLED'] as const;
export const DELIVERY_TYPES = ['DELIVERY_CARRIER', 'PERSONAL_BRANCH', 'PERSONAL_PARTNER', 'ONLINE'] as const;
export const CARRIER_IDS = [
  'CZ_POST_HAND',
  'CZ_POST_OFFICE',
  'CZ_POST_OTHER',
  'PPL',
  'DPD',
  'GEIS',
  'IN_TIME',
  'TOP_TRANS',
  'GEBRUDER_WEISS',
  'LOCAL_COURIER',
  'TNT',
  'GLS',
  'HDS_COMFORT',
  'HDS_STANDARD',
] as const;

export type DocumentType = (typeof DOCUMENT_TYPES)[number];
export type AddressType = (typeof ADDRESS_TYPES)[number];
export type ItemType = (typeof ITEM_TYPES)[number];
export type FulfilmentState = (typeof FULFILMENT_STATES)[number];
export type DeliveryType = (typeof DELIVERY_TYPES)[number];

export type { Money };

export interface VatAmount extends Money {
  vatRate: number;
}

export interface Address {
  name?: string;
  city?: string;
  country?: string;
  streetAddress?: string;
  streetNumber?: string;
  zip?: string;
  addressType: AddressType;
}

/** A known carrier code or a custom text (one of the two). */
export type DeliveryCarrier = { carrierId: (typeof CARRIER_IDS)[number] } | { carrierCustom: string };

/** Metadata of an attached document; the bytes live in the document-contents collection under `sha256`. */
export interface DocumentMeta {
  type: DocumentType;
  filename?: string;
  mimeType: string;
  size: number;
  sha256: string;
  /** where the file was fetched from, when it was given as an https URL */
  sourceUrl?: string;
  description?: string;
  /** partner's free object as JSON text (keys may hold `.` or `$`) */
  extraDataJson?: string;
  addedAt: Date;
}

export type ItemImage = string | { url: string; title?: string };

export interface OrderItemDoc {
  code: string;
  ean?: string;
  name: string;
  type?: ItemType;
  variant?: string;
  producer?: string;
  categories?: string[];
  /** as the partner gave it (decimal, up to 3 places) */
  quantity: number;
  /** the same quantity in integer thousandths: the unit of every fulfilment counter */
  quantityMilli: number;
  unitPrice: Money;
  totalPrice: Money;
  unitVat: VatAmount;
  totalVat: VatAmount;
  image?: ItemImage;
  productUrl?: string;
  state: FulfilmentState;
  /** fulfilment counters in thousandths of a piece */
  sentMilli: number;
  deliveredMilli: number;
  returnedMilli: number;
  cancelledMilli: number;
  sentDate?: string;
  /** the date the partner gave on the deliver that delivered the item's latest pieces */
  deliveryDate?: string;
  deliveryTrackingNumber?: string;
}

/** An amount-only refund (return with `items: []`), or a price correction. */
export interface OrderAdjustment {
  id: string;
  kind: 'REFUND' | 'CANCEL' | 'RETURN';
  amount: Money;
  vat?: VatAmount[];
  variableSymbol?: string;
  at: Date;
}

export interface FulfilmentEntry {
  id: string;
  operation: 'SEND' | 'DELIVER' | 'RETURN' | 'CANCEL' | 'CHANGE';
  at: Date;
  /** per item index: thousandths affected by the operation */
  items: Array<{ index: number; quantityMilli: number }>;
  amount?: Money;
  sentDate?: string;
  deliveryDate?: string;
  deliveryTrackingNumber?: string;
  deliveryCarrier?: DeliveryCarrier;
  variableSymbol?: string;
  specificSymbol?: string;
  reason?: string;
}

export interface OrderDoc {
  number: string;
  /** as given (ISO 8601 with offset) */
  reservationDate?: string;
  state: FulfilmentState;
  totalPrice: Money;
  /** the total at creation (or last order change), before refunds */
  originalTotalPrice: Money;
  totalVat: VatAmount[];
  items: OrderItemDoc[];
  /** true: the partner sent only totals and the items were derived from them (one per VAT rate) */
  itemsDerived?: boolean;
  addresses: Address[];
  variableSymbols: string[];
  deliveryType?: DeliveryType;
  merchantId?: string;
  deliveryCarrier?: DeliveryCarrier;
  channel?: string;
  documents: DocumentMeta[];
  adjustments: OrderAdjustment[];
  fulfilment: FulfilmentEntry[];
}

/** One instalment of the repayment plan (the customer's side). */
export interface Instalment {
  dueDate: string; // YYYY-MM-DD
  amount: Money;
}

/** Whether any goods of the order have left the shop (a cancel is judged by it). */
export function anySentOrDelivered(order: OrderDoc): boolean {
  return order.items.some((i) => i.sentMilli > 0 || i.deliveredMilli > 0);
}
