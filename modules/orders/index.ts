/**
 * The orders module's public face: fulfilment of an approved application's order (send,
 * deliver, return, cancel, order change, order lookup), its event names and payloads, and
 * the money rule the payments module pays by.
 */
export { ORDER_EVENTS, ORDER_EVENT_TYPES, ORDER_TOPICS, orderSnapshot, type OrderEventData, type OrderEventType, type OrderSnapshot } from './orders.events.js';
export { payoutBase, type PayoutTrigger, type PricedCounters } from './order.money.js';
export type { FulfilmentLine } from './fulfilment.rules.js';
export { createOrdersModule, type OrdersModule, type OrdersModuleDeps } from './create-orders-module.js';


