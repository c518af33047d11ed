import type { ErrorRecord } from '../../platform/errors.js';
import { DEDUCTION_ITEM_TYPES, type Money, type VatAmount } from './order.model.js';
import type { OrderInput } from './order.schemas.js';
import { mulDivRound, toMilli, vatIncluded } from '../../platform/money.js';

/**
 * Semantic checks of an order: rules across fields that a schema cannot
 * state. ERROR records answer 422 UNPROCESSABLE; WARN records are advisory mismatches the
 * partner accepts by naming their codes in `override`.
 */
export interface CheckResult {
  errors: ErrorRecord[];
  warnings: ErrorRecord[];
}

export const WARN_CODES = {
  itemTotal: 'ITEM_TOTAL_MISMATCH',
  itemVat: 'VAT_AMOUNT_MISMATCH',
} as const;

const err = (message: string, attribute: string): ErrorRecord => ({ code: 'UNPROCESSABLE', message, severity: 'ERROR', attribute });
const warn = (code: string, message: string, attribute: string): ErrorRecord => ({ code, message, severity: 'WARN', attribute });

/** Every money field of the order with its path. */
function moneyFields(order: OrderInput, root: string): Array<[string, Money]> {
  const out: Array<[string, Money]> = [[`${root}.totalPrice`, order.totalPrice]];
  order.totalVat.forEach((v, i) => out.push([`${root}.totalVat[${i}]`, v]));
  order.items.forEach((item, i) => {
    const p = `${root}.items[${i}]`;
    out.push([`${p}.totalPrice`, item.totalPrice], [`${p}.totalVat`, item.totalVat]);
    if (item.unitPrice) out.push([`${p}.unitPrice`, item.unitPrice]);
    if (item.unitVat) out.push([`${p}.unitVat`, item.unitVat]);
  });
  return out;
}

function checkCurrencies(order: OrderInput, root: string, accepted: string[], errors: ErrorRecord[]): void {
  const cur = order.totalPrice.currency;
  if (!accepted.includes(cur)) errors.push(err(`Currency ${cur} is not accepted; accepted: ${accepted.join(', ')}.`, `${root}.totalPrice.currency`));
  const odd = moneyFields(order, root).find(([, m]) => m.currency !== cur);
  if (odd) errors.push(err(`One currency per application: ${odd[0]} is in ${odd[1].currency}, the order in ${cur}.`, `${odd[0]}.currency`));
}

/**
 * The sign rules of an order's money (also for a changed order): a positive total; only
 * deductions below zero; every VAT amount possible for its price (`impossibleVat`).
 */
export function checkSigns(order: Pick<OrderInput, 'totalPrice' | 'items'>, root: string, errors: ErrorRecord[]): void {
  if (order.totalPrice.amount <= 0) errors.push(err('The order total must be positive.', `${root}.totalPrice.amount`));
  order.items.forEach((item, i) => {
    const p = `${root}.items[${i}]`;
    const deduction = item.type !== undefined && DEDUCTION_ITEM_TYPES.includes(item.type);
    const bad = deduction ? item.totalPrice.amount > 0 : item.totalPrice.amount < 0;
    if (bad) {
      errors.push(
        err(
          deduction
            ? `A ${item.type} item reduces the total: its price must not be positive.`
            : 'Only DISCOUNT, GIFT_CARD and STORE_CREDIT items may have a negative price.',
          `${p}.totalPrice.amount`,
        ),
      );
    }
    const pairs: Array<[Money, VatAmount, string]> = [[item.totalPrice, item.totalVat, `${p}.totalVat.amount`]];
    if (item.unitPrice && item.unitVat) pairs.push([item.unitPrice, item.unitVat, `${p}.unitVat.amount`]);
    for (const [price, vat, attribute] of pairs) {
      const why = impossibleVat(price.amount, vat.amount, vat.vatRate);
      if (why) errors.push(err(why, attribute));
    }
  });
}

/**
 * A VAT amount that no rounding explains, for a price that includes it: of the other sign
 * than the price (or any VAT on a price of 0), larger than the price, or, at a positive
 * rate, the whole price (the VAT in a gross g at rate r is g·r/(100 + r), always below g).
 * An override accepts a rounding difference (VAT_AMOUNT_MISMATCH), never one of these: the
 * VAT ends up on credit notes and in the ledger.
 */
