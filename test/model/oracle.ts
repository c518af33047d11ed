import { components, feeOf, rangeValue } from './oracle-money.js';

/**
 * The reference model of an application's order and money: an independent re-implementation
 * of the rules of docs/orders-and-payments.md and the partner spec (it imports nothing of the
 * service). `apply(model, action)` is pure: the model after the action, or the refusal the
 * service must answer (then the model is unchanged). Lines "D:" below mark a decision taken
 * where the rules are silent.
 */

export type Trigger = 'SENT' | 'DELIVERED';
export type Financing = 'DEFERRED_PAYMENT' | 'PAY_IN_THREE';
export type Op = 'SEND' | 'DELIVER' | 'RETURN' | 'CANCEL';

export interface LineSpec {
  code: string;
  type: string;
  quantityMilli: number;
  gross: number;
  vatRate: number;
}
/** S sent, D delivered, R returned, C cancelled (thousandths): R ≤ D ≤ S, S + C ≤ Q. */
export interface Line extends LineSpec {
  S: number;
  D: number;
  R: number;
  C: number;
}
export interface Status {
  state: string;
  stateReason: string;
}
export interface Payment {
  type: 'PAYOUT' | 'CREDIT_NOTE';
  gross: number;
  fee: number;
}

export interface Model {
  type: Financing;
  trigger: Trigger;
  feeBps: number;
  /** the customer's earlier purchases in the shop (fraudPreventionData.transactionsNumber) */
  transactionsNumber: number;
  status: Status;
  lines: Line[];
  /** Σ adjustments: refunds (negative) and amounts kept back on returns (positive) */
  adjustments: number;
  approvedTotal: number | null;
  /** accepted order changes so far: the version a gateway page shows */
  orderVersion: number;
  payments: Payment[];
  /** payouts whose READY_PAID (the payments.paid consumer) has not been applied yet */
  pendingPaid: number;
  /** application notifications, in order (creation's included) */
  notified: Status[];
  /** accepted order writes: each is one orders.order.* event the ledger reconciles on */
  orderWrites: number;
}

export type ItemPick = { code: string; quantityMilli?: number };
export type Action =
  | { kind: Op; items?: ItemPick[]; totalPrice?: number }
  | { kind: 'CHANGE'; lines: LineSpec[] }
  | { kind: 'CANCEL_APP' }
  | { kind: 'CONFIRM'; pageVersion: number }
  | { kind: 'DECIDE' }
  | { kind: 'PAID' };

/** A refusal: HTTP status, error code and attribute (each compared when given). */
export interface Refusal {
  status: number;
  code?: string;
  attribute?: string;
}
/** `amount`: what left the order total; `bound`: the largest totalPrice the call accepts (cancel: the one it must name). */
export interface Outcome {
  model: Model;
  refusal?: Refusal;
  amount?: number;
  bound?: number;
}

/**
 * Known differences between the rules and the service, accepted by name (MODEL_ACCEPT) so
 * that a long run can look for others while they are being settled; none by default.
 *   cancel-empty-400            `items: []` on cancel is 400 INVALID_REQUEST (the schema), not 422
 *   approved-is-current         an approved order may not rise above its current total (not only the approved one)
 *   zero-lines-hold-deductions  deduction lines close once no goods are open, zero-priced lines included
 *   full-return-needs-goods-out    a full return is refused when nothing is out to return (not only when nothing was ever sent)
 */
export const accepted = new Set<string>();

// The decision limits (BASIC customer: every model customer is new, so never GOLD or velocity-limited).
export const BASIC_LIMIT = 5_000_000;
export const FIRST_PURCHASE_LIMIT = 2_000_000;
const NOTIFIED = [
  'PROCESSING_REDIRECT_NEEDED',
  'REJECTED',
  'CANCELLED_NOT_PAID',
  'CANCELLED_RETURNED',
  'READY_TO_SHIP',
  'READY_SHIPPED',
  'READY_DELIVERED',
  'READY_PAID',
];

