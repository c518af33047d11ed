import type { AppModule, Platform } from '../../platform/module.js';
import { ensureTopics } from '../../platform/kafka.js';
import { MongoDeliveryRepository } from './delivery.repository.js';
import { WebhooksService } from './webhooks.service.js';
import { mountWebhooksRoutes } from './webhooks.routes.js';
import { REDELIVERIES_TOPIC } from './webhooks.topics.js';

export interface WebhooksModule extends AppModule {
  service: WebhooksService;
}

/**
 * Webhook deliveries as partners see them, mounted by the API process (partners only talk
 * to the API, over HTTPS with a bearer token): it reads the delivery records and requests
 * redeliveries through Kafka, so the relay process stays the records' only writer.
 */
export function createWebhooksModule(
  platform: Pick<Platform, 'db' | 'kafka' | 'producer' | 'topics' | 'config' | 'logger'>,
): WebhooksModule {
  const service = new WebhooksService({
    repo: new MongoDeliveryRepository(platform.db),
    producer: platform.producer,
    topics: platform.topics,
    logger: platform.logger.child({ module: 'webhooks' }),
  });
  return {
    name: 'webhooks',
    service,
    mount: (router) => mountWebhooksRoutes(router, service),
    // the API may start before any relay: its redelivery requests need their topic
    start: () => ensureTopics(platform.kafka, [platform.topics.name(REDELIVERIES_TOPIC)], platform.config.kafka.partitions),
  };
}
