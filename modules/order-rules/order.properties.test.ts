import { expect } from 'chai';
import fc from 'fast-check';
import { addDays, localDate } from '../../platform/dates.js';
import { vatIncluded } from '../../platform/money.js';
import { planTotal, repaymentPlan, type FinancingType } from './repayment.js';
import { buildItem } from './order.factory.js';
import { closeCancelledOrder } from './order.close.js';
import { planChange } from './plan.change.js';
import { transition } from '../applications/index.js';
import type { Instalment, OrderDoc } from './order.model.js';
import type { ItemInput } from './order.schemas.js';
import type { Status } from '../applications/application.model.js';
import { applyFulfilment, type FulfilmentInput } from './fulfilment.rules.js';
import { applyOrderChange } from './order.change.js';
import { anyOpen, available, countersValid } from './fulfilment.counters.js';
import {
  closedMilli,
  closingValue,
  eligibleMilli,
  eligibleValue,
  impliedTotal,
  impliedVat,
  isDeduction,
  netComponents,
  payoutBase,
  rangeValue,
  type PayoutTrigger,
} from './order.money.js';
import { orderSnapshot } from '../orders/orders.events.js';
import { OrderRefused } from './order.errors.js';
import { feeOf, reconcile, totals, type LedgerRecord } from '../payments/ledger.rules.js';

/**
 * Money invariants over random sequences of send, deliver, return,
 * cancel, amount-only refunds and order changes, driven through the pure core and the
 * payout ledger. Reproducible: FC_SEED (default below) fixes the cases, FC_RUNS sets how
 * many (default 300; e.g. `FC_RUNS=5000 npx mocha modules/orders/order.properties.test.ts`).
 * A failure prints the seed and the shrunk counterexample.
 */
const SEED = Number(process.env.FC_SEED ?? 20261123);
const RUNS = Number(process.env.FC_RUNS ?? 300);
const CUR = 'CZK';
const RATES = [0, 10, 12, 21];

const quantity = fc.oneof(
  fc.integer({ min: 1, max: 5 }),
  fc.integer({ min: 1000, max: 4999 }).map((m) => m / 1000),
);
const itemInput = (code: string, discount = false): fc.Arbitrary<ItemInput> =>
  fc
    .record({ q: quantity, price: fc.integer({ min: discount ? 1 : 0, max: discount ? 5_000 : 250_000 }), rate: fc.constantFrom(...RATES) })
    .map(({ q, price, rate }) => {
      const amount = discount ? -price : price;
      return {
        code,
        name: `Item ${code}`,
        type: discount ? 'DISCOUNT' : 'PHYSICAL',
        quantity: q,
        totalPrice: { amount, currency: CUR },
        totalVat: { vatRate: rate, amount: vatIncluded(amount, rate), currency: CUR },
      } as ItemInput;
    });

/** 1-4 items, sometimes a discount line worth at most half of the rest; a total above zero (as create demands). */
const itemsInput = fc
  .tuple(fc.integer({ min: 1, max: 4 }), fc.boolean())
  .chain(([n, withDiscount]) => fc.tuple(...Array.from({ length: n }, (_, k) => itemInput(`I${k}`)), ...(withDiscount ? [itemInput('D', true)] : [])))
  .map((items) => {
    const positive = items.filter((i) => i.type !== 'DISCOUNT').reduce((a, i) => a + i.totalPrice.amount, 0);
    return items.filter((i) => i.type !== 'DISCOUNT' || -i.totalPrice.amount <= Math.floor(positive / 2));
  })
  .filter((items) => items.reduce((a, i) => a + i.totalPrice.amount, 0) > 0);

function newOrder(items: ItemInput[]): OrderDoc {
  const docs = items.map(buildItem);
  const base: OrderDoc = {
    number: 'ORD-1',
    state: 'PROCESSING',
    totalPrice: { amount: 0, currency: CUR },
    originalTotalPrice: { amount: 0, currency: CUR },
    totalVat: [],
    items: docs,
    addresses: [],
    variableSymbols: ['1234'],
    documents: [],
    adjustments: [],
    fulfilment: [],
  };
  return applyOrderChange(base, { items });
}

/**
 * The amount a step names: absent, an absolute amount (negative ones included), or the value
 * of the pieces the call marks plus `d` (so the bound itself and one minor unit either side
 * of it are hit often), or the order total plus `d`.
 */
type AmountSpec = { mode: 'abs'; amount: number } | { mode: 'items' | 'total'; d: number };

type Step =
  | { kind: 'op'; input: Omit<FulfilmentInput, 'items' | 'totalPrice'> & { pick?: Array<{ k: number; q: number | null }>; amount?: AmountSpec } }
  | { kind: 'refund'; amount: AmountSpec }
  | { kind: 'change'; items: ItemInput[] };