export function newModel(o: { type: Financing; trigger: Trigger; feeBps: number; transactionsNumber: number; lines: LineSpec[] }): Model {
  const status = { state: 'PROCESSING', stateReason: 'PROCESSING_REDIRECT_NEEDED' };
  return {
    type: o.type,
    trigger: o.trigger,
    feeBps: o.feeBps,
    transactionsNumber: o.transactionsNumber,
    status,
    lines: freshLines(o.lines),
    adjustments: 0,
    approvedTotal: null,
    orderVersion: 0,
    payments: [],
    pendingPaid: 0,
    notified: [status],
    orderWrites: 0,
  };
}

const freshLines = (specs: LineSpec[]): Line[] => specs.map((s) => ({ ...s, S: 0, D: 0, R: 0, C: 0 }));
const refuse = (model: Model, status: number, code?: string, attribute?: string): Outcome => ({
  model,
  refusal: { status, code, ...(attribute ? { attribute } : {}) },
});
const isDeduction = (l: LineSpec) => l.gross < 0;
const openOf = (l: Line) => l.quantityMilli - l.R - l.C;

export function available(l: Line, op: Op): number {
  if (op === 'SEND' || op === 'CANCEL') return l.quantityMilli - l.C - l.S;
  if (op === 'DELIVER') return l.quantityMilli - l.C - l.D;
  return l.S - l.R;
}

function mark(l: Line, op: Op, q: number): void {
  if (op === 'SEND') l.S += q;
  if (op === 'DELIVER') {
    l.D += q;
    l.S = Math.max(l.S, l.D);
  }
  if (op === 'RETURN') {
    l.R += q;
    l.D = Math.max(l.D, l.R);
  } // a piece returned on the way ends its journey
  if (op === 'CANCEL') l.C += q;
}

const compsOf = (lines: LineSpec[]) => components(lines.map((l) => ({ gross: l.gross, Q: l.quantityMilli })));

/** Net value of the open pieces per line, the order total, and the payout base. */
export function openValues(m: Model): number[] {
  const comps = compsOf(m.lines);
  return m.lines.map((l, i) => rangeValue(comps[i]!, l.quantityMilli, l.R + l.C, l.quantityMilli));
}
export const orderTotal = (m: Model): number => openValues(m).reduce((a, v) => a + v, 0) + m.adjustments;

export function payoutBase(m: Model): number {
  const comps = compsOf(m.lines);
  const eligible = m.lines.reduce((sum, l, i) => {
    const e = m.trigger === 'SENT' ? l.S - l.R : l.D - l.R;
    return sum + rangeValue(comps[i]!, l.quantityMilli, l.R + l.C, l.R + l.C + e);
  }, 0);
  return Math.max(0, Math.min(orderTotal(m), eligible + m.adjustments));
}

export function itemState(l: Line): string {
  if (openOf(l) <= 0) return l.R > 0 ? 'RETURNED' : 'CANCELLED';
  if (l.D - l.R > 0) return 'DELIVERED';
  if (l.S - l.R > 0) return 'SENT';
  return 'PROCESSING';
}

export function orderState(m: Model): string {
  const states = m.lines.map(itemState);
  if (states.includes('DELIVERED')) return 'DELIVERED';
  if (states.includes('SENT')) return 'SENT';
  if (m.lines.some((l) => openOf(l) > 0)) return 'PROCESSING';
  return m.lines.some((l) => l.R > 0) ? 'RETURNED' : 'CANCELLED';
}

const sentOrDelivered = (m: Model) => m.lines.some((l) => l.S > 0 || l.D > 0);
/** D: "nothing open" counts goods (positive and zero-priced lines); deductions close by themselves. */
const goodsOpen = (m: Model) => m.lines.some((l) => !isDeduction(l) && openOf(l) > 0);

function setStatus(m: Model, state: string, stateReason: string): void {
  const changed = m.status.state !== state || m.status.stateReason !== stateReason;
  m.status = { state, stateReason };
  if (changed && NOTIFIED.includes(stateReason)) m.notified = [...m.notified, m.status];
}

/** After every order write the ledger pays the difference to the payout base, or credits it. */
function reconcile(m: Model): void {
  const paid = m.payments.reduce((a, p) => a + p.gross, 0);
  const base = payoutBase(m);
  if (base === paid) return;
  const fee = feeOf(base, m.feeBps) - feeOf(paid, m.feeBps);
  m.payments = [...m.payments, { type: base > paid ? 'PAYOUT' : 'CREDIT_NOTE', gross: base - paid, fee }];
  if (base > paid) m.pendingPaid += 1;
}

