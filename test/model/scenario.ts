import fc from 'fast-check';
import { vatIn } from './oracle-money.js';
import { apply, available, orderTotal, type Action, type Financing, type LineSpec, type Model, type Op, type Trigger } from './oracle.js';

/**
 * What a model run does, as data fast-check generates and shrinks: an order, the partner's
 * terms, what happens before the customer's confirmation, how the confirmation races an
 * order change, and the partner's steps after the decision. Steps are intents (pick line k,
 * a fraction of what is left, an amount relative to the right one), resolved against the
 * model when they run, so that a shrunk sequence still means something.
 */

export type Price = 'none' | 'exact' | 'zero' | 'plus1' | 'minus1' | { permille: number };
export interface OpIntent {
  kind: Op;
  form: 'list' | 'all' | 'refund' | 'empty';
  picks: Array<{ line: number; permille: number | null }>;
  price: Price;
}
export type ChangeIntent = { mode: 'scale'; permille: number } | { mode: 'new'; lines: LineSpec[] } | { mode: 'huge' };
export type PostStep =
  | { t: 'op'; op: OpIntent }
  | { t: 'retry'; op: OpIntent; concurrent: boolean }
  | { t: 'concurrent'; ops: OpIntent[] }
  | { t: 'change'; change: ChangeIntent }
  | { t: 'cancelApp' };
export type PreStep = { t: 'change'; change: ChangeIntent } | { t: 'staleConfirm'; change: ChangeIntent };
export interface Scenario {
  type: Financing;
  trigger: Trigger;
  feeBps: number;
  transactionsNumber: number;
  lines: LineSpec[];
  pre: PreStep[];
  confirm: { race: 'none' | 'after' | 'concurrent'; change: ChangeIntent };
  post: PostStep[];
}

const RATES = [0, 10, 12, 21];
const GOODS_TYPES = ['PHYSICAL', 'SHIPPING_FEE', 'DIGITAL', 'INSURANCE'];
const DEDUCTION_TYPES = ['DISCOUNT', 'GIFT_CARD', 'STORE_CREDIT'];
export const FEES = [0, 1, 150, 250, 333, 999, 5000];

const quantity = fc.oneof(
  fc.constant(1000),
  fc.integer({ min: 1, max: 4 }).map((n) => n * 1000),
  fc.integer({ min: 1000, max: 4999 }),
);
const price = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 1, max: 500_000 }) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 99 }) },
  { weight: 1, arbitrary: fc.integer({ min: 500_000, max: 3_000_000 }) },
  { weight: 1, arbitrary: fc.constant(0) },
);

/** 1-4 lines: goods, and sometimes deduction lines taking up to 99.9 % of the goods (a small net). */
const fewLines: fc.Arbitrary<LineSpec[]> = fc
  .record({
    goods: fc.array(fc.record({ q: quantity, gross: price, rate: fc.constantFrom(...RATES), type: fc.constantFrom(...GOODS_TYPES) }), {
      minLength: 1,
      maxLength: 4,
    }),
    deductions: fc.array(
      fc.record({ permille: fc.integer({ min: 1, max: 999 }), rate: fc.constantFrom(...RATES), type: fc.constantFrom(...DEDUCTION_TYPES) }),
      { maxLength: 2 },
    ),
  })
  .map(({ goods, deductions }) => {
    const lines: LineSpec[] = goods.map((g, k) => ({ code: `G${k}`, type: g.type, quantityMilli: g.q, gross: g.gross, vatRate: g.rate }));
    if (lines.every((l) => l.gross === 0)) lines[0]!.gross = 100;
    let left = lines.reduce((a, l) => a + l.gross, 0) - 1;
    deductions.slice(0, 4 - lines.length).forEach((d, k) => {
      const amount = Math.min(left, Math.max(1, Math.floor((left * d.permille) / 1000)));
      if (amount < 1) return;
      left -= amount;
      lines.push({ code: `D${k}`, type: d.type, quantityMilli: 1000, gross: -amount, vatRate: d.rate });
    });
    return lines;
  });

