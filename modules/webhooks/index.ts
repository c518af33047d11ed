/**
 * The webhooks module's door. It owns the webhook delivery records (their shape, their
 * collection and its queries) and the delivery task format, and serves them to partners
 * from the API process. The relay process (relay/) delivers webhooks and is the records'
 * only writer: it imports this door and nothing else of modules/. This module imports no
 * other module, so the relay stays free of the domain.
 */
export { createWebhookDeliveriesModule, type WebhookDeliveriesModule } from './create-deliveries-module.js';
export { DELIVERIES_PATH, type DeliveryPage, type RedeliveryAccepted } from './deliveries.service.js';
export type { DeliveryView, AttemptView } from './deliveries.view.js';
export {
  PERMANENT_OUTCOMES, attemptKey, deliveryIdOf, firstTask, notificationOf, parseNotificationMessage, parseTaskMessage,
  type AttemptOutcome, type AttemptRecord, type AttemptResult, type DeliveryDoc, type DeliveryState, type DeliveryTask,
} from './delivery.model.js';
export { DELIVERIES_COLLECTION, DeliveryRepository, type DeliveryRecords } from './delivery.repository.js';
export { REDELIVERIES_TOPIC } from './webhooks.topics.js';
