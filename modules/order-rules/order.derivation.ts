import type { ErrorRecord } from '../../platform/errors.js';
import type { VatAmount } from './order.model.js';
import type { ItemInput, OrderInput, RecurrenceOrderInput } from './order.schemas.js';
import { mulDivRound, vatIncluded } from '../../platform/money.js';

/**
 * An order without items (create from recurrence: the spec requires only the totals) gets
 * one item per VAT rate, derived from the totals, so send / deliver / return / cancel, the
 * ledger and the credit notes keep their one code path over items. The derived items are
 * stored and shown like sent ones (their codes are what send and return name).
 *
 * - One rate: one item `ORDER` worth the whole total, with that VAT. Whether the VAT fits
 *   the rate is the same advisory check as for items the partner sends.
 * - Several rates: one item `ORDER-<rate>` per rate. Each rate's gross is one whose VAT at
 *   that rate is exactly the stated amount (the VAT of a gross is rounded, so a range of
 *   grosses qualifies); the grosses add up to totalPrice exactly. A 0 % rate takes what
 *   the other rates leave. When no such split exists the order is refused (422): guessing
 *   would put VAT on the customer's documents that the partner never stated.
 */

export const DERIVED_CODE = 'ORDER';

const err = (message: string, attribute: string): ErrorRecord => ({ code: 'UNPROCESSABLE', message, severity: 'ERROR', attribute });

