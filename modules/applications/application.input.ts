import type {
  Address, CustomerDoc, DeliveryCarrier, DeliveryType, DocumentType, FinancingType, FraudPreventionData, MerchantUrls, Money, OrderItemDoc, VatAmount,
} from './application.model.js';

/** The validated request bodies (shapes of application.schemas.ts). */

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

export interface CustomerInput extends Omit<CustomerDoc, 'addresses'> {
  addresses?: Address[];
  extraData?: FraudPreventionData;
}

export interface CreateApplicationInput {
  type: FinancingType;
  agreementTermsAndConditions?: boolean | null;
  isRecurring?: boolean | null;
  customer: CustomerInput;
  order: OrderInput & { number: string };
  merchantUrls: MerchantUrls;
  customData?: Record<string, unknown> | null;
  override?: string[];
}

/** Create from recurrence: only the totals are required; items are derived when none are sent. */
export type RecurrenceOrderInput = Omit<OrderInput, 'items'> & { items?: ItemInput[] };

export interface CreateFromRecurrenceInput {
  type: FinancingType;
  order: RecurrenceOrderInput;
  merchantUrls: MerchantUrls;
  customData?: Record<string, unknown> | null;
  override?: string[];
}
