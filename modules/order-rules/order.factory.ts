import { toMilli, unitFromTotal } from '../../platform/money.js';
import type { DocumentMeta, OrderDoc, OrderItemDoc } from './order.model.js';
import type { ItemInput, OrderInput } from './order.schemas.js';

/**
 * Pure builders of a new order and its items from validated input (on create and when an
 * order change replaces the items). Quantities keep the partner's value and integer
 * thousandths; missing unit prices and unit VAT are derived from the totals (rounded to
 * the minor unit).
 */
export function buildItem(input: ItemInput): OrderItemDoc {
  const quantity = input.quantity ?? 1;
  const quantityMilli = toMilli(quantity);
  const { totalPrice, totalVat } = input;
  const item: OrderItemDoc = {
    code: input.code,
    name: input.name,
    quantity,
    quantityMilli,
    unitPrice: input.unitPrice ?? { amount: unitFromTotal(totalPrice.amount, quantityMilli), currency: totalPrice.currency },
    totalPrice,
    unitVat: input.unitVat ?? { vatRate: totalVat.vatRate, amount: unitFromTotal(totalVat.amount, quantityMilli), currency: totalVat.currency },
    totalVat,
    state: 'PROCESSING',
    sentMilli: 0,
    deliveredMilli: 0,
    returnedMilli: 0,
    cancelledMilli: 0,
  };
  for (const k of ['ean', 'type', 'variant', 'producer', 'categories', 'image', 'productUrl'] as const) {
    if (input[k] !== undefined) (item as unknown as Record<string, unknown>)[k] = input[k];
  }
  return item;
}

export function buildOrder(input: OrderInput, documents: DocumentMeta[]): OrderDoc {
  const order: OrderDoc = {
    number: input.number ?? '',
    state: 'PROCESSING',
    totalPrice: input.totalPrice,
    originalTotalPrice: input.totalPrice,
    totalVat: input.totalVat,
    items: input.items.map(buildItem),
    addresses: input.addresses ?? [],
    variableSymbols: input.variableSymbols ?? [],
    documents,
    adjustments: [],
    fulfilment: [],
  };
  for (const k of ['reservationDate', 'deliveryType', 'deliveryCarrier', 'channel', 'merchantId'] as const) {
    if (input[k] !== undefined) (order as unknown as Record<string, unknown>)[k] = input[k];
  }
  return order;
}