const near = fc.integer({ min: -2, max: 2 });
const amountSpec: fc.Arbitrary<AmountSpec> = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 0, max: 300_000 }).map((amount) => ({ mode: 'abs' as const, amount })) },
  { weight: 1, arbitrary: fc.integer({ min: -300_000, max: -1 }).map((amount) => ({ mode: 'abs' as const, amount })) },
  { weight: 3, arbitrary: near.map((d) => ({ mode: 'items' as const, d })) },
  { weight: 2, arbitrary: near.map((d) => ({ mode: 'total' as const, d })) },
);

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc
      .record({
        op: fc.constantFrom('SEND', 'DELIVER', 'RETURN', 'CANCEL' as const),
        pick: fc.option(
          fc.array(
            fc.record({
              k: fc.nat(5),
              q: fc.option(
                fc.integer({ min: 1, max: 2000 }).map((m) => m / 1000),
                { freq: 2 },
              ),
            }),
            { minLength: 1, maxLength: 3 },
          ),
          { freq: 3, nil: undefined },
        ),
        amount: fc.option(amountSpec, { freq: 2, nil: undefined }),
      })
      .map(({ op, pick, amount }) => ({ kind: 'op' as const, input: { op, pick, amount } })),
  },
  {
    weight: 2,
    arbitrary: fc
      .oneof(
        fc.integer({ min: 1, max: 30_000 }).map((amount) => ({ mode: 'abs' as const, amount })),
        amountSpec,
      )
      .map((amount) => ({ kind: 'refund' as const, amount })),
  },
  { weight: 1, arbitrary: itemsInput.map((items) => ({ kind: 'change' as const, items })) },
);

interface Ran {
  order: OrderDoc;
  status: Status;
  /** what left the total */
  amount?: number;
  /** the amount the step named, and the value of the pieces the call marked */
  named?: number;
  itemsValue?: number;
}

/** The concrete request of a step against the current order. */
function inputOf(order: OrderDoc, s: Exclude<Step, { kind: 'change' }>, ctx: { now: Date; newId: () => string }): FulfilmentInput {
  const base: FulfilmentInput =
    s.kind === 'refund'
      ? { op: 'RETURN', items: [] }
      : { op: s.input.op, items: s.input.pick?.map(({ k, q }) => ({ code: order.items[k % order.items.length]!.code, quantity: q })) };
  const spec = s.kind === 'refund' ? s.amount : s.input.amount;
  if (!spec) return base;
  let amount: number;
  if (spec.mode === 'abs') amount = spec.amount;
  else if (spec.mode === 'total') amount = order.totalPrice.amount + spec.d;
  else {
    // a dry run without the amount tells the value of what the call marks
    try {
      amount = applyFulfilment(order, base, ctx).lines.reduce((a, l) => a + l.amount, 0) + spec.d;
    } catch {
      amount = spec.d;
    }
  }
  return { ...base, totalPrice: { amount, currency: CUR } };
}

/** One random step against the order; `refused` when the rules said no (422), with the order untouched. */
function run(order: OrderDoc, status: Status, s: Step, n: { i: number }): Ran | 'refused' | undefined {
  const ctx = { now: new Date(0), newId: () => `id-${n.i++}` };
  if (s.kind === 'change') {
    if (status.state !== 'READY' || order.items.some((i) => i.sentMilli > 0)) return undefined;
    try {
      const changed = applyOrderChange(order, { items: s.items });
      // the service's rule for an approved order: it may fall, never grow (orders.service)
      if (changed.totalPrice.amount > order.totalPrice.amount) return 'refused';
      return { order: changed, status };
    } catch (err) {
      if (err instanceof OrderRefused) return 'refused';
      throw err;
    }
  }
  if (status.state !== 'READY') return undefined;
  const input = inputOf(order, s, ctx);
  try {
    const out = applyFulfilment(order, input, ctx);
    const next = transition(status, out.trigger, out.facts);
    return { order: out.order, status: next, amount: out.amount, named: input.totalPrice?.amount, itemsValue: out.lines.reduce((a, l) => a + l.amount, 0) };
  } catch (err) {
    if (err instanceof OrderRefused || (err as Error).name === 'TransitionRefused') return 'refused';
    throw err;
  }
}

/**
 * Bounds of a named amount: never negative, never above the order total, and, while the
 * call leaves something to mark, never above the value of the pieces it marks (a refund is
 * about no pieces: 1..total).
 */