/** The availability table for order operations: a refused cell answers before any item rule. */
function notReady(m: Model): Outcome | undefined {
  const { state } = m.status;
  if (state === 'READY') return undefined;
  const code = state === 'PROCESSING' ? 'APPLICATION_NOT_READY' : state === 'REJECTED' ? 'APPLICATION_REJECTED' : 'APPLICATION_ALREADY_CANCELLED';
  return refuse(m, 422, code);
}

export function apply(model: Model, action: Action): Outcome {
  const m: Model = structuredClone(model);
  switch (action.kind) {
    case 'SEND':
    case 'DELIVER':
    case 'RETURN':
    case 'CANCEL':
      if (accepted.has('cancel-empty-400') && action.kind === 'CANCEL' && action.items?.length === 0) return refuse(model, 400, 'INVALID_REQUEST', 'items');
      return notReady(model) ?? fulfil(model, m, action);
    case 'CHANGE':
      return change(model, m, action.lines);
    case 'CANCEL_APP':
      return cancelApplication(model, m);
    case 'CONFIRM':
      // the confirm carries the order version its page showed: a changed order shows the page again
      if (m.status.stateReason === 'PROCESSING_REDIRECT_NEEDED' && action.pageVersion === m.orderVersion)
        setStatus(m, 'PROCESSING', 'PROCESSING_VALIDATION_IN_PROGRESS');
      return { model: m };
    case 'DECIDE': {
      if (m.status.stateReason !== 'PROCESSING_VALIDATION_IN_PROGRESS') return { model: m };
      const total = orderTotal(m);
      const rejected = total > BASIC_LIMIT || (m.transactionsNumber === 0 && total > FIRST_PURCHASE_LIMIT);
      if (rejected) setStatus(m, 'REJECTED', 'REJECTED');
      else {
        setStatus(m, 'READY', 'READY_TO_SHIP');
        m.approvedTotal = total;
      }
      return { model: m };
    }
    case 'PAID':
      // the payments.paid consumer: skipped when already READY_PAID or no longer READY
      m.pendingPaid = Math.max(0, m.pendingPaid - 1);
      if (m.status.state === 'READY') setStatus(m, 'READY', 'READY_PAID');
      return { model: m };
  }
}

