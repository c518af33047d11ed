/**
 * The money arithmetic of the reference model, written from the rules alone (no import of
 * the service's money code). Integers in minor units; every product and quotient in BigInt.
 */

/** round(n / d) half away from zero, d > 0. */
export function roundDiv(n: bigint, d: bigint): bigint {
  const neg = n < 0n;
  const a = neg ? -n : n;
  const q = (2n * a + d) / (2n * d);
  return neg ? -q : q;
}

/** The price of the first x of Q thousandths of an item priced `total`: pv(0) = 0, pv(Q) = total. */
export function pv(total: number, x: number, Q: number): number {
  if (x <= 0) return 0;
  if (x >= Q) return total;
  return Number(roundDiv(BigInt(total) * BigInt(x), BigInt(Q)));
}

/**
 * Largest remainder: `amount` split in proportion to the positive `weights`; the parts sum
 * to `amount` exactly, ties go to the earlier part. A negative amount is split as its
 * absolute value and the parts negated (the split is symmetric in the sign).
 */
export function largestRemainder(amount: number, weights: number[]): number[] {
  const sum = weights.reduce((a, w) => a + BigInt(w), 0n);
  if (sum === 0n) return weights.map(() => 0);
  const sign = amount < 0 ? -1n : 1n;
  const abs = BigInt(amount) * sign;
  const floors = weights.map((w) => (abs * BigInt(w)) / sum);
  const order = weights.map((w, i) => ({ i, r: (abs * BigInt(w)) % sum })).sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  let left = abs - floors.reduce((a, f) => a + f, 0n);
  for (const { i } of order) {
    if (left === 0n) break;
    floors[i]! += 1n;
    left -= 1n;
  }
  return floors.map((f) => Number(f * sign));
}

/** The service's cumulative fee of a running gross G: round-half-away(G·bps / 10 000). */
export function feeOf(gross: number, bps: number): number {
  return Number(roundDiv(BigInt(gross) * BigInt(bps), 10_000n));
}

/** The VAT included in a gross at `rate` percent (rates with at most 2 decimals), for building valid orders. */
export function vatIn(gross: number, rate: number): number {
  const r = BigInt(Math.round(rate * 100));
  return Number(roundDiv(BigInt(gross) * r, 10_000n + r));
}

export interface PricedLine {
  gross: number;
  Q: number;
}

/**
 * The money components of every line: a positive line (gross > 0) has its own gross and
 * one share of the sum of all deduction lines (gross < 0), that sum allocated once over the
 * positive lines by their gross, so no share exceeds its line's gross while the order total
 * is above 0 (no line's net value is negative). Zero and deduction lines: none (their own
 * net value is 0: a deduction's money lives in the positive lines).
 */
export function components(lines: PricedLine[]): number[][] {
  const positive = lines.map((l, i) => (l.gross > 0 ? i : -1)).filter((i) => i >= 0);
  const comps: number[][] = lines.map((l) => (l.gross > 0 ? [l.gross] : []));
  const deducted = lines.reduce((a, l) => a + (l.gross < 0 ? l.gross : 0), 0);
  if (deducted === 0) return comps;
  const shares = largestRemainder(
    deducted,
    positive.map((i) => lines[i]!.gross),
  );
  positive.forEach((i, k) => comps[i]!.push(shares[k]!));
  return comps;
}

/** The value of thousandths [a, b) of a line: its net value (Σ components) spread over the quantity at once. */
export function rangeValue(comps: number[], Q: number, a: number, b: number): number {
  const net = comps.reduce((s, c) => s + c, 0);
  return pv(net, b, Q) - pv(net, a, Q);
}
