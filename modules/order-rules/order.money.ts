import { allocate, mulDivRound, vatIncluded } from '../../platform/money.js';
import type { OrderAdjustment, OrderDoc, OrderItemDoc, VatAmount } from './order.model.js';

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
 *
 * A line's money is its net value: its own price plus the shares of the order's deductions
 * allocated to it (`netComponents`). That net value is spread over the line's thousandths
 * by the same function, so closing, paying out or refunding a piece of a line moves the
 * piece's share of the discount with it, and no order of operations can pay for goods more
 * than the customer pays for them.
 */

/** The price of the first `x` of `quantityMilli` thousandths of an item priced `total`. */
export function partValue(total: number, x: number, quantityMilli: number): number {
  if (x <= 0) return 0;
  if (x >= quantityMilli) return total;
  return mulDivRound(total, x, quantityMilli);
}

/** The part of an item that its money depends on (also what order events carry). */
export type PricedCounters = Pick<
  OrderItemDoc,
  'quantityMilli' | 'totalPrice' | 'totalVat' | 'sentMilli' | 'deliveredMilli' | 'returnedMilli' | 'cancelledMilli'
>;

type Priced = Pick<OrderItemDoc, 'totalPrice' | 'totalVat'>;

/** One part of a line's net value: its own price, or a share of a deduction, with the VAT at the part's rate. */
export interface Component {
  amount: number;
  vat: number;
  vatRate: number;
}

/** A line with a negative price: a discount, voucher, store credit or any negative item. */
export const isDeduction = (i: Priced): boolean => i.totalPrice.amount < 0;

/**
 * The net value of every line as its components (docs/orders-and-payments.md, "Deductions").
 * The deductions are summed and the sum is allocated once over the positive lines in
 * proportion to their price, largest remainder; the deductions' VAT likewise, once per VAT
 * rate. Allocating each deduction on its own would hand every deduction's rounding unit to
 * the same line on a tie, and many small deductions could then push that line below zero
 * (a cancel of it would raise the order total). Allocated at once, a line's share of a sum
 * smaller than the order's positive prices is below its price plus one unit, so at most its
 * price: no line's net value is negative while the order total is above zero. A positive or
 * zero-priced line holds its own price and its share; a deduction line holds nothing of its
 * own: its money moves with the goods it discounts. An order without a positive line (never
 * accepted on create) keeps every line's own price.
 */
export function netComponents(items: readonly Priced[]): Component[][] {
  const own = (i: Priced): Component => ({ amount: i.totalPrice.amount, vat: i.totalVat.amount, vatRate: i.totalVat.vatRate });
  const positive = items.flatMap((i, k) => (i.totalPrice.amount > 0 ? [k] : []));
  if (positive.length === 0) return items.map((i) => [own(i)]);
  const out = items.map((i) => (isDeduction(i) ? [] : [own(i)]));
  const deductions = items.filter(isDeduction);
  if (deductions.length === 0) return out;
  const weights = positive.map((k) => items[k]!.totalPrice.amount);
  const amounts = allocate(
    deductions.reduce((a, d) => a + d.totalPrice.amount, 0),
    weights,
  );
  const vatByRate = new Map<number, number>();
  for (const d of deductions) vatByRate.set(d.totalVat.vatRate, (vatByRate.get(d.totalVat.vatRate) ?? 0) + d.totalVat.amount);
  const rates = [...vatByRate.keys()].sort((a, b) => a - b);
  const vats = rates.map((rate) => allocate(vatByRate.get(rate)!, weights));
  positive.forEach((k, j) => {
    // the share's amount rides on the first rate's component; the others carry VAT only
    rates.forEach((vatRate, r) => out[k]!.push({ amount: r === 0 ? amounts[j]! : 0, vat: vats[r]![j]!, vatRate }));
  });
  return out;
}

/** The value of thousandths [a, b) of a line of `quantityMilli`: its net value and VAT per rate. */
export interface RangeValue {
  amount: number;
  vat: number;
  vatByRate: Map<number, number>;
}

/**
 * The components are summed first (the line's net value, and its VAT per rate) and each sum
 * is spread over the quantity by one cumulative function: adding each component's rounded
 * part instead could give a line with a positive net value −1 for part of its quantity.
 * A line's net value is never negative, so neither is the value of any part of it.
 */
export function rangeValue(components: readonly Component[], a: number, b: number, quantityMilli: number): RangeValue {
  const out: RangeValue = { amount: 0, vat: 0, vatByRate: new Map() };
  const net = components.reduce((s, c) => s + c.amount, 0);
  out.amount = partValue(net, b, quantityMilli) - partValue(net, a, quantityMilli);
  const vatNet = new Map<number, number>();
  for (const c of components) vatNet.set(c.vatRate, (vatNet.get(c.vatRate) ?? 0) + c.vat);
  for (const [rate, total] of vatNet) {
    const vat = partValue(total, b, quantityMilli) - partValue(total, a, quantityMilli);
    out.vat += vat;
    out.vatByRate.set(rate, vat);
  }
  return out;
}

/** Thousandths no longer in the order: returned or cancelled. */
export const closedMilli = (i: PricedCounters): number => i.returnedMilli + i.cancelledMilli;
/** Thousandths still in the order (open): not returned, not cancelled. */
export const openMilli = (i: PricedCounters): number => i.quantityMilli - closedMilli(i);

