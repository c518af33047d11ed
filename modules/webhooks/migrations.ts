import type { Migration } from '../../platform/migrations.js';
import { MongoDeliveryRepository } from './delivery.repository.js';
import { MongoTestNotificationsRepository } from './test-notifications.repository.js';

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
];