/**
 * Two or three cheap goods and many deductions of −0.01 leaving a net of a few units: every
 * deduction's rounding is a tie, the case where allocating them one by one made a line's net
 * value negative (and a cancel of it raised the total).
 */
const tinyDeductions: fc.Arbitrary<LineSpec[]> = fc
  .record({
    goods: fc.array(fc.record({ gross: fc.integer({ min: 1, max: 12 }), q: fc.constantFrom(1000, 2000, 1500) }), { minLength: 2, maxLength: 3 }),
    net: fc.integer({ min: 1, max: 3 }),
    rate: fc.constantFrom(...RATES),
  })
  .map(({ goods, net, rate }) => {
    const lines: LineSpec[] = goods.map((g, k) => ({ code: `G${k}`, type: 'PHYSICAL', quantityMilli: g.q, gross: g.gross, vatRate: rate }));
    const count = Math.max(0, lines.reduce((a, l) => a + l.gross, 0) - net);
    for (let k = 0; k < count; k++) lines.push({ code: `D${k}`, type: 'DISCOUNT', quantityMilli: 1000, gross: -1, vatRate: rate });
    return lines;
  });

export const orderLines: fc.Arbitrary<LineSpec[]> = fc.oneof({ weight: 9, arbitrary: fewLines }, { weight: 1, arbitrary: tinyDeductions });

const change: fc.Arbitrary<ChangeIntent> = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: 300, max: 1300 }).map((permille) => ({ mode: 'scale' as const, permille })) },
  { weight: 2, arbitrary: orderLines.map((lines) => ({ mode: 'new' as const, lines })) },
  { weight: 1, arbitrary: fc.constant({ mode: 'huge' as const }) },
);
const priceIntent: fc.Arbitrary<Price> = fc.oneof(
  { weight: 6, arbitrary: fc.constant('none' as const) },
  { weight: 3, arbitrary: fc.constantFrom('exact' as const, 'zero' as const, 'plus1' as const, 'minus1' as const) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 1000 }).map((permille) => ({ permille })) },
);
const opIntent: fc.Arbitrary<OpIntent> = fc
  .record({
    kind: fc.constantFrom<Op>('SEND', 'SEND', 'DELIVER', 'DELIVER', 'RETURN', 'RETURN', 'RETURN', 'CANCEL', 'CANCEL'),
    form: fc.constantFrom('list', 'list', 'list', 'all', 'refund', 'empty'),
    picks: fc.array(
      fc.record({ line: fc.nat(3), permille: fc.option(fc.oneof(fc.integer({ min: 1, max: 1000 }), fc.integer({ min: 1001, max: 1500 })), { nil: null }) }),
      { minLength: 1, maxLength: 2 },
    ),
    price: priceIntent,
  })
  .map((o) => ({ ...o, form: o.form === 'refund' && o.kind !== 'RETURN' ? 'all' : o.form === 'empty' && o.kind !== 'CANCEL' ? 'list' : o.form }) as OpIntent);

const post: fc.Arbitrary<PostStep> = fc.oneof(
  { weight: 12, arbitrary: opIntent.map((op) => ({ t: 'op' as const, op })) },
  { weight: 2, arbitrary: fc.tuple(opIntent, fc.boolean()).map(([op, concurrent]) => ({ t: 'retry' as const, op, concurrent })) },
  { weight: 2, arbitrary: fc.array(opIntent, { minLength: 2, maxLength: 3 }).map((ops) => ({ t: 'concurrent' as const, ops })) },
  { weight: 2, arbitrary: change.map((c) => ({ t: 'change' as const, change: c })) },
  { weight: 1, arbitrary: fc.constant({ t: 'cancelApp' as const }) },
);

