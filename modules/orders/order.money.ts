import { allocate, mulDivRound, vatIncluded } from '../../platform/money.js';
import type { OrderDoc, OrderItemDoc, VatAmount } from '../applications/index.js';

/**
 * The money of an order as pure functions (docs/orders-and-payments.md, "Money").
 *
 * An item's price is spread over its quantity in thousandths by one cumulative function,
 * `partValue(total, x, Q)` = the price of the first x thousandths, with partValue(Q) = total
 * exactly. Every part of an item is a difference of two points of that function, so the
 * parts of an item always add up to its price: no minor unit appears or disappears.
 *
 * The thousandths of an item lie on one axis in this order:
 *   [ closed = returned + cancelled | eligible for payout | rest of the open pieces ]
 * so the open value is `total − partValue(closed)` and the value of closing q more
 * thousandths is `partValue(closed + q) − partValue(closed)` (the same for the VAT).
 */

/** The price of the first `x` of `quantityMilli` thousandths of an item priced `total`. */
export function partValue(total: number, x: number, quantityMilli: number): number {
  if (x <= 0) return 0;
  if (x >= quantityMilli) return total;
  return mulDivRound(total, x, quantityMilli);
}

/** The part of an item that its money depends on (also what order events carry). */
export type PricedCounters = Pick<OrderItemDoc, 'quantityMilli' | 'totalPrice' | 'totalVat' | 'sentMilli' | 'deliveredMilli' | 'returnedMilli' | 'cancelledMilli'>;

/** Thousandths no longer in the order: returned or cancelled. */
export const closedMilli = (i: PricedCounters): number => i.returnedMilli + i.cancelledMilli;
/** Thousandths still in the order (open): not returned, not cancelled. */
export const openMilli = (i: PricedCounters): number => i.quantityMilli - closedMilli(i);

/** The value (gross, VAT) of the item's open thousandths. */
export function openValue(i: PricedCounters): { amount: number; vat: number } {
  const closed = closedMilli(i);
  return {
    amount: i.totalPrice.amount - partValue(i.totalPrice.amount, closed, i.quantityMilli),
    vat: i.totalVat.amount - partValue(i.totalVat.amount, closed, i.quantityMilli),
  };
}

/** The value (gross, VAT) of closing `q` more thousandths of the item (return or cancel). */
export function closingValue(i: PricedCounters, q: number): { amount: number; vat: number } {
  const c = closedMilli(i);
  return {
    amount: partValue(i.totalPrice.amount, c + q, i.quantityMilli) - partValue(i.totalPrice.amount, c, i.quantityMilli),
    vat: partValue(i.totalVat.amount, c + q, i.quantityMilli) - partValue(i.totalVat.amount, c, i.quantityMilli),
  };
}

/** Gross value of `e` open thousandths right after the closed ones (payout eligibility). */
export function eligibleValue(i: PricedCounters, e: number): number {
  const c = closedMilli(i);
  return partValue(i.totalPrice.amount, c + e, i.quantityMilli) - partValue(i.totalPrice.amount, c, i.quantityMilli);
}

/** Σ adjustments (refunds are negative, amounts kept back on returns positive). */
export function adjustmentsTotal(order: Pick<OrderDoc, 'adjustments'>): number {
  return order.adjustments.reduce((a, adj) => a + adj.amount.amount, 0);
}

/** The order total the items and adjustments imply: Σ open item values + Σ adjustments. */
export function impliedTotal(order: Pick<OrderDoc, 'items' | 'adjustments'>): number {
  return order.items.reduce((a, i) => a + openValue(i).amount, 0) + adjustmentsTotal(order);
}

/** VAT per rate (rate → amount) that the open items and the adjustments imply. */
export function impliedVat(order: Pick<OrderDoc, 'items' | 'adjustments'>): Map<number, number> {
  const byRate = new Map<number, number>();
  const add = (rate: number, amount: number) => byRate.set(rate, (byRate.get(rate) ?? 0) + amount);
  for (const i of order.items) add(i.totalVat.vatRate, openValue(i).vat);
  for (const adj of order.adjustments) for (const v of adj.vat ?? []) add(v.vatRate, v.amount);
  return byRate;
}

/** The order's `totalVat` from a rate map, every rate the order ever had kept (sorted by rate). */
export function vatList(byRate: Map<number, number>, currency: string): VatAmount[] {
  return [...byRate].sort(([a], [b]) => a - b).map(([vatRate, amount]) => ({ vatRate, amount, currency }));
}

/** Gross of the open items per VAT rate: the weights for splitting an amount over rates. */
export function openGrossByRate(order: Pick<OrderDoc, 'items'>): Map<number, number> {
  const byRate = new Map<number, number>();
  for (const i of order.items) byRate.set(i.totalVat.vatRate, (byRate.get(i.totalVat.vatRate) ?? 0) + openValue(i).amount);
  return byRate;
}

/**
 * The VAT contained in an amount that is not tied to items (an amount-only refund, or the
 * difference between a returned amount and the returned items' value): the amount is
 * split over the order's rates in proportion to the open gross at each rate (largest
 * remainder), and each part carries the VAT included at its rate.
 */
export function vatOfAmount(order: Pick<OrderDoc, 'items'>, amount: number, currency: string): VatAmount[] {
  if (amount === 0 || order.items.length === 0) return [];
  const all = [...openGrossByRate(order)].sort(([a], [b]) => a - b);
  const positive = all.filter(([, g]) => g > 0);
  // nothing open with a positive price: the whole amount goes to the lowest rate
  const weights = positive.length ? positive : all.slice(0, 1).map(([r]) => [r, 1] as [number, number]);
  const parts = allocate(amount, weights.map(([, g]) => g));
  return weights.map(([vatRate], k) => ({ vatRate, amount: vatIncluded(parts[k]!, vatRate), currency }));
}

export type PayoutTrigger = 'SENT' | 'DELIVERED';

/** Open thousandths that reached the partner's payout trigger (SENT or DELIVERED). */
export function eligibleMilli(i: PricedCounters, trigger: PayoutTrigger): number {
  return (trigger === 'SENT' ? i.sentMilli : i.deliveredMilli) - i.returnedMilli;
}

/**
 * What the partner is owed for an order in total (gross, before the fee): the value of
 * the open pieces that reached the payout trigger plus the order's adjustments (refunds
 * lower it, amounts kept back on returns raise it), never below zero. Payouts minus credit
 * notes always come to exactly this (the payments ledger reconciles to it).
 */
export function payoutBase(order: { items: PricedCounters[]; adjustmentsTotal: number }, trigger: PayoutTrigger): number {
  const eligible = order.items.reduce((a, i) => a + eligibleValue(i, eligibleMilli(i, trigger)), 0);
  return Math.max(0, eligible + order.adjustmentsTotal);
}
