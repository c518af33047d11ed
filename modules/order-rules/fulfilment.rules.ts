import { toMilli } from '../../platform/money.js';
import {
  anySentOrDelivered,
  type DeliveryCarrier,
  type DocumentMeta,
  type FulfilmentEntry,
  type Money,
  type OrderAdjustment,
  type OrderDoc,
  type OrderItemDoc,
  type VatAmount,
} from './order.model.js';
import { OrderRefused } from './order.errors.js';
import { anyOpen, available, itemState, mark, orderState, type FulfilmentOp } from './fulfilment.counters.js';
import { adjustmentsTotal, closingValue, goodsOpen, isDeduction, netComponents, rangeValue, undoneVat, vatList, vatOfAmount } from './order.money.js';
import { cancelledAmount, checkMarkedTotal, closedAmount, refundAmount, refundVat } from './fulfilment.amounts.js';

/**
 * The spec's send / deliver / return / cancel as one pure function over the order
 * (spec: "Order item operations", "Return rules"). No I/O and no clock: the
 * caller passes the time and the ids, and writes the result through changeApplication.
 */

/**
 * The application's state-machine trigger an operation leads to, and the facts its table
 * rows ask about (the applications module's `transition` judges them).
 */
export type FulfilmentTrigger = 'MARK_SENT' | 'MARK_DELIVERED' | 'MARK_CANCELLED' | 'RETURN_FULL' | 'RETURN_PARTIAL' | 'REFUND_AMOUNT';
export interface FulfilmentFacts {
  /** any item marked sent or delivered before the operation */
  sentOrDelivered?: boolean;
  /** nothing of the order is open after it */
  lastOpenItemCancelled?: boolean;
  /** the order total is 0 after it: the customer owes nothing */
  nothingOwed?: boolean;
}

/** An item named by the partner: every identifier given must match (the spec's common rules). */
export interface ItemRef {
  code?: string;
  ean?: string;
  name?: string;
  type?: string;
  /** decimal pieces; absent or null: everything `op` can still mark on the item */
  quantity?: number | null;
}

export interface FulfilmentInput {
  op: FulfilmentOp;
  /** absent: every item not yet marked (the spec's common rules); `[]` on return: amount-only refund */
  items?: ItemRef[];
  totalPrice?: Money;
  totalVat?: VatAmount[];
  variableSymbol?: string;
  sentDate?: string;
  /** deliver: the date the goods were delivered */
  deliveryDate?: string;
  deliveryTrackingNumber?: string;
  deliveryCarrier?: DeliveryCarrier;
  /** send: the payment's specific symbol, kept in the order's history */
  specificSymbol?: string;
  /** an already stored document to attach */
  document?: DocumentMeta;
}

/** One item touched by an operation, with the money of the thousandths it marked. */
export interface FulfilmentLine {
  index: number;
  code: string;
  quantityMilli: number;
  amount: number;
  vat: number;
  vatRate: number;
}

export type FulfilmentKind = 'SENT' | 'DELIVERED' | 'RETURNED' | 'REFUNDED' | 'CANCELLED';

export interface FulfilmentOutcome {
  order: OrderDoc;
  kind: FulfilmentKind;
  trigger: FulfilmentTrigger;
  facts: FulfilmentFacts;
  lines: FulfilmentLine[];
  /** what left the order total (return, cancel, refund); 0 for send and deliver */
  amount: number;
  /** a full return: nothing of the order is left */
  full: boolean;
}

const sameRef = (item: OrderItemDoc, ref: ItemRef) =>
  (ref.code === undefined || ref.code === item.code) &&
  (ref.ean === undefined || ref.ean === item.ean) &&
  (ref.name === undefined || ref.name === item.name) &&
  (ref.type === undefined || ref.type === item.type);

const VERB: Record<FulfilmentOp, string> = { SEND: 'sent', DELIVER: 'delivered', RETURN: 'returned', CANCEL: 'cancelled' };