function fulfil(model: Model, m: Model, a: Extract<Action, { kind: Op }>): Outcome {
  const op = a.kind;
  const closing = op === 'RETURN' || op === 'CANCEL';
  const total = orderTotal(model);
  if (op === 'RETURN' && a.items?.length === 0) return refund(model, m, a.totalPrice ?? 0, total);
  // D: the code of this refusal (the rules fix 422 and the attribute)
  if (op === 'CANCEL' && a.items?.length === 0) return refuse(model, 422, 'UNPROCESSABLE', 'items');
  const full = op === 'RETURN' && a.items === undefined;
  const wanted = new Map<number, number>();
  const cancelled = new Map<number, number>();
  if (a.items === undefined) {
    // the rules refuse a full return only when nothing was ever sent; after goods came back it cancels the unsent rest
    const goodsOut = model.lines.some((l) => !isDeduction(l) && (accepted.has('full-return-needs-goods-out') ? l.S - l.R : l.S) > 0);
    if (full && !goodsOut) return refuse(model, 422, 'UNPROCESSABLE');
    model.lines.forEach((l, i) => {
      // deductions are never closed on their own; send/deliver mark every line (spec: all items not yet marked)
      if (closing && isDeduction(l)) return;
      if (available(l, op) > 0) wanted.set(i, available(l, op));
      if (full && available(l, 'CANCEL') > 0) cancelled.set(i, available(l, 'CANCEL'));
    });
    if (wanted.size === 0 && cancelled.size === 0) return refuse(model, 422, 'UNPROCESSABLE');
  } else {
    for (const [k, ref] of a.items.entries()) {
      const at = `items[${k}]`;
      const i = model.lines.findIndex((l) => l.code === ref.code);
      if (i < 0) return refuse(model, 422, 'UNPROCESSABLE', at);
      const line = model.lines[i]!;
      // D: the code (the rules fix 422 and the attribute)
      if (closing && isDeduction(line)) return refuse(model, 422, 'UNPROCESSABLE', at);
      const left = available(line, op) - (wanted.get(i) ?? 0);
      if (left <= 0) return refuse(model, 422, 'UNPROCESSABLE', at);
      const q = ref.quantityMilli ?? left;
      if (q > left) return refuse(model, 422, 'UNPROCESSABLE', `${at}.quantity`);
      wanted.set(i, (wanted.get(i) ?? 0) + q);
    }
  }
  const comps = compsOf(model.lines);
  let value = 0;
  model.lines.forEach((l, i) => {
    const q = (wanted.get(i) ?? 0) + (cancelled.get(i) ?? 0);
    if (q === 0) return;
    // D: send and deliver mark thousandths [S, S+q) and [D, D+q); closing ones [R+C, R+C+q) (the rules' axis)
    const from = closing ? l.R + l.C : op === 'SEND' ? l.S : l.D;
    value += rangeValue(comps[i]!, l.quantityMilli, from, from + q);
  });
  for (const [i, q] of wanted) mark(m.lines[i]!, op, q);
  for (const [i, q] of cancelled) mark(m.lines[i]!, 'CANCEL', q);
  if (!closing) {
    // D: "the last pieces" include deduction lines (send/deliver `{}` marks them too): while one is
    // left to mark, a call marking the last goods is bound by their value, not the order total
    const last = m.lines.every((l) => available(l, op) === 0);
    const limit = last ? total : Math.min(total, value);
    if (a.totalPrice !== undefined && (a.totalPrice < 0 || a.totalPrice > limit)) return refuse(model, 422, 'TOTAL_PRICE_LIMIT_EXCEEDED', 'totalPrice.amount');
    setStatus(m, 'READY', op === 'SEND' ? 'READY_SHIPPED' : 'READY_DELIVERED');
    m.orderWrites += 1;
    reconcile(m);
    return { model: m, amount: 0, bound: limit };
  }
  if (!m.lines.some((l) => (accepted.has('zero-lines-hold-deductions') ? l.gross >= 0 : l.gross > 0) && openOf(l) > 0)) {
    // deductions close by themselves when no positive piece is left open: sent pieces come back, the rest is cancelled
    for (const l of m.lines.filter(isDeduction)) {
      mark(l, 'RETURN', available(l, 'RETURN'));
      mark(l, 'CANCEL', available(l, 'CANCEL'));
    }
  }
  const openAfter = goodsOpen(m);
  let amount: number;
  let bound: number;
  if (op === 'CANCEL') {
    // D: after a refund the cancelled value may exceed the total: the cancel then takes the total to 0 (never below);
    // also when it closes the order: an amount kept back on an earlier return stays owed
    amount = bound = Math.max(0, Math.min(value, total));
    // D: the code of a totalPrice that is not that amount (the rules fix 422 and the attribute)
    if (a.totalPrice !== undefined && a.totalPrice !== amount) return refuse(model, 422, 'UNPROCESSABLE', 'totalPrice.amount');
  } else {
    // the default is the items' value also on the last pieces: what an earlier return kept back stays owed
    amount = a.totalPrice ?? Math.max(0, Math.min(value, total));
    // D: never above the order total, also by default (docs: the customer owes no more than that)
    const limit = (bound = openAfter ? Math.min(total, value) : total);
    if (amount < 0 || amount > total || amount > limit) return refuse(model, 422, 'TOTAL_PRICE_LIMIT_EXCEEDED', 'totalPrice.amount');
  }
  m.adjustments += value - amount; // the total falls by exactly `amount`
  closeIfNothingOwed(m, !sentOrDelivered(model));
  m.orderWrites += 1;
  reconcile(m);
  return { model: m, amount, bound };
}

/**
 * An order with nothing left closes the application only when the customer owes nothing: then
 * CANCELLED_RETURNED when something came back, CANCELLED_NOT_PAID when nothing was ever sent.
 * D: an amount still owed (kept back on a return) leaves the application READY, the order RETURNED.
 */
function closeIfNothingOwed(m: Model, nothingSent: boolean): void {
  if (!m.lines.every((l) => openOf(l) <= 0) || orderTotal(m) !== 0) return;
  if (m.lines.some((l) => l.R > 0)) setStatus(m, 'CANCELLED', 'CANCELLED_RETURNED');
  else if (nothingSent) setStatus(m, 'CANCELLED', 'CANCELLED_NOT_PAID');
}