function checkBounds(before: OrderDoc, s: Step, r: Ran): void {
  if (r.named === undefined || s.kind === 'change') return;
  expect(r.named, 'a named amount is never negative').to.be.at.least(s.kind === 'refund' ? 1 : 0);
  expect(r.named, 'a named amount never exceeds the order total').to.be.at.most(before.totalPrice.amount);
  if (s.kind === 'refund') return;
  const op = s.input.op;
  const more = op === 'SEND' || op === 'DELIVER' ? r.order.items.some((i) => available(i, op) > 0) : anyOpen(r.order);
  if (more) expect(r.named, `${op}: a named amount never exceeds the value of the pieces marked while others remain`).to.be.at.most(r.itemsValue!);
}

function checkOrder(order: OrderDoc): void {
  const money = [
    order.totalPrice.amount,
    ...order.totalVat.map((v) => v.amount),
    ...order.adjustments.flatMap((a) => [a.amount.amount, ...(a.vat ?? []).map((v) => v.amount)]),
  ];
  expect(money.every(Number.isSafeInteger), 'amounts are integers in minor units').to.equal(true);
  expect(order.items.every(countersValid), 'counters keep R ≤ D ≤ S, S + C ≤ Q').to.equal(true);
  expect(order.totalPrice.amount, 'total = open items + adjustments').to.equal(impliedTotal(order));
  const vat = impliedVat(order);
  const given = new Map(order.totalVat.map((v) => [v.vatRate, v.amount]));
  for (const rate of new Set([...vat.keys(), ...given.keys()])) expect(given.get(rate) ?? 0, `VAT at ${rate} %`).to.equal(vat.get(rate) ?? 0);
  expect(order.totalPrice.amount, 'the total never goes below zero').to.be.at.least(0);
}