export function impossibleVat(price: number, vat: number, vatRate: number): string | undefined {
  if (vat === 0) return undefined;
  if (price === 0) return `A price of 0 includes no VAT; the VAT is ${vat}.`;
  if (Math.sign(vat) !== Math.sign(price)) return `The VAT ${vat} must have the sign of its price ${price}.`;
  if (Math.abs(vat) > Math.abs(price)) return `The VAT ${vat} is larger than its price ${price}, which includes it.`;
  if (vatRate > 0 && Math.abs(vat) === Math.abs(price)) return `At ${vatRate} % the VAT is a part of the price: ${vat} cannot be the whole of ${price}.`;
  return undefined;
}

function checkSums(order: OrderInput, root: string, errors: ErrorRecord[]): void {
  const itemsTotal = order.items.reduce((a, i) => a + i.totalPrice.amount, 0);
  if (itemsTotal !== order.totalPrice.amount) {
    errors.push(err(`The items add up to ${itemsTotal}, the order totalPrice is ${order.totalPrice.amount} (minor units).`, `${root}.totalPrice.amount`));
  }
  const byRate = new Map<number, number>();
  order.items.forEach((item, i) => {
    byRate.set(item.totalVat.vatRate, (byRate.get(item.totalVat.vatRate) ?? 0) + item.totalVat.amount);
    if (item.unitVat && item.unitVat.vatRate !== item.totalVat.vatRate) {
      errors.push(err('unitVat and totalVat of an item must have the same vatRate.', `${root}.items[${i}].unitVat.vatRate`));
    }
  });
  const given = new Map(order.totalVat.map((v) => [v.vatRate, v.amount]));
  for (const [rate, amount] of byRate) {
    const stated = given.get(rate);
    if (stated === undefined) errors.push(err(`totalVat has no entry for the items' VAT rate ${rate}.`, `${root}.totalVat`));
    else if (stated !== amount) errors.push(err(`The items' VAT at ${rate} % adds up to ${amount}, totalVat says ${stated}.`, `${root}.totalVat`));
  }
  order.totalVat.forEach((v, i) => {
    if (!byRate.has(v.vatRate) && v.amount !== 0) errors.push(err(`totalVat names rate ${v.vatRate} %, which no item has.`, `${root}.totalVat[${i}]`));
  });
}

/** Advisory: unit price × quantity against the item total, VAT against its rate (1 minor unit of rounding tolerated). */
function checkAdvisories(order: OrderInput, root: string, warnings: ErrorRecord[]): void {
  order.items.forEach((item, i) => {
    const p = `${root}.items[${i}]`;
    const qMilli = toMilli(item.quantity ?? 1);
    if (item.unitPrice) {
      const expected = mulDivRound(item.unitPrice.amount, qMilli, 1000);
      if (Math.abs(expected - item.totalPrice.amount) > 1) {
        warnings.push(warn(WARN_CODES.itemTotal, `unitPrice × quantity is ${expected}, totalPrice is ${item.totalPrice.amount}.`, `${p}.totalPrice.amount`));
      }
    }
    const vat = vatIncluded(item.totalPrice.amount, item.totalVat.vatRate);
    if (Math.abs(vat - item.totalVat.amount) > 1) {
      warnings.push(
        warn(
          WARN_CODES.itemVat,
          `${item.totalVat.vatRate} % VAT of ${item.totalPrice.amount} is ${vat}, totalVat.amount is ${item.totalVat.amount}.`,
          `${p}.totalVat.amount`,
        ),
      );
    }
  });
}

export function checkOrder(order: OrderInput, opts: { currencies: string[]; root?: string }): CheckResult {
  const root = opts.root ?? 'order';
  const errors: ErrorRecord[] = [];
  const warnings: ErrorRecord[] = [];
  checkCurrencies(order, root, opts.currencies, errors);
  checkSigns(order, root, errors);
  checkSums(order, root, errors);
  checkAdvisories(order, root, warnings);
  return { errors, warnings };
}

/** Warnings the partner did not override block the request (422 with the WARN records). */
export function unacceptedWarnings(warnings: ErrorRecord[], override: string[] = []): ErrorRecord[] {
  return warnings.filter((w) => !override.includes(w.code));
}
