import { adjustmentsTotal, type FulfilmentLine, type OrderDoc, type PayoutTrigger, type PricedCounters } from '../order-rules/index.js';

/** The module's topic: the goods (sent, delivered, returned, refunded, cancelled, changed). */
export const ORDER_TOPICS = { events: 'orders.events' } as const;

/**
 * Order events (named `<module>.<entity>.<past-tense>`), written through the
 * applications module's changeApplication on ORDER_TOPICS.events keyed by application id, in the same write as the
 * change. Each carries the lines it touched with their money, and a money snapshot of the
 * whole order after the change, so that a consumer (the payments ledger) can reconcile to
 * the latest state without replaying history.
 */
export const ORDER_EVENTS = {
  sent: 'orders.order.sent',
  delivered: 'orders.order.delivered',
  returned: 'orders.order.returned',
  refunded: 'orders.order.refunded',
  cancelled: 'orders.order.cancelled',
  changed: 'orders.order.changed',
} as const;

export type OrderEventType = (typeof ORDER_EVENTS)[keyof typeof ORDER_EVENTS];
export const ORDER_EVENT_TYPES: readonly string[] = Object.values(ORDER_EVENTS);

export interface OrderSnapshot {
  currency: string;
  totalPrice: number;
  adjustmentsTotal: number;
  /** the first variable symbol (the payment's variableSymbol) */
  variableSymbol?: string;
  orderNumber: string;
  items: Array<PricedCounters & { code: string }>;
}

/**
 * The partner call that caused an order event: its operation id (which the call's answer
 * returns), the Idempotency-Key when one was sent, and what kind of call it was. Every
 * payment line names the operation that caused it, so equal refunds stay apart.
 */
export interface OrderOperation {
  operationId: string;
  type: 'SEND' | 'DELIVER' | 'RETURN' | 'CANCEL' | 'CHANGE';
  idempotencyKey?: string;
}

export interface OrderEventData {
  [key: string]: unknown;
  /** schema version of this payload */
  orderEventVersion: 1;
  lines: FulfilmentLine[];
  /** what left the order total (return, cancel, refund) */
  amount: number;
  /** the partner's payout terms when the change was made */
  payout: { trigger: PayoutTrigger; feeBps: number };
  /** where the partner's notifications go (merchantUrls.notificationEndpoint) */
  notificationUrl: string;
  /** where payment notifications go (merchantUrls.paymentsEndpoint), when the application has one */
  paymentsUrl?: string;
  order: OrderSnapshot;
  /** the call that caused it (absent in events written before operations were recorded) */
  operation?: OrderOperation;
}

export function orderSnapshot(order: OrderDoc): OrderSnapshot {
  return {
    currency: order.totalPrice.currency,
    totalPrice: order.totalPrice.amount,
    adjustmentsTotal: adjustmentsTotal(order),
    ...(order.variableSymbols[0] ? { variableSymbol: order.variableSymbols[0] } : {}),
    orderNumber: order.number,
    items: order.items.map((i) => ({
      code: i.code,
      quantityMilli: i.quantityMilli,
      totalPrice: i.totalPrice,
      totalVat: i.totalVat,
      sentMilli: i.sentMilli,
      deliveredMilli: i.deliveredMilli,
      returnedMilli: i.returnedMilli,
      cancelledMilli: i.cancelledMilli,
    })),
  };
}
