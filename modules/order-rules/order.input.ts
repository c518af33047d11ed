import type { Address, DeliveryCarrier, DeliveryType, DocumentType, Money, OrderItemDoc, VatAmount } from './order.model.js';

/** The order as a partner sends it, validated (shapes of order.schemas.ts). */

/** An item as the partner sends it: the stored item's description; quantity and unit amounts may be left out. */
export interface ItemInput extends Pick<OrderItemDoc, 'code' | 'ean' | 'name' | 'type' | 'variant' | 'producer' | 'categories' | 'totalPrice' | 'totalVat' | 'image' | 'productUrl'> {
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
  documents?: DocumentInput[];
}

/** Create from recurrence: only the totals are required; items are derived when none are sent. */
export type RecurrenceOrderInput = Omit<OrderInput, 'items'> & { items?: ItemInput[] };
