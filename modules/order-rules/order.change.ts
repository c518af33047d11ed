import type { ErrorRecord } from '../../platform/errors.js';
import type { Address, DeliveryCarrier, DocumentMeta, Money, OrderDoc, VatAmount } from './order.model.js';
import type { ItemInput } from './order.schemas.js';
import { buildItem } from './order.factory.js';
import { checkSigns } from './order.checks.js';
import { withDerivedItems } from './order.derivation.js';
import { OrderRefused } from './order.errors.js';
import { impliedTotal, impliedVat, vatList } from './order.money.js';

/**
 * PUT /financing/v1/applications/{id}/order as a pure function: the partial change of an
 * order that nothing of has been sent or delivered yet (the caller checks availability).
 * Given `items` replace the item list; the totals must then match the items exactly.
 */
export interface OrderChangeInput {
  totalPrice?: Money;
  totalVat?: VatAmount[];
  items?: ItemInput[];
  addresses?: Address[];
  deliveryCarrier?: DeliveryCarrier;
  /** already stored documents to attach */
  documents?: DocumentMeta[];
}

/** The changed order; 422 UNPROCESSABLE (with the attribute) when the totals do not fit the items. */
export function applyOrderChange(order: OrderDoc, given: OrderChangeInput): OrderDoc {
  // an order created from totals only keeps that form: new totals without items re-derive its items
  const rederived = !!order.itemsDerived && !given.items && !!(given.totalPrice || given.totalVat);
  const change = rederived ? { ...given, items: derivedItems(order, given) } : given;
  const currency = order.totalPrice.currency;
  const moneyFields: Array<[Money | undefined, string]> = [
    [change.totalPrice, 'order.totalPrice'],
    ...(change.totalVat ?? []).map((v, k) => [v, `order.totalVat[${k}]`] as [Money, string]),
    ...(change.items ?? []).flatMap(
      (i, k) =>
        [
          [i.totalPrice, `order.items[${k}].totalPrice`],
          [i.totalVat, `order.items[${k}].totalVat`],
        ] as Array<[Money, string]>,
    ),
  ];
  for (const [m, at] of moneyFields) {
    if (m && m.currency !== currency)
      throw new OrderRefused('UNPROCESSABLE', `${at}.currency: the order is in ${currency}; one currency per application.`, `${at}.currency`);
  }
  // replaced items start afresh (as on create): cancellations and their adjustments belong to the old list
  const items = change.items ? change.items.map(buildItem) : order.items;
  const adjustments = change.items ? [] : order.adjustments;
  const next: OrderDoc = {
    ...order,
    items,
    adjustments,
    totalPrice: change.totalPrice ?? (change.items ? { amount: impliedTotal({ items, adjustments }), currency } : order.totalPrice),
    totalVat: change.totalVat ?? (change.items ? vatList(impliedVat({ items, adjustments }), currency) : order.totalVat),
    addresses: change.addresses ?? order.addresses,
    deliveryCarrier: change.deliveryCarrier ?? order.deliveryCarrier,
    documents: change.documents ? [...order.documents, ...change.documents] : order.documents,
    itemsDerived: change.items ? rederived : order.itemsDerived,
  };
  if (!next.itemsDerived) delete next.itemsDerived;
  if (change.items || change.totalPrice) checkMoneySigns(next);
  if (change.items || change.totalPrice || change.totalVat) checkTotals(next);
  if (change.items || change.totalPrice) next.originalTotalPrice = next.totalPrice;
  return next;
}

/** The items of the changed totals, derived as on create; 422 naming the attribute when they cannot be. */
function derivedItems(order: OrderDoc, change: OrderChangeInput): ItemInput[] {
  const totals = { number: order.number, totalPrice: change.totalPrice ?? order.totalPrice, totalVat: change.totalVat ?? order.totalVat };
  const { order: derived, errors } = withDerivedItems(totals);
  if (errors.length) throw new OrderRefused('UNPROCESSABLE', errors[0]!.message, errors[0]!.attribute);
  return derived.items;
}

/**
 * The create rules for the money's signs hold for a changed order too: a total above zero
 * (an order worth nothing or less is no purchase to finance) and negative prices only on
 * deduction items (DISCOUNT, GIFT_CARD, STORE_CREDIT). 422 naming the first attribute.
 */
function checkMoneySigns(order: OrderDoc): void {
  const errors: ErrorRecord[] = [];
  checkSigns(order, 'order', errors);
  if (errors.length) throw new OrderRefused('UNPROCESSABLE', errors[0]!.message, errors[0]!.attribute);
}

/** total = Σ open items + Σ adjustments, and the VAT rate by rate (docs: Money invariants). */
export function checkTotals(order: OrderDoc): void {
  const total = impliedTotal(order);
  if (order.totalPrice.amount !== total) {
    throw new OrderRefused(
      'UNPROCESSABLE',
      `order.totalPrice: ${order.totalPrice.amount} does not equal the sum of the items, ${total}.`,
      'order.totalPrice.amount',
    );
  }
  const vat = impliedVat(order);
  const given = new Map<number, number>();
  for (const v of order.totalVat) given.set(v.vatRate, (given.get(v.vatRate) ?? 0) + v.amount);
  for (const rate of new Set([...vat.keys(), ...given.keys()])) {
    if ((vat.get(rate) ?? 0) !== (given.get(rate) ?? 0)) {
      throw new OrderRefused(
        'UNPROCESSABLE',
        `order.totalVat: the VAT at ${rate} % is ${given.get(rate) ?? 0}, the items hold ${vat.get(rate) ?? 0}.`,
        'order.totalVat',
      );
    }
  }
}