/** Thousandths per item index that the request marks; throws OrderRefused with the item's path. */
export function selectQuantities(items: OrderItemDoc[], op: FulfilmentOp, refs: ItemRef[] | undefined): Map<number, number> {
  const wanted = new Map<number, number>();
  // a deduction's money moves with the goods it discounts: it is not closed on its own, and
  // it closes by itself when no goods are left (closeDeductions)
  const closing = op === 'RETURN' || op === 'CANCEL';
  if (refs === undefined) {
    items.forEach((item, index) => {
      const q = closing && isDeduction(item) ? 0 : available(item, op);
      if (q > 0) wanted.set(index, q);
    });
    if (wanted.size === 0) throw new OrderRefused('UNPROCESSABLE', `No item of the order is left to be ${VERB[op]}.`);
    return wanted;
  }
  refs.forEach((ref, k) => {
    const at = `items[${k}]`;
    const matches = items.flatMap((item, index) => (sameRef(item, ref) ? [index] : []));
    if (matches.length === 0) throw new OrderRefused('UNPROCESSABLE', `${at}: no item of the order matches all the identifiers given.`, at);
    if (matches.length > 1) throw new OrderRefused('UNPROCESSABLE', `${at}: ${matches.length} items match; give more identifiers (code, ean, name, type).`, at);
    const index = matches[0]!;
    if (closing && isDeduction(items[index]!)) {
      throw new OrderRefused(
        'UNPROCESSABLE',
        `${at}: a deduction line (negative price) is not ${VERB[op]} on its own: its amount is spread over the goods and leaves the order with them, and the line closes when no goods are left.`,
        at,
      );
    }
    const left = available(items[index]!, op) - (wanted.get(index) ?? 0);
    const q = ref.quantity == null ? left : toMilli(ref.quantity);
    if (left <= 0) throw new OrderRefused('UNPROCESSABLE', `${at}: nothing of this item is left to be ${VERB[op]}.`, at);
    if (q > left) {
      throw new OrderRefused('UNPROCESSABLE', `${at}.quantity: only ${left / 1000} of this item can still be ${VERB[op]}.`, `${at}.quantity`);
    }
    wanted.set(index, (wanted.get(index) ?? 0) + q);
  });
  return wanted;
}

/** The lines of marked thousandths with their net money (closing value for return and cancel), and the closed VAT per rate. */
function linesOf(before: OrderItemDoc[], op: FulfilmentOp | 'CLOSE', wanted: Map<number, number>): { lines: FulfilmentLine[]; vatByRate: Map<number, number> } {
  const net = netComponents(before);
  const vatByRate = new Map<number, number>();
  const lines = [...wanted]
    .sort(([a], [b]) => a - b)
    .map(([index, q]) => {
      const item = before[index]!;
      const counter = op === 'SEND' ? item.sentMilli : item.deliveredMilli;
      const value =
        op === 'CLOSE' || op === 'RETURN' || op === 'CANCEL'
          ? closingValue(net[index]!, item, q)
          : rangeValue(net[index]!, counter, counter + q, item.quantityMilli);
      for (const [rate, vat] of value.vatByRate) vatByRate.set(rate, (vatByRate.get(rate) ?? 0) + vat);
      return { index, code: item.code, quantityMilli: q, amount: value.amount, vat: value.vat, vatRate: item.totalVat.vatRate };
    });
  return { lines, vatByRate };
}

/**
 * With no goods left open, the deduction lines' open pieces close too (those that went out
 * with the goods come back, the rest are cancelled): their money left with the goods.
 */
function closeDeductions(items: OrderItemDoc[]): OrderItemDoc[] {
  if (goodsOpen(items)) return items;
  return items.map((item) => {
    if (!isDeduction(item) || item.quantityMilli - item.returnedMilli - item.cancelledMilli <= 0) return item;
    let next = available(item, 'RETURN') > 0 ? mark(item, 'RETURN', available(item, 'RETURN')) : item;
    if (available(next, 'CANCEL') > 0) next = mark(next, 'CANCEL', available(next, 'CANCEL'));
    return { ...next, state: itemState(next) };
  });
}

function checkCurrency(order: OrderDoc, money: Money | undefined, at: string): void {
  if (money && money.currency !== order.totalPrice.currency) {
    throw new OrderRefused('UNPROCESSABLE', `${at}.currency: the order is in ${order.totalPrice.currency}.`, `${at}.currency`);
  }
}