/** The net value (gross, VAT) of a line's open thousandths. */
export function openValue(components: readonly Component[], i: PricedCounters): RangeValue {
  return rangeValue(components, closedMilli(i), i.quantityMilli, i.quantityMilli);
}

/** The net value of closing `q` more thousandths of the line (return or cancel). */
export function closingValue(components: readonly Component[], i: PricedCounters, q: number): RangeValue {
  const c = closedMilli(i);
  return rangeValue(components, c, c + q, i.quantityMilli);
}

/** Net value of `e` open thousandths right after the closed ones (payout eligibility). */
export function eligibleValue(components: readonly Component[], i: PricedCounters, e: number): number {
  const c = closedMilli(i);
  return rangeValue(components, c, c + e, i.quantityMilli).amount;
}

/** Any goods (a line that is not a deduction) with a thousandth still in the order. */
export function goodsOpen(items: readonly PricedCounters[]): boolean {
  return items.some((i) => !isDeduction(i) && openMilli(i) > 0);
}

/** Σ adjustments (refunds are negative, amounts kept back on returns positive). */
export function adjustmentsTotal(order: Pick<OrderDoc, 'adjustments'>): number {
  return order.adjustments.reduce((a, adj) => a + adj.amount.amount, 0);
}

/** The order total the items and adjustments imply: Σ open item values + Σ adjustments. */
export function impliedTotal(order: Pick<OrderDoc, 'items' | 'adjustments'>): number {
  const net = netComponents(order.items);
  return order.items.reduce((a, i, k) => a + openValue(net[k]!, i).amount, 0) + adjustmentsTotal(order);
}

/** VAT per rate (rate → amount) that the open items and the adjustments imply. */
export function impliedVat(order: Pick<OrderDoc, 'items' | 'adjustments'>): Map<number, number> {
  const byRate = new Map<number, number>();
  const add = (rate: number, amount: number) => byRate.set(rate, (byRate.get(rate) ?? 0) + amount);
  const net = netComponents(order.items);
  for (const i of order.items) add(i.totalVat.vatRate, 0); // every rate the order had stays listed
  order.items.forEach((i, k) => {
    for (const [rate, vat] of openValue(net[k]!, i).vatByRate) add(rate, vat);
  });
  for (const adj of order.adjustments) for (const v of adj.vat ?? []) add(v.vatRate, v.amount);
  return byRate;
}

/** The order's `totalVat` from a rate map, every rate the order ever had kept (sorted by rate). */
export function vatList(byRate: Map<number, number>, currency: string): VatAmount[] {
  return [...byRate].sort(([a], [b]) => a - b).map(([vatRate, amount]) => ({ vatRate, amount, currency }));
}

/**
 * The VAT that undoes the adjustments' VAT, rate by rate (rates that net to zero left out):
 * what an adjustment carries when it empties the order, so that nothing left owes no VAT.
 */
export function undoneVat(adjustments: readonly OrderAdjustment[], currency: string): VatAmount[] {
  const byRate = new Map<number, number>();
  for (const a of adjustments) for (const v of a.vat ?? []) byRate.set(v.vatRate, (byRate.get(v.vatRate) ?? 0) - v.amount);
  return vatList(byRate, currency).filter((v) => v.amount !== 0);
}

/** Gross of the open items per VAT rate: the weights for splitting an amount over rates. */
export function openGrossByRate(order: Pick<OrderDoc, 'items'>): Map<number, number> {
  const byRate = new Map<number, number>();
  const net = netComponents(order.items);
  order.items.forEach((i, k) => {
    if (isDeduction(i)) return;
    byRate.set(i.totalVat.vatRate, (byRate.get(i.totalVat.vatRate) ?? 0) + openValue(net[k]!, i).amount);
  });
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
  const parts = allocate(
    amount,
    weights.map(([, g]) => g),
  );
  return weights.map(([vatRate], k) => ({ vatRate, amount: vatIncluded(parts[k]!, vatRate), currency }));
}

export type PayoutTrigger = 'SENT' | 'DELIVERED';

/** Open thousandths that reached the partner's payout trigger (SENT or DELIVERED). */
export function eligibleMilli(i: PricedCounters, trigger: PayoutTrigger): number {
  return (trigger === 'SENT' ? i.sentMilli : i.deliveredMilli) - i.returnedMilli;
}

/**
 * What the partner is owed for an order in total (gross, before the fee): the net value of
 * the open pieces that reached the payout trigger plus the order's adjustments (refunds
 * lower it, amounts kept back on returns raise it), never below zero and never above what
 * the customer owes (the order total). Deductions are inside the net values, so goods sent
 * with their discount still open are paid at what the customer pays for them. Payouts
 * minus credit notes always come to exactly this (the payments ledger reconciles to it).
 */
export function payoutBase(order: { items: PricedCounters[]; adjustmentsTotal: number; totalPrice: number }, trigger: PayoutTrigger): number {
  const net = netComponents(order.items);
  const eligible = order.items.reduce((a, i, k) => a + eligibleValue(net[k]!, i, eligibleMilli(i, trigger)), 0);
  return Math.max(0, Math.min(order.totalPrice, eligible + order.adjustmentsTotal));
}
