import type { TestResponse } from '../support/http.js';
import { feeOf } from './oracle-money.js';
import { apply, itemState, orderState, orderTotal, type Action, type Model, type Outcome } from './oracle.js';

/**
 * Comparing what the service answered with what the oracle expects. Each check returns
 * undefined when they agree, else a one-line description of the first difference.
 */

const milli = (q: number | undefined) => Math.round((q ?? 0) * 1000);
const show = (v: unknown) => JSON.stringify(v);

/** The order as the service shows it (op answers, GET application's `order`) against the model. */
export function orderDiff(m: Model, order: any): string | undefined {
  if (!order || !Array.isArray(order.items)) return `no order in the answer: ${show(order)?.slice(0, 200)}`;
  if (order.totalPrice?.amount !== orderTotal(m)) return `order total ${order.totalPrice?.amount}, expected ${orderTotal(m)}`;
  if (order.items.length !== m.lines.length) return `${order.items.length} items, expected ${m.lines.length}`;
  for (const [i, l] of m.lines.entries()) {
    const it = order.items[i];
    const got = {
      code: it.code,
      Q: milli(it.quantity),
      S: milli(it.quantitySent),
      D: milli(it.quantityDelivered),
      R: milli(it.quantityReturned),
      C: milli(it.quantityCancelled),
      state: it.state,
    };
    const want = { code: l.code, Q: l.quantityMilli, S: l.S, D: l.D, R: l.R, C: l.C, state: itemState(l) };
    if (show(got) !== show(want)) return `item ${i}: ${show(got)}, expected ${show(want)}`;
    if (!(got.R <= got.D && got.D <= got.S && got.S + got.C <= got.Q)) return `item ${i} breaks R ≤ D ≤ S, S + C ≤ Q: ${show(got)}`;
  }
  if (order.state !== orderState(m)) return `order state ${order.state}, expected ${orderState(m)}`;
  return undefined;
}

export function statusDiff(m: Model, s: { state?: string; stateReason?: string } | undefined): string | undefined {
  const got = `${s?.state}/${s?.stateReason}`;
  const want = `${m.status.state}/${m.status.stateReason}`;
  return got === want ? undefined : `application ${got}, expected ${want}`;
}

/** The answer to an operation against the oracle's outcome for it. */
export function responseDiff(out: Outcome, res: TestResponse): string | undefined {
  const e = res.body?.errors?.[0];
  const got = `${res.status} ${e?.code ?? ''}${e?.attribute ? ` @${e.attribute}` : ''}`.trim();
  if (out.refusal) {
    const r = out.refusal;
    const want = `${r.status} ${r.code ?? '(any code)'}${r.attribute ? ` @${r.attribute}` : ''}`;
    const same = res.status === r.status && (r.code === undefined || e?.code === r.code) && (r.attribute === undefined || e?.attribute === r.attribute);
    return same ? undefined : `answered ${got}, expected ${want}`;
  }
  if (res.status !== 200) return `answered ${got} (${e?.message ?? res.text.slice(0, 160)}), expected 200`;
  return orderDiff(out.model, res.body) ?? statusDiff(out.model, res.body.applicationInfo);
}

/** The application (GET) against the model: status, order, and the plan summing to the total. */
export function applicationDiff(m: Model, app: any): string | undefined {
  const d = statusDiff(m, app) ?? orderDiff(m, app?.order);
  if (d) return d;
  if (Array.isArray(app.repaymentPlan) && app.repaymentPlan.length > 0) {
    const sum = app.repaymentPlan.reduce((a: number, i: any) => a + i.amount.amount, 0);
    if (sum !== app.order.totalPrice.amount) return `repayment plan sums to ${sum}, the order total is ${app.order.totalPrice.amount}`;
  } else if (m.approvedTotal !== null) return 'an approved application without a repayment plan';
  return undefined;
}

/** The payments list against the model, and the money invariants on the list alone. */
export function paymentsDiff(m: Model, list: any[], observedTotal: number): string | undefined {
  const got = list.map((p) => ({ type: p.type, gross: p.grossValue?.amount, fee: p.fee?.amount }));
  for (const p of list) if (p.value?.amount !== p.grossValue?.amount - p.fee?.amount) return `payment ${p.paymentId}: value ≠ gross − fee`;
  const gross = got.reduce((a, p) => a + p.gross, 0);
  const fees = got.reduce((a, p) => a + p.fee, 0);
  if (fees !== feeOf(gross, m.feeBps)) return `fees sum to ${fees}, fee of the gross ${gross} is ${feeOf(gross, m.feeBps)}`;
  if (gross < 0 || gross > Math.max(0, observedTotal)) return `paid ${gross} gross, more than the customer owes (${observedTotal}) or below 0`;
  return show(got) === show(m.payments) ? undefined : `payments ${show(got)}, expected ${show(m.payments)}`;
}

/**
 * Every order in which concurrent calls (and the READY_PAID of payouts they caused) may
 * have been applied that explains each call's answer: the models they lead to.
 */
export function interleavings(start: Model, actions: Action[], answers: TestResponse[]): Model[] {
  const out = new Map<string, Model>();
  const go = (m: Model, left: number[]) => {
    if (left.length === 0) return void out.set(show(m), m);
    if (m.pendingPaid > 0) go(apply(m, { kind: 'PAID' }).model, left);
    for (const i of left) {
      const o = apply(m, actions[i]!);
      if (responseDiff(o, answers[i]!) === undefined)
        go(
          o.model,
          left.filter((j) => j !== i),
        );
    }
  };
  go(
    start,
    actions.map((_, i) => i),
  );
  return [...out.values()];
}

export function dedupe(models: Model[]): Model[] {
  return [...new Map(models.map((m) => [show(m), m])).values()];
}
