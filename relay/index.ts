/**
 * The webhook relay's public face. The relay itself is a separate process (relay/main.ts);
 * the API process mounts the partner-facing deliveries module from here.
 */
export { createWebhookDeliveriesModule, type WebhookDeliveriesModule } from './create-deliveries-module.js';
export { DELIVERIES_PATH, type DeliveryPage, type RedeliveryAccepted } from './deliveries.service.js';
export type { DeliveryView, AttemptView } from './deliveries.view.js';
export type { DeliveryState, AttemptOutcome } from './delivery.model.js';
export { RELAY_TOPICS, retryTopic } from './relay.topics.js';