/** Applies one operation; the order that results and what the application's write needs. */
export function applyFulfilment(order: OrderDoc, input: FulfilmentInput, ctx: { now: Date; newId: () => string }): FulfilmentOutcome {
  checkCurrency(order, input.totalPrice, 'totalPrice');
  input.totalVat?.forEach((v, k) => checkCurrency(order, v, `totalVat[${k}]`));
  if (input.op === 'RETURN' && input.items?.length === 0) return refund(order, input, ctx);
  if (input.op === 'CANCEL' && input.items?.length === 0) {
    throw new OrderRefused(
      'UNPROCESSABLE',
      'items: a cancel names the items it cancels (or omit items to cancel every piece not sent); to lower the price of goods not sent, change the order.',
      'items',
    );
  }
  const full = input.op === 'RETURN' && input.items === undefined;
  const wanted = selectQuantities(order.items, input.op, input.items);
  // a full return also cancels whatever never left the shop (nothing of the order remains)
  const cancelled = full
    ? new Map(order.items.flatMap((i, k) => (!isDeduction(i) && available(i, 'CANCEL') > 0 ? [[k, available(i, 'CANCEL')] as [number, number]] : [])))
    : new Map<number, number>();
  const closing = input.op === 'RETURN' || input.op === 'CANCEL';
  const { lines, vatByRate } = linesOf(order.items, closing ? 'CLOSE' : input.op, mergeCounts(wanted, cancelled));
  const marked = order.items.map((item, index) => {
    let next = wanted.has(index) ? mark(item, input.op, wanted.get(index)!) : item;
    if (cancelled.has(index)) next = mark(next, 'CANCEL', cancelled.get(index)!);
    if (input.op === 'SEND' && wanted.has(index)) {
      if (input.sentDate) next.sentDate = input.sentDate;
      if (input.deliveryTrackingNumber) next.deliveryTrackingNumber = input.deliveryTrackingNumber;
    }
    if (input.op === 'DELIVER' && wanted.has(index) && input.deliveryDate) next.deliveryDate = input.deliveryDate;
    return next === item ? item : { ...next, state: itemState(next) };
  });
  const items = closing ? closeDeductions(marked) : marked;
  const itemsValue = lines.reduce((a, l) => a + l.amount, 0);
  if ((input.op === 'SEND' || input.op === 'DELIVER') && input.totalPrice) {
    checkMarkedTotal(
      order,
      input.op,
      input.totalPrice.amount,
      itemsValue,
      items.every((i) => available(i, input.op) === 0),
    );
  }
  const openAfter = goodsOpen(items);
  const amount =
    input.op === 'CANCEL'
      ? cancelledAmount(order, input.totalPrice?.amount, itemsValue)
      : input.op === 'RETURN'
        ? closedAmount(order, input.totalPrice?.amount, itemsValue, openAfter)
        : 0;
  const adjustments =
    closing && amount !== itemsValue
      ? [...order.adjustments, adjustment(order, { items }, input.op as 'RETURN' | 'CANCEL', itemsValue - amount, ctx, input.variableSymbol)]
      : order.adjustments;
  const closed = closing ? { amount: itemsValue, vatByRate } : { amount: 0, vatByRate: new Map<number, number>() };
  const next = finish(order, { items, adjustments }, input, closed, lines, ctx);
  const nothingLeft = !anyOpen(next);
  return {
    order: next,
    kind: VERB[input.op].toUpperCase() as FulfilmentKind,
    trigger: triggerOf(input.op, nothingLeft, next),
    facts: { sentOrDelivered: anySentOrDelivered(order), lastOpenItemCancelled: nothingLeft, nothingOwed: next.totalPrice.amount === 0 },
    lines,
    amount,
    full: input.op === 'RETURN' && nothingLeft,
  };
}

function mergeCounts(a: Map<number, number>, b: Map<number, number>): Map<number, number> {
  const out = new Map(a);
  for (const [k, v] of b) out.set(k, (out.get(k) ?? 0) + v);
  return out;
}

function triggerOf(op: FulfilmentOp, nothingLeft: boolean, next: OrderDoc): FulfilmentTrigger {
  switch (op) {
    case 'SEND':
      return 'MARK_SENT';
    case 'DELIVER':
      return 'MARK_DELIVERED';
    case 'CANCEL':
      return 'MARK_CANCELLED';
    case 'RETURN':
      return nothingLeft && next.items.some((i) => i.returnedMilli > 0) ? 'RETURN_FULL' : 'RETURN_PARTIAL';
  }
}

/**
 * An adjustment keeps `total = Σ open items + Σ adjustments` exact when the money moved
 * differs from the items' value. When it empties the order its VAT undoes the earlier
 * adjustments' VAT rate by rate, so an order with nothing left has no VAT left either.
 */
function adjustment(
  order: OrderDoc,
  after: Pick<OrderDoc, 'items'>,
  kind: OrderAdjustment['kind'],
  amount: number,
  ctx: { now: Date; newId: () => string },
  variableSymbol?: string,
): OrderAdjustment {
  const currency = order.totalPrice.currency;
  const emptied = !anyOpen(after) && amount === -adjustmentsTotal(order);
  const vat = emptied ? undoneVat(order.adjustments, currency) : vatOfAmount(order, amount, currency);
  return { id: ctx.newId(), kind, amount: { amount, currency }, vat, ...(variableSymbol ? { variableSymbol } : {}), at: ctx.now };
}

/**
 * Return with `items: []`: an amount-only refund; the goods stay (spec: Return rules). Also
 * on a RETURNED order that still owes an amount kept back on a return: a refund is how that
 * is corrected, and the one that brings the total to 0 closes the sale.
 */
