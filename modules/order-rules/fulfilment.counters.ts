import type { FulfilmentState, OrderDoc, OrderItemDoc } from './order.model.js';

/**
 * What the four thousandths counters of an item mean (docs/orders-and-payments.md):
 *
 * - `sentMilli` S: pieces that left the shop (a delivery of a piece never marked sent
 *   counts it as sent too), `deliveredMilli` D: pieces whose journey ended (delivered, or
 *   returned on the way), `returnedMilli` R: pieces that came back, `cancelledMilli` C:
 *   pieces cancelled before they left.
 * - Invariants: 0 ≤ R ≤ D ≤ S and S + C ≤ Q (Q = quantityMilli). They make every
 *   operation's "how much is left to mark" a plain subtraction, with no piece counted twice.
 */
export type FulfilmentOp = 'SEND' | 'DELIVER' | 'RETURN' | 'CANCEL';

/** Thousandths of the item that `op` can still mark. */
export function available(item: OrderItemDoc, op: FulfilmentOp): number {
  const { quantityMilli: Q, sentMilli: S, deliveredMilli: D, returnedMilli: R, cancelledMilli: C } = item;
  switch (op) {
    case 'SEND':
    case 'CANCEL':
      return Q - C - S; // not yet left the shop
    case 'DELIVER':
      return Q - C - D; // not left yet, or on the way
    case 'RETURN':
      return S - R; // left and not back
  }
}

/** The item after `op` marked `q` more thousandths (q ≤ available(item, op)). */
export function mark(item: OrderItemDoc, op: FulfilmentOp, q: number): OrderItemDoc {
  switch (op) {
    case 'SEND':
      return { ...item, sentMilli: item.sentMilli + q };
    case 'DELIVER': {
      const deliveredMilli = item.deliveredMilli + q;
      return { ...item, deliveredMilli, sentMilli: Math.max(item.sentMilli, deliveredMilli) };
    }
    case 'RETURN': {
      // a return takes delivered pieces first; one returned on the way ends its journey
      const returnedMilli = item.returnedMilli + q;
      return { ...item, returnedMilli, deliveredMilli: Math.max(item.deliveredMilli, returnedMilli) };
    }
    case 'CANCEL':
      return { ...item, cancelledMilli: item.cancelledMilli + q };
  }
}

/** The state of an item is that of its most advanced piece still in the order. */
export function itemState(item: OrderItemDoc): FulfilmentState {
  const { quantityMilli: Q, sentMilli: S, deliveredMilli: D, returnedMilli: R, cancelledMilli: C } = item;
  if (Q - C - R <= 0) return R > 0 ? 'RETURNED' : 'CANCELLED';
  if (D - R > 0) return 'DELIVERED';
  if (S - R > 0) return 'SENT';
  return 'PROCESSING';
}

/**
 * The order's state: DELIVERED when any piece still in it is delivered, else SENT when any
 * is on its way, else PROCESSING while pieces are open; when nothing is open any more,
 * RETURNED if something came back, else CANCELLED.
 */
export function orderState(items: OrderItemDoc[]): FulfilmentState {
  const states = items.map(itemState);
  if (states.includes('DELIVERED')) return 'DELIVERED';
  if (states.includes('SENT')) return 'SENT';
  if (anyOpen({ items })) return 'PROCESSING';
  return items.some((i) => i.returnedMilli > 0) ? 'RETURNED' : 'CANCELLED';
}

/** Any thousandth still in the order (not returned, not cancelled). */
export function anyOpen(order: Pick<OrderDoc, 'items'>): boolean {
  return order.items.some((i) => i.quantityMilli - i.returnedMilli - i.cancelledMilli > 0);
}

/** Whether the counters keep their invariants (property tests and a guard before writing). */
export function countersValid(item: OrderItemDoc): boolean {
  const { quantityMilli: Q, sentMilli: S, deliveredMilli: D, returnedMilli: R, cancelledMilli: C } = item;
  const ints = [Q, S, D, R, C].every((n) => Number.isSafeInteger(n) && n >= 0);
  return ints && R <= D && D <= S && S + C <= Q;
}
