import type { Migration } from './migrations.js';
import { IdempotencyStore } from './idempotency.js';
import { MongoConsumerInbox } from './consumer-inbox.js';

/** The platform's own collections (idempotency keys, consumer inboxes); modules declare theirs. */
export const platformMigrations: readonly Migration[] = [
  {
    id: 'platform-0001-idempotency-indexes',
    description: 'idempotency_keys: expiresAt for the purge',
    up: (db) => IdempotencyStore.createIndexes(db),
  },
  {
    id: 'platform-0002-consumer-inbox-indexes',
    description: 'consumer_inbox: at for forgetting old records',
    up: (db) => MongoConsumerInbox.createIndexes(db),
  },
];