export const scenario: fc.Arbitrary<Scenario> = fc.record({
  type: fc.constantFrom<Financing>('DEFERRED_PAYMENT', 'DEFERRED_PAYMENT', 'PAY_IN_THREE'),
  trigger: fc.constantFrom<Trigger>('SENT', 'DELIVERED'),
  feeBps: fc.constantFrom(...FEES),
  transactionsNumber: fc.constantFrom(0, 4, 4),
  lines: orderLines,
  pre: fc.array(
    fc.oneof(
      change.map((c) => ({ t: 'change' as const, change: c })),
      change.map((c) => ({ t: 'staleConfirm' as const, change: c })),
    ),
    { maxLength: 2 },
  ),
  confirm: fc.record({ race: fc.constantFrom('none' as const, 'none' as const, 'after' as const, 'concurrent' as const), change }),
  post: fc.array(post, { minLength: 1, maxLength: 10 }),
});

// ---- resolving intents against the model ----

export const CZK = (amount: number) => ({ amount, currency: 'CZK' });

/** The lines of an order change, from the model's current lines. */
export function changedLines(m: Model, c: ChangeIntent): LineSpec[] {
  if (c.mode === 'new') return c.lines;
  if (c.mode === 'huge') return [{ code: 'YACHT', type: 'PHYSICAL', quantityMilli: 1000, gross: 900_000_000, vatRate: 21 }];
  const lines = m.lines.map((l) => ({
    code: l.code,
    type: l.type,
    quantityMilli: l.quantityMilli,
    gross: Math.round((l.gross * c.permille) / 1000),
    vatRate: l.vatRate,
  }));
  return lines.reduce((a, l) => a + l.gross, 0) > 0 ? lines : lines.map((l) => (l.gross < 0 ? { ...l, gross: 0 } : l));
}

/** PUT order body: the items with their VAT, the totals they add up to. */
export function orderBody(lines: LineSpec[]) {
  const vat = new Map<number, number>();
  const items = lines.map((l) => {
    const v = vatIn(l.gross, l.vatRate);
    vat.set(l.vatRate, (vat.get(l.vatRate) ?? 0) + v);
    return {
      code: l.code,
      name: `Item ${l.code}`,
      type: l.type,
      quantity: l.quantityMilli / 1000,
      totalPrice: CZK(l.gross),
      totalVat: { vatRate: l.vatRate, amount: v, currency: 'CZK' },
    };
  });
  return {
    items,
    totalPrice: CZK(lines.reduce((a, l) => a + l.gross, 0)),
    totalVat: [...vat].map(([vatRate, amount]) => ({ vatRate, amount, currency: 'CZK' })),
  };
}

/** The oracle's action and the HTTP body of an operation intent, resolved against `m`. */
export function resolveOp(m: Model, o: OpIntent): { action: Action; body: Record<string, unknown> } {
  let action: Extract<Action, { kind: Op }>;
  if (o.form === 'refund') action = { kind: 'RETURN', items: [] };
  else if (o.form === 'empty') action = { kind: 'CANCEL', items: [] };
  else if (o.form === 'all') action = { kind: o.kind };
  else {
    action = {
      kind: o.kind,
      items: o.picks.map((p) => {
        const line = m.lines[p.line % m.lines.length]!;
        if (p.permille === null) return { code: line.code };
        // above 1000 ‰: more than is left (refused naming the quantity)
        const q = Math.floor((available(line, o.kind) * p.permille) / 1000) + (p.permille > 1000 ? 1 : 0);
        return { code: line.code, quantityMilli: Math.max(1, q) };
      }),
    };
  }
  const total = orderTotal(m);
  const right = o.form === 'refund' ? total : (apply(m, action).bound ?? Math.floor(total / 2));
  const p = o.form === 'refund' && o.price === 'none' ? { permille: 500 } : o.price;
  const amount =
    p === 'none'
      ? undefined
      : p === 'exact'
        ? right
        : p === 'zero'
          ? 0
          : p === 'plus1'
            ? right + 1
            : p === 'minus1'
              ? Math.max(0, right - 1)
              : Math.round((total * p.permille) / 1000);
  if (amount !== undefined) action.totalPrice = amount;
  const body: Record<string, unknown> = {};
  if (action.items)
    body.items = action.items.map((i) => (i.quantityMilli === undefined ? { code: i.code } : { code: i.code, quantity: i.quantityMilli / 1000 }));
  if (amount !== undefined) body.totalPrice = CZK(amount);
  return { action, body };
}
