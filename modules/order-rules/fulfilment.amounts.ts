import type { OrderDoc, VatAmount } from './order.model.js';
import { OrderRefused } from './order.errors.js';
import type { FulfilmentOp } from './fulfilment.counters.js';

/**
 * The bounds of the amount (`totalPrice`) an operation names (docs/orders-and-payments.md,
 * "Amounts"). An amount is about the pieces the call marks: it may not be negative and may
 * not exceed their value, except on the call that leaves nothing of the order to mark, where
 * the whole order total is the bound (the spec's default for deliver and return). Above a
 * bound is 422 TOTAL_PRICE_LIMIT_EXCEEDED naming `totalPrice.amount`; nothing changes.
 */

const AT = 'totalPrice.amount';
const exceeded = (message: string) => new OrderRefused('TOTAL_PRICE_LIMIT_EXCEEDED', message, AT);

/**
 * The most a call may name: the value of what it marks, or the order total when it marks
 * the last pieces; never above the order total (the customer owes no more than that).
 */
export function amountLimit(order: OrderDoc, itemsValue: number, lastPieces: boolean): number {
  return lastPieces ? order.totalPrice.amount : Math.min(order.totalPrice.amount, itemsValue);
}

/** Send and deliver: the amount is recorded, so a wrong one would be a false record. */
export function checkMarkedTotal(
  order: OrderDoc,
  op: Extract<FulfilmentOp, 'SEND' | 'DELIVER'>,
  amount: number,
  itemsValue: number,
  lastPieces: boolean,
): void {
  const verb = op === 'SEND' ? 'sent' : 'delivered';
  if (amount < 0) throw exceeded(`totalPrice: the ${verb} total cannot be negative.`);
  if (amount > order.totalPrice.amount) throw exceeded(`totalPrice: the ${verb} total exceeds the order total of ${order.totalPrice.amount}.`);
  const limit = amountLimit(order, itemsValue, lastPieces);
  if (amount > limit) throw exceeded(`totalPrice: the ${verb} total exceeds ${limit}, the value of the items ${verb} by this call.`);
}

/**
 * The amount that leaves the order total on a return or cancel: the partner's totalPrice
 * when given (spec: "amount to return when different from the sum of item prices"), else
 * the items' value (never more than the total). Also on the call that leaves nothing open:
 * an amount kept back on an earlier return stays owed, whichever call closes the order last.
 * While pieces stay open it may not exceed the closed items' value: more would take from the
 * total the price of goods the customer still gets (an order worth 0 with an item open).
 */
export function closedAmount(order: OrderDoc, given: number | undefined, itemsValue: number, openAfter: boolean): number {
  const amount = given ?? Math.max(0, Math.min(itemsValue, order.totalPrice.amount));
  if (amount < 0)
    throw exceeded('totalPrice: the amount cannot be negative (closing these items alone would raise the total; close the discount together with the goods).');
  if (amount > order.totalPrice.amount) throw exceeded(`totalPrice: the amount must lie between 0 and the order total of ${order.totalPrice.amount}.`);
  const limit = amountLimit(order, itemsValue, !openAfter);
  if (amount > limit) throw exceeded(`totalPrice: the amount exceeds ${limit}, the value of the items it concerns; other items of the order are still open.`);
  return amount;
}

/**
 * The amount that leaves the order on a cancel. Goods that never left the shop are owed
 * nothing for, so a cancel moves exactly their value (net of their share of any discount),
 * also when it leaves nothing open: what an earlier return kept back stays owed. Never more
 * than the total (a refund may have taken it below the goods' value) and never below zero
 * (a cancel never raises what the customer owes). A partner's `totalPrice` is that amount
 * (the spec: the amount cancelled); one that says otherwise contradicts the items and is
 * refused, since keeping part of the price of goods that were never sent would be paid out
 * for nothing.
 */
export function cancelledAmount(order: OrderDoc, given: number | undefined, itemsValue: number): number {
  const amount = Math.max(0, Math.min(itemsValue, order.totalPrice.amount));
  if (given !== undefined && given !== amount) {
    throw new OrderRefused(
      'UNPROCESSABLE',
      `totalPrice.amount: ${given} contradicts the items: cancelling them takes ${amount} off the order (their value, at most the order total). Omit totalPrice, or send ${amount}.`,
      AT,
    );
  }
  return amount;
}

/** An amount-only refund: at least 1 and at most what the customer still owes. */
export function refundAmount(order: OrderDoc, amount: number): number {
  if (amount <= 0 || amount > order.totalPrice.amount) {
    throw exceeded(`totalPrice: the refund must lie between 1 and the order total of ${order.totalPrice.amount}.`);
  }
  return amount;
}

/** The partner's VAT of a refund, if it fits the order: known rates, no more than the refund or the order holds. */
export function refundVat(order: OrderDoc, given: VatAmount[], amount: number): VatAmount[] {
  const current = new Map(order.totalVat.map((v) => [v.vatRate, v.amount] as [number, number]));
  given.forEach((v, k) => {
    const at = `totalVat[${k}]`;
    if (!current.has(v.vatRate)) throw new OrderRefused('UNPROCESSABLE', `${at}.vatRate: the order has no items at ${v.vatRate} %.`, `${at}.vatRate`);
    if (v.amount < 0 || v.amount > (current.get(v.vatRate) ?? 0)) {
      throw new OrderRefused('UNPROCESSABLE', `${at}.amount: more VAT than the order holds at ${v.vatRate} %.`, `${at}.amount`);
    }
  });
  if (given.reduce((a, v) => a + v.amount, 0) > amount) throw new OrderRefused('UNPROCESSABLE', 'totalVat: the VAT exceeds the refund.', 'totalVat');
  return given.map((v) => ({ vatRate: v.vatRate, amount: -v.amount, currency: v.currency }));
}
