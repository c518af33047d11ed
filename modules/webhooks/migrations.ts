import type { Migration } from '../../platform/migrations.js';
import { MongoDeliveryRepository } from './delivery.repository.js';
import { MongoTestNotificationsRepository } from './test-notifications.repository.js';
import { createDeliveryRetentionIndex } from './delivery-retention.js';

/** The webhooks module's steps, in order (the relay needs them too); ids are never renamed once shipped. */
export const webhooksMigrations: readonly Migration[] = [
  {
    id: 'webhooks-0001-indexes',
    description: 'webhook deliveries: versioned writes, the partner list; test notifications',
    up: async (db) => {
      await MongoDeliveryRepository.createIndexes(db);
      await MongoTestNotificationsRepository.createIndexes(db);
    },
  },
  {
    id: 'webhooks-0002-body-retention-index',
    description: "webhook deliveries: the body retention pass's bodies not yet cleared, by age (body_retention)",
    up: (db) => createDeliveryRetentionIndex(db),
  },
];