/** The grosses whose VAT at `vatRate` is exactly `vat`: [lo, hi], or undefined when none within [0, max]. */
export function grossRange(vat: number, vatRate: number, max: number): [number, number] | undefined {
  // VAT of a gross is non-decreasing in the gross: binary search the two ends
  const first = (atLeast: number) => {
    let lo = 0;
    let hi = max + 1;
    while (lo < hi) {
      const mid = Math.floor((lo + hi) / 2);
      if (vatIncluded(mid, vatRate) >= atLeast) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  };
  const lo = first(vat);
  const hi = first(vat + 1) - 1;
  return lo <= max && lo <= hi && vatIncluded(lo, vatRate) === vat ? [lo, Math.min(hi, max)] : undefined;
}

/** Each rate's gross: exact VAT per rate, summing to `total`; a string says why there is none. */
export function splitByVat(total: number, totalVat: VatAmount[]): number[] | string {
  const zero = totalVat.findIndex((v) => v.vatRate === 0);
  const ranges = totalVat.map((v) => (v.vatRate === 0 ? ([0, total] as [number, number]) : grossRange(v.amount, v.vatRate, total)));
  const missing = ranges.findIndex((r) => r === undefined);
  if (missing >= 0) return `No amount up to the order total carries ${totalVat[missing]!.amount} of VAT at ${totalVat[missing]!.vatRate} %.`;
  const bounds = ranges as Array<[number, number]>;
  // start from the gross that the VAT implies (net + VAT), kept within the exact range
  const gross = totalVat.map((v, i) =>
    i === zero ? 0 : Math.min(Math.max(mulDivRound(v.amount, 10_000 + Math.round(v.vatRate * 100), Math.round(v.vatRate * 100)), bounds[i]![0]), bounds[i]![1]),
  );
  let left = total - gross.reduce((a, g) => a + g, 0);
  // a 0 % rate (any gross, no VAT) takes up the difference first; then each rate moves within its range
  const sequence = [...(zero >= 0 ? [zero] : []), ...totalVat.map((_, i) => i).filter((i) => i !== zero)];
  for (const i of sequence) {
    if (left === 0) break;
    const [lo, hi] = bounds[i]!;
    const step = left > 0 ? Math.min(left, hi - gross[i]!) : Math.max(left, lo - gross[i]!);
    gross[i]! += step;
    left -= step;
  }
  return left === 0 ? gross : `No split of the order total of ${total} over the VAT rates gives exactly the stated VAT amounts.`;
}

/** Rules an order without items must meet before its items can be derived. */
function checkBounds(order: RecurrenceOrderInput, root: string): ErrorRecord[] {
  const errors: ErrorRecord[] = [];
  if (order.totalPrice.amount <= 0) errors.push(err('The order total must be positive.', `${root}.totalPrice.amount`));
  order.totalVat.forEach((v, i) => {
    if (v.amount < 0) errors.push(err('An order without items cannot carry negative VAT.', `${root}.totalVat[${i}].amount`));
    if (v.currency !== order.totalPrice.currency)
      errors.push(
        err(`One currency per application: totalVat[${i}] is in ${v.currency}, the order in ${order.totalPrice.currency}.`, `${root}.totalVat[${i}].currency`),
      );
    if (v.vatRate === 0 && v.amount !== 0) errors.push(err('VAT at 0 % must be 0.', `${root}.totalVat[${i}].amount`));
  });
  const vat = order.totalVat.reduce((a, v) => a + v.amount, 0);
  if (vat > order.totalPrice.amount)
    errors.push(err(`The VAT adds up to ${vat}, more than the order total of ${order.totalPrice.amount}.`, `${root}.totalVat`));
  return errors;
}

/**
 * The order with its items derived from the totals; `errors` (422 records) when the totals
 * cannot stand for items. An order that has items is returned as it is.
 */
export function withDerivedItems(order: RecurrenceOrderInput, root = 'order'): { order: OrderInput; errors: ErrorRecord[]; derived: boolean } {
  if (order.items && order.items.length > 0) return { order: order as OrderInput, errors: [], derived: false };
  const result = derive(order, root);
  return { ...result, derived: true };
}

/**
 * The attribute the partner sent for one named on a derived item: its VAT is the order's
 * totalVat entry of its rate; anything else of it comes from the order's totals.
 */
export function sentAttribute(order: OrderInput, root = 'order') {
  const itemAt = new RegExp(`^${root.replace(/\./g, '\\.')}\\.items\\[(\\d+)\\]\\.(\\w+)(.*)$`);
  return (attribute: string): string => {
    const m = itemAt.exec(attribute);
    if (!m) return attribute;
    const item = order.items[Number(m[1])];
    const entry = item ? order.totalVat.findIndex((v) => v.vatRate === item.totalVat.vatRate) : -1;
    if (m[2] === 'totalVat' && entry >= 0) return `${root}.totalVat[${entry}]${m[3]}`;
    return `${root}.totalPrice${m[2] === 'totalPrice' ? m[3] : ''}`;
  };
}

function derive(order: RecurrenceOrderInput, root: string): { order: OrderInput; errors: ErrorRecord[] } {
  const errors = checkBounds(order, root);
  if (errors.length) return { order: { ...order, items: [] }, errors };
  const { totalPrice, totalVat } = order;
  const label = order.number ? `Order ${order.number}` : 'Order';
  const item = (code: string, name: string, amount: number, v: VatAmount): ItemInput => ({
    code,
    name,
    quantity: 1,
    totalPrice: { amount, currency: totalPrice.currency },
    totalVat: { vatRate: v.vatRate, amount: v.amount, currency: totalPrice.currency },
  });
  if (totalVat.length === 1) return { order: { ...order, items: [item(DERIVED_CODE, label, totalPrice.amount, totalVat[0]!)] }, errors: [] };
  const split = splitByVat(totalPrice.amount, totalVat);
  if (typeof split === 'string') return { order: { ...order, items: [] }, errors: [err(`${split} Send the order's items.`, `${root}.totalVat`)] };
  // a rate left with nothing (its VAT 0) has no goods to send or return
  const items = totalVat.flatMap((v, i) => (split[i]! > 0 ? [item(`${DERIVED_CODE}-${v.vatRate}`, `${label}, ${v.vatRate} % VAT`, split[i]!, v)] : []));
  return { order: { ...order, items }, errors: [] };
}
