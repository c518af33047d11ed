import type {
  Address, CustomerDoc, DeliveryCarrier, DeliveryType, DocumentType, FinancingType, FraudPreventionData, ItemImage, ItemType, MerchantUrls, Money, VatAmount,
} from './application.model.js';

/** The validated request bodies (shapes of application.schemas.ts). */
export interface ItemInput {
  code: string;
  ean?: string;
  name: string;
  type?: ItemType;
  variant?: string;
  producer?: string;
  categories?: string[];
  quantity?: number | null;
  unitPrice?: Money;
  totalPrice: Money;
  unitVat?: VatAmount;
  totalVat: VatAmount;
  image?: ItemImage;
  productUrl?: string;
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

export interface CreateFromRecurrenceInput {
  type: FinancingType;
  order: OrderInput;
  merchantUrls: MerchantUrls;
  customData?: Record<string, unknown> | null;
  override?: string[];
}
