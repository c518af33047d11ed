/**
 * The webhooks module's door. It owns the webhook delivery records (their shape, their
 * collection and its queries) and the delivery task format, and serves them to partners
 * from the API process. The relay process (relay/) delivers webhooks and is the records'
 * only writer: it imports this door and nothing else of modules/. This module imports no
 * other module, so the relay stays free of the domain.
 */
export { createWebhooksModule, type WebhooksModule } from './create-webhooks-module.js';
export {
  PERMANENT_OUTCOMES,
  attemptKey,
  parseNotificationMessage,
  parseTaskMessage,
  taskMessageSpec,
  type AttemptRecord,
  type AttemptResult,
  type DeliveryDoc,
  type DeliveryState,
  type DeliveryTask,
} from './delivery.model.js';
export { MongoDeliveryRepository, type DeliveryRepository } from './delivery.repository.js';
export { REDELIVERIES_TOPIC } from './webhooks.topics.js';
export type { DeliveryView, AttemptView, DeliveryDetail } from './delivery.view.js';
export type { EndpointHealth, EndpointStatus } from './endpoint-health.js';
export type { ListQuery as DeliveryListQuery } from './webhooks.schemas.js';
export {
  TEST_NOTIFICATION_KIND,
  TEST_NOTIFICATION_LIMIT,
  TestNotificationLimitError,
  UnknownEndpointError,
  lastSent,
  type TestNotifications,
  type TestNotificationsDoc,
  type TestSent,
} from './test-notifications.js';
export { webhooksMigrations } from './migrations.js';
export { webhooksSection, type WebhooksConfig } from './webhooks.config.js';