function refund(order: OrderDoc, input: FulfilmentInput, ctx: { now: Date; newId: () => string }): FulfilmentOutcome {
  if (!input.totalPrice) throw new OrderRefused('UNPROCESSABLE', 'totalPrice: an amount-only refund (items: []) needs the amount.', 'totalPrice');
  const owedAfterReturn = order.state === 'RETURNED' && order.totalPrice.amount > 0;
  if (order.state !== 'SENT' && order.state !== 'DELIVERED' && !owedAfterReturn) {
    throw new OrderRefused('UNPROCESSABLE', 'An amount-only refund needs goods that were sent or delivered.');
  }
  const amount = refundAmount(order, input.totalPrice.amount);
  const currency = order.totalPrice.currency;
  const closed = !anyOpen(order);
  // with nothing open, the refund that empties the order undoes the adjustments' VAT rate by rate
  const emptied = closed && amount === order.totalPrice.amount;
  const vat = input.totalVat?.length
    ? refundVat(order, input.totalVat, amount)
    : emptied
      ? undoneVat(order.adjustments, currency)
      : vatOfAmount(order, -amount, currency);
  const adj: OrderAdjustment = {
    id: ctx.newId(),
    kind: 'REFUND',
    amount: { amount: -amount, currency },
    vat,
    ...(input.variableSymbol ? { variableSymbol: input.variableSymbol } : {}),
    at: ctx.now,
  };
  const next = finish(order, { items: order.items, adjustments: [...order.adjustments, adj] }, input, { amount: 0, vatByRate: new Map() }, [], ctx);
  const facts = { sentOrDelivered: true, lastOpenItemCancelled: closed, nothingOwed: next.totalPrice.amount === 0 };
  return { order: next, kind: 'REFUNDED', trigger: 'REFUND_AMOUNT', facts, lines: [], amount, full: false };
}

/**
 * Totals, states, carrier, documents and the history entry of the new order. The totals
 * move by what the operation closed and the adjustment it added, so an order keeps its
 * total exactly as the partner gave it and only ever loses what left it.
 */
function finish(
  order: OrderDoc,
  parts: Pick<OrderDoc, 'items' | 'adjustments'>,
  input: FulfilmentInput,
  closed: { amount: number; vatByRate: Map<number, number> },
  lines: FulfilmentLine[],
  ctx: { now: Date; newId: () => string },
): OrderDoc {
  const currency = order.totalPrice.currency;
  const added = parts.adjustments.slice(order.adjustments.length);
  const total = order.totalPrice.amount - closed.amount + added.reduce((a, x) => a + x.amount.amount, 0);
  const symbols =
    input.variableSymbol && !order.variableSymbols.includes(input.variableSymbol) ? [...order.variableSymbols, input.variableSymbol] : order.variableSymbols;
  return {
    ...order,
    items: parts.items,
    adjustments: parts.adjustments,
    state: orderState(parts.items),
    totalPrice: { amount: total, currency },
    totalVat: vatList(vatAfter(order, closed.vatByRate, added), currency),
    variableSymbols: symbols,
    deliveryCarrier: input.deliveryCarrier ?? order.deliveryCarrier,
    documents: input.document ? [...order.documents, input.document] : order.documents,
    fulfilment: [...order.fulfilment, fulfilmentEntry(input, lines, ctx)],
  };
}

/** VAT per rate: the order's, less what the closed lines held at each rate, plus the added adjustments'. */
function vatAfter(order: OrderDoc, closed: Map<number, number>, added: OrderAdjustment[]): Map<number, number> {
  const vat = new Map(order.totalVat.map((v) => [v.vatRate, v.amount] as [number, number]));
  for (const [rate, amount] of closed) vat.set(rate, (vat.get(rate) ?? 0) - amount);
  for (const a of added) for (const v of a.vat ?? []) vat.set(v.vatRate, (vat.get(v.vatRate) ?? 0) + v.amount);
  return vat;
}

/** The order history's entry for this operation, with what the partner sent along. */
function fulfilmentEntry(input: FulfilmentInput, lines: FulfilmentLine[], ctx: { now: Date; newId: () => string }): FulfilmentEntry {
  return {
    id: ctx.newId(),
    operation: input.op,
    at: ctx.now,
    items: lines.map((l) => ({ index: l.index, quantityMilli: l.quantityMilli })),
    ...(input.totalPrice ? { amount: input.totalPrice } : {}),
    ...(input.sentDate ? { sentDate: input.sentDate } : {}),
    ...(input.deliveryDate ? { deliveryDate: input.deliveryDate } : {}),
    ...(input.specificSymbol ? { specificSymbol: input.specificSymbol } : {}),
    ...(input.deliveryTrackingNumber ? { deliveryTrackingNumber: input.deliveryTrackingNumber } : {}),
    ...(input.deliveryCarrier ? { deliveryCarrier: input.deliveryCarrier } : {}),
    ...(input.variableSymbol ? { variableSymbol: input.variableSymbol } : {}),
  };
}
