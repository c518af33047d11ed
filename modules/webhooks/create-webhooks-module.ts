import type { AppModule, Platform } from '../../platform/module.js';
import { ensureTopics } from '../../platform/kafka.js';
import { MongoDeliveryRepository } from './delivery.repository.js';
import { WebhooksService } from './webhooks.service.js';
import { mountWebhooksRoutes } from './webhooks.routes.js';
import { REDELIVERIES_TOPIC } from './webhooks.topics.js';
import { TestNotifications } from './test-notifications.js';
import { MongoTestNotificationsRepository } from './test-notifications.repository.js';
import { PeriodicJob } from '../../platform/periodic-job.js';
import { expireDeliveryBodies } from './delivery-retention.js';

export interface WebhooksModule extends AppModule {
  service: WebhooksService;
  /** test notifications to a partner's endpoints (the portal's "send a test notification") */
  testNotifications: TestNotifications;
  /** One pass of the body retention now (it also runs every RETENTION_JOB_INTERVAL); bodies cleared. */
  expireBodies(now?: Date): Promise<number>;
}

/**
 * Webhook deliveries as partners see them, mounted by the API process (partners only talk
 * to the API, over HTTPS with a bearer token): it reads the delivery records and requests
 * redeliveries through Kafka, so the relay process stays the records' only writer. Test
 * notifications are written here, with their notification in the same write (the outbox).
 */
export async function createWebhooksModule(
  platform: Pick<Platform, 'db' | 'kafka' | 'producer' | 'topics' | 'config' | 'logger' | 'outbox' | 'clock'>,
  /** how long a delivery keeps its body (this module's section), and how often the job runs (the retention jobs' one interval) */
  retention: { deliveryBodiesMs: number; intervalMs: number },
): Promise<WebhooksModule> {
  const service = new WebhooksService({
    repo: new MongoDeliveryRepository(platform.db),
    producer: platform.producer,
    topics: platform.topics,
    logger: platform.logger.child({ module: 'webhooks' }),
    clock: platform.clock,
  });
  const tests = new MongoTestNotificationsRepository(platform.db, platform.outbox);
  await tests.init();
  const testNotifications = new TestNotifications({
    find: (partnerId) => tests.find(partnerId),
    writes: tests.store,
    endpointsSince: (partnerId, since) => service.endpointsSince(partnerId, since),
    clock: platform.clock,
  });
  const expireBodies = (now: Date) => expireDeliveryBodies(platform.db, new Date(now.getTime() - retention.deliveryBodiesMs), now);
  const bodies = new PeriodicJob('delivery-body-retention', expireBodies, platform.clock, retention.intervalMs, platform.logger);
  return {
    name: 'webhooks',
    service,
    testNotifications,
    expireBodies: (now = platform.clock.now()) => expireBodies(now),
    mount: (router) => mountWebhooksRoutes(router, service),
    start: async () => {
      // the API may start before any relay: its redelivery requests need their topic
      await ensureTopics(platform.kafka, [platform.topics.name(REDELIVERIES_TOPIC)], platform.config.kafka.partitions);
      bodies.start();
    },
    stop: () => bodies.stop(),
  };
}
