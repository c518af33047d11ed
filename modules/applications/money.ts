import type { AccountLevel, FinancingType, Instalment, Money } from './application.model.js';

/**
 * Money and calendar arithmetic of applications, as pure functions. Amounts are integers in
 * minor units; products and quotients go through BigInt so no minor unit is ever lost to a
 * float.
 */

/** The service's calendar: due dates are local dates in the market's time zone. */
export const SERVICE_TIME_ZONE = 'Europe/Prague';

/** DESIGN 8: days until the deferred payment is due, by the customer's account level. */
export const DEFERRED_DAYS: Record<AccountLevel, number> = { BASIC: 30, GOLD: 50 };
/** DESIGN 8: pay in three is due at +0, +30 and +60 days. */
export const PAY_IN_THREE_OFFSETS = [0, 30, 60] as const;

/**
 * Splits `total` in proportion to `weights` (largest remainder method): the parts sum to
 * `total` exactly; ties go to the earlier part. Weights are non-negative integers.
 */
export function allocate(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, w) => a + BigInt(w), 0n);
  if (weights.length === 0) throw new Error('allocate needs at least one weight');
  if (sum === 0n) return weights.map((_, i) => (i === 0 ? total : 0));
  const t = BigInt(total);
  const sign = t < 0n ? -1n : 1n;
  const abs = t * sign;
  const parts = weights.map((w) => (abs * BigInt(w)) / sum);
  const rems = weights.map((w, i) => ({ i, r: (abs * BigInt(w)) % sum }));
  let left = abs - parts.reduce((a, p) => a + p, 0n);
  rems.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of rems) {
    if (left === 0n) break;
    parts[i]! += 1n;
    left -= 1n;
  }
  return parts.map((p) => Number(p * sign));
}

/** DESIGN 8: three instalments summing exactly to `total`; the remainder goes to the first. */
export function payInThree(total: number): [number, number, number] {
  return splitEvenly(total, 3) as [number, number, number];
}

/** `count` equal parts of a non-negative `total` summing to it exactly; the remainder goes to the first. */
export function splitEvenly(total: number, count: number): number[] {
  const base = Math.floor(total / count);
  return Array.from({ length: count }, (_, i) => (i === 0 ? total - (count - 1) * base : base));
}

/**
 * The plan after what the customer owes changed to `owed` (returns, refunds, cancels), on
 * local date `today`: the same instalments and due dates, summing to `owed` exactly.
 *
 * - Instalments due on or before `today` have fallen due (pay in three's first one is
 *   collected at checkout): they keep their amount as long as the customer owes that much;
 *   when the customer owes less, the latest of them shrink first (what was collected beyond
 *   the new debt is owed back to the customer).
 * - The rest of the debt is spread over the instalments still to come by the rule of the
 *   plan at creation: equal parts, the remainder on the first of them.
 * - With none still to come, a debt above the fallen-due amounts (never the case: a debt
 *   only falls) goes on the last instalment, so the sum is exact in every case.
 */
export function replan(plan: Instalment[], owed: number, today: string): Instalment[] {
  const dueNow = plan.filter((p) => p.dueDate <= today).length;
  const amounts = plan.map((p) => p.amount.amount);
  let left = Math.max(0, owed);
  for (let i = 0; i < dueNow; i++) {
    amounts[i] = Math.min(amounts[i]!, left);
    left -= amounts[i]!;
  }
  if (dueNow < plan.length) splitEvenly(left, plan.length - dueNow).forEach((a, k) => { amounts[dueNow + k] = a; });
  else amounts[plan.length - 1]! += left;
  return plan.map((p, i) => ({ dueDate: p.dueDate, amount: { amount: amounts[i]!, currency: p.amount.currency } }));
}

/** Σ of a plan's instalments. */
export const planTotal = (plan: Instalment[]): number => plan.reduce((a, p) => a + p.amount.amount, 0);

/** `YYYY-MM-DD` of an instant in the service's time zone. */
export function localDate(at: Date, timeZone = SERVICE_TIME_ZONE): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** Calendar arithmetic on `YYYY-MM-DD` (no time zone involved). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The customer's repayment plan for a purchase made at `purchasedAt` (DESIGN 8). */
export function repaymentPlan(type: FinancingType, total: Money, purchasedAt: Date, level: AccountLevel): Instalment[] {
  const day = localDate(purchasedAt);
  if (type === 'DEFERRED_PAYMENT') {
    return [{ dueDate: addDays(day, DEFERRED_DAYS[level]), amount: { ...total } }];
  }
  return payInThree(total.amount).map((amount, i) => ({
    dueDate: addDays(day, PAY_IN_THREE_OFFSETS[i]!),
    amount: { amount, currency: total.currency },
  }));
}

/** A quantity with at most 3 decimals as integer thousandths. */
export function toMilli(quantity: number): number {
  return Math.round(quantity * 1000);
}

/** `a * b / c` rounded half away from zero, exact for any safe integers. */
export function mulDivRound(a: number, b: number, c: number): number {
  const n = BigInt(a) * BigInt(b);
  const d = BigInt(c);
  const sign = (n < 0n) !== (d < 0n) ? -1n : 1n;
  const an = n < 0n ? -n : n;
  const ad = d < 0n ? -d : d;
  return Number(sign * ((an * 2n + ad) / (ad * 2n)));
}

/** The unit price of an item from its total and quantity (thousandths), rounded to the minor unit. */
export function unitFromTotal(totalAmount: number, quantityMilli: number): number {
  return mulDivRound(totalAmount, 1000, quantityMilli);
}

/** The VAT contained in a gross amount at `vatRate` percent, rounded to the minor unit. */
export function vatIncluded(gross: number, vatRate: number): number {
  // rates have at most 2 decimals: scale to integers so the division is exact
  const rate = Math.round(vatRate * 100);
  return mulDivRound(gross, rate, 10_000 + rate);
}

/** Minor-unit exponent of an ISO 4217 currency (CLDR data of the runtime). */
export function minorUnitDigits(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** Exact decimal text of a minor-unit amount: 12590 CZK → "125.90". */
export function toDecimalString(amount: number, currency: string): string {
  const digits = minorUnitDigits(currency);
  const neg = amount < 0;
  const s = String(Math.abs(amount)).padStart(digits + 1, '0');
  const text = digits ? `${s.slice(0, -digits)}.${s.slice(-digits)}` : s;
  return neg ? `-${text}` : text;
}

/** Human text for the gateway page, e.g. "1 259,90 Kč" for cs-CZ (exact: the decimal string is formatted). */
export function formatMoney(money: Money, locale = 'cs-CZ'): string {
  const fmt = new Intl.NumberFormat(locale, { style: 'currency', currency: money.currency });
  return fmt.format(toDecimalString(money.amount, money.currency) as unknown as number);
}
