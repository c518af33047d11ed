/**
 * The orders module's door: fulfilment of an approved application's order (send, deliver,
 * return, cancel, order change, order lookup) and its event names and payloads. The rules
 * it decides by are modules/order-rules.
 */
export { createOrdersModule, type OrdersModule, type OrdersModuleDeps } from './create-orders-module.js';
export {
  ORDER_EVENTS,
  ORDER_EVENT_TYPES,
  ORDER_TOPICS,
  orderSnapshot,
  type OrderEventData,
  type OrderOperation,
  type OrderEventType,
  type OrderSnapshot,
} from './orders.events.js';
export { FULFILMENT_SCHEMAS, type FulfilmentBody } from './orders.schemas.js';
export type { FulfilmentPreview, FulfilGuard } from './orders.service.js';