/**
 * Return with `items: []`: an amount-only refund of 1..total; needs goods sent or delivered,
 * or a RETURNED order that still owes something (the refund that clears it closes the sale).
 */
function refund(model: Model, m: Model, amount: number, total: number): Outcome {
  const owedAfterReturn = orderState(model) === 'RETURNED' && total > 0;
  if (!['SENT', 'DELIVERED'].includes(orderState(model)) && !owedAfterReturn) return refuse(model, 422, 'UNPROCESSABLE');
  if (amount < 1 || amount > total) return refuse(model, 422, 'TOTAL_PRICE_LIMIT_EXCEEDED', 'totalPrice.amount');
  m.adjustments -= amount;
  closeIfNothingOwed(m, false);
  m.orderWrites += 1;
  reconcile(m);
  return { model: m, amount, bound: total };
}

/** PUT order with new items: counters and adjustments start afresh. */
function change(model: Model, m: Model, specs: LineSpec[]): Outcome {
  const { state, stateReason } = model.status;
  if (state === 'PROCESSING' && stateReason !== 'PROCESSING_REDIRECT_NEEDED') return refuse(model, 422, 'APPLICATION_VALIDATION_IN_PROGRESS');
  if (state === 'REJECTED') return refuse(model, 422, 'APPLICATION_REJECTED');
  if (state === 'CANCELLED') return refuse(model, 422, 'APPLICATION_ALREADY_CANCELLED');
  const newTotal = specs.reduce((a, s) => a + s.gross, 0);
  if (state === 'READY' && sentOrDelivered(model)) return refuse(model, 422, 'ORDER_ALREADY_SENT');
  if (newTotal <= 0) return refuse(model, 422, 'UNPROCESSABLE', 'order.totalPrice.amount');
  if (state === 'READY') {
    if (model.type === 'PAY_IN_THREE' && newTotal !== orderTotal(model)) return refuse(model, 422, 'NOT_SUPPORTED');
    // D: "not above the approved total" read literally: a lowered order may come back up to it
    if (newTotal > (accepted.has('approved-is-current') ? orderTotal(model) : model.approvedTotal!))
      return refuse(model, 422, 'NOT_SUPPORTED', 'order.totalPrice.amount');
  }
  // D: the page shows the items' codes, quantities, prices and rates: a change that keeps them all is no change to confirm against
  const shown = (ls: LineSpec[]) => JSON.stringify(ls.map((l) => [l.code, l.quantityMilli, l.gross, l.vatRate]));
  if (shown(specs) !== shown(model.lines)) m.orderVersion += 1;
  m.lines = freshLines(specs);
  m.adjustments = 0;
  m.orderWrites += 1;
  reconcile(m);
  return { model: m };
}

/** PUT /cancel: the spec's cancel errors, then every piece cancelled and the total 0. */
function cancelApplication(model: Model, m: Model): Outcome {
  const { state, stateReason } = model.status;
  if (state === 'REJECTED') return refuse(model, 422, 'APPLICATION_REJECTED');
  if (state === 'CANCELLED') return refuse(model, 422, 'APPLICATION_ALREADY_CANCELLED');
  if (state === 'PROCESSING' && stateReason === 'PROCESSING_VALIDATION_IN_PROGRESS') return refuse(model, 422, 'APPLICATION_VALIDATION_IN_PROGRESS');
  if (stateReason === 'READY_PAID') return refuse(model, 422, 'APPLICATION_PAID');
  if (state === 'READY' && sentOrDelivered(model)) return refuse(model, 422, 'NOT_SUPPORTED');
  for (const l of m.lines) l.C = l.quantityMilli - l.S;
  m.adjustments = 0;
  setStatus(m, 'CANCELLED', 'CANCELLED_NOT_PAID');
  reconcile(m);
  return { model: m };
}

/** Applies the READY_PAID of every payout still pending (what the driver waits for after a step). */
export function settle(model: Model): Model {
  let m = model;
  while (m.pendingPaid > 0) m = apply(m, { kind: 'PAID' }).model;
  return m;
}

export const paidGross = (m: Model) => m.payments.reduce((a, p) => a + p.gross, 0);
