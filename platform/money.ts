/**
 * Money arithmetic as pure functions. Amounts are integers in minor units; products and
 * quotients go through BigInt so no minor unit is ever lost to a float.
 */

export interface Money {
  amount: number;
  currency: string;
}

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

/** `count` equal parts of a non-negative `total` summing to it exactly; the remainder goes to the first. */
export function splitEvenly(total: number, count: number): number[] {
  const base = Math.floor(total / count);
  return Array.from({ length: count }, (_, i) => (i === 0 ? total - (count - 1) * base : base));
}

/** A quantity with at most 3 decimals as integer thousandths. */
export function toMilli(quantity: number): number {
  return Math.round(quantity * 1000);
}

/** `a * b / c` rounded half away from zero, exact for any safe integers. */
export function mulDivRound(a: number, b: number, c: number): number {
  const n = BigInt(a) * BigInt(b);
  const d = BigInt(c);
  const sign = n < 0n !== d < 0n ? -1n : 1n;
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

/** Human text, e.g. "1 259,90 Kč" for cs-CZ (exact: the decimal string is formatted). */
export function formatMoney(money: Money, locale = 'cs-CZ'): string {
  const fmt = new Intl.NumberFormat(locale, { style: 'currency', currency: money.currency });
  return fmt.format(toDecimalString(money.amount, money.currency) as unknown as number);
}