describe('order money invariants (property-based, fast-check)', () => {
  it(`when random sequences of send, deliver, return, cancel, refunds and changes run, then no minor unit appears or disappears (seed ${SEED}, ${RUNS} runs)`, () => {
    fc.assert(
      fc.property(itemsInput, fc.array(step, { minLength: 1, maxLength: 40 }), fc.integer({ min: 0, max: 2_000 }), planArb, (items, steps, feeBps, planned) => {
        let order = newOrder(items);
        let status: Status = { state: 'READY', stateReason: 'READY_TO_SHIP' };
        let plan = repaymentPlan(planned.type, order.totalPrice, PURCHASED_AT, 'BASIC');
        let day = 0;
        const ledgers: Record<PayoutTrigger, LedgerRecord[]> = { SENT: [], DELIVERED: [] };
        // what the events reported as closed per item code: must equal what the item lost
        let closedByEvents = new Map<string, { amount: number; vat: number }>();
        const n = { i: 0 };
        checkOrder(order);
        for (const s of steps) {
          const snapshot = JSON.stringify(order);
          const r = run(order, status, s, n);
          if (r === 'refused') expect(JSON.stringify(order), 'a refused step changes nothing').to.equal(snapshot);
          if (!r || r === 'refused') continue;
          checkBounds(order, s, r);
          const totalBefore = order.totalPrice.amount;
          if (s.kind === 'change') closedByEvents = new Map();
          else if (r.amount !== undefined && s.kind === 'op' && (s.input.op === 'RETURN' || s.input.op === 'CANCEL')) {
            expect(r.order.totalPrice.amount, 'a closing operation lowers the total by its amount').to.equal(totalBefore - r.amount);
            const last = r.order.fulfilment.at(-1)!;
            const net = netComponents(order.items);
            for (const { index, quantityMilli } of last.items) {
              const before = order.items[index]!;
              const value = closingValue(net[index]!, before, quantityMilli);
              const acc = closedByEvents.get(before.code) ?? { amount: 0, vat: 0 };
              acc.amount += value.amount;
              acc.vat += value.vat;
              closedByEvents.set(before.code, acc);
            }
          } else if (s.kind === 'op') {
            expect(r.order.totalPrice.amount, 'send and deliver keep the total').to.equal(totalBefore);
          }
          order = r.order;
          status = r.status;
          day += planned.days[(n.i + day) % planned.days.length]!;
          plan = checkPlan(plan, order, addDays(localDate(PURCHASED_AT), day));
          checkOrder(order);
          const net = netComponents(order.items);
          order.items.forEach((item, k) => {
            // a deduction's money leaves with the goods; the goods' closed value includes their share of it
            if (isDeduction(item)) return;
            const got = closedByEvents.get(item.code) ?? { amount: 0, vat: 0 };
            const closed = rangeValue(net[k]!, 0, closedMilli(item), item.quantityMilli);
            expect(got.amount, `closed value of ${item.code}`).to.equal(closed.amount);
            expect(got.vat, `closed VAT of ${item.code}`).to.equal(closed.vat);
          });
          checkLedgers(order, ledgers, feeBps, n);
          checkCancelledApplication(order, n);
        }
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});

function checkLedgers(order: OrderDoc, ledgers: Record<PayoutTrigger, LedgerRecord[]>, feeBps: number, n: { i: number }): void {
  const snapshot = orderSnapshot(order);
  const net = netComponents(order.items);
  const noNegative = order.items.every((i) => i.totalPrice.amount >= 0);
  for (const trigger of ['SENT', 'DELIVERED'] as const) {
    const base = payoutBase(snapshot, trigger);
    const rec = reconcile(ledgers[trigger], base, { trigger, feeBps }, { currency: CUR, sourceEventId: 'e', now: new Date(0), newId: () => `p-${n.i++}` });
    if (rec) ledgers[trigger].push(rec);
    const t = totals(ledgers[trigger]);
    expect(t.gross, `${trigger}: payouts − credit notes = value of what reached the trigger and stayed`).to.equal(base);
    expect(t.fee, `${trigger}: Σ fees = fee of the total`).to.equal(feeOf(t.gross, feeBps));
    expect(t.net).to.equal(t.gross - t.fee);
    expect(ledgers[trigger].every((r) => [r.gross, r.fee, r.net].every(Number.isSafeInteger) && r.gross !== 0)).to.equal(true);
    expect(t.gross, `${trigger}: never more than the customer owes`).to.be.at.most(Math.max(0, order.totalPrice.amount));
    const reached = order.items.reduce((a, i, k) => a + eligibleValue(net[k]!, i, eligibleMilli(i, trigger)), 0);
    expect(t.gross, `${trigger}: never more than the goods that reached the trigger are worth to the customer, with the adjustments`).to.be.at.most(
      Math.max(0, reached + snapshot.adjustmentsTotal),
    );
    if (noNegative) expect(t.gross, `${trigger}: never more than the order is worth`).to.be.at.most(order.totalPrice.amount);
  }
  const everythingDelivered = order.items.every((i) => i.deliveredMilli === i.quantityMilli - i.cancelledMilli && i.returnedMilli === 0);
  if (everythingDelivered && order.adjustments.length === 0) {
    expect(totals(ledgers.DELIVERED).gross, 'all delivered, nothing back: the whole total is paid').to.equal(Math.max(0, order.totalPrice.amount));
  }
}

/**
 * A cancelled application closes its order in the applications module's one write path; with nothing sent
 * that must come to what cancelling every remaining item comes to (counters, states, total,
 * VAT), and the order must owe nothing.
 */
function checkCancelledApplication(order: OrderDoc, n: { i: number }): void {
  if (order.items.some((i) => i.sentMilli > 0) || !anyOpen(order)) return;
  const closed = closeCancelledOrder(order, new Date(0), 'test');
  const cancelled = applyFulfilment(order, { op: 'CANCEL' }, { now: new Date(0), newId: () => `c-${n.i++}` }).order;
  const shape = (o: OrderDoc) => ({ state: o.state, total: o.totalPrice, vat: o.totalVat, items: o.items.map((i) => [i.state, i.cancelledMilli]) });
  expect(shape(closed), 'closing the order of a cancelled application = cancelling its remaining items').to.deep.equal(shape(cancelled));
  expect(closed.totalPrice.amount).to.equal(0);
  checkOrder(closed);
}

const PURCHASED_AT = new Date('2024-03-01T10:00:00Z');
/** The financing type, and the days that pass between steps (so instalments fall due on the way). */
const planArb = fc.record({
  type: fc.constantFrom<FinancingType>('DEFERRED_PAYMENT', 'PAY_IN_THREE'),
  days: fc.array(fc.nat(9), { minLength: 1, maxLength: 8 }),
});

/**
 * The customer's plan after a step, as the applications module's write path keeps it (replan whenever the
 * plan no longer sums to the order total): the instalments sum to what the customer still
 * owes, keep their number and due dates, are never negative, and an instalment that has
 * fallen due never grows.
 */
function checkPlan(plan: Instalment[], order: OrderDoc, today: string): Instalment[] {
  // the very rule the write path applies to every write of an application
  const next = planChange({ order, repaymentPlan: plan }, {}, undefined, new Date(`${today}T10:00:00Z`))?.plan ?? plan;
  expect(planTotal(next), 'the plan sums to what the customer still owes').to.equal(order.totalPrice.amount);
  expect(
    next.map((p) => p.dueDate),
    'same instalments, same due dates',
  ).to.deep.equal(plan.map((p) => p.dueDate));
  next.forEach((p, i) => {
    expect(Number.isSafeInteger(p.amount.amount) && p.amount.amount >= 0, 'instalments are non-negative integers').to.equal(true);
    if (p.dueDate <= today) expect(p.amount.amount, 'a fallen-due instalment never grows').to.be.at.most(plan[i]!.amount.amount);
  });
  return next;
}
