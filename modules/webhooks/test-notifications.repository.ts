import type { Collection, Db } from 'mongodb';
import type { OutboxPublisher } from '../../platform/outbox-publisher.js';
import { VersionedStore } from '../../platform/versioned-store.js';
import type { TestNotificationsDoc } from './test-notifications.js';

export const TEST_NOTIFICATIONS_COLLECTION = 'webhook_test_notifications';

/**
 * The partners' test notification records, written by the API process (the relay never
 * reads them: it sees the notifications on the topic). A version-guarded store with the
 * outbox, registered with the outbox sweeper like every outboxed collection.
 */
export class MongoTestNotificationsRepository {
  readonly collection: Collection<TestNotificationsDoc>;
  readonly store: VersionedStore<TestNotificationsDoc>;

  constructor(db: Db, outbox: OutboxPublisher) {
    this.collection = db.collection<TestNotificationsDoc>(TEST_NOTIFICATIONS_COLLECTION);
    this.store = new VersionedStore(this.collection, outbox);
  }

  async init(): Promise<void> {
    await this.store.init();
  }

  /** Built by the webhooks module's migration. */
  static async createIndexes(db: Db): Promise<void> {
    const collection = db.collection(TEST_NOTIFICATIONS_COLLECTION);
    await VersionedStore.createIndexes(collection);
    // a kept answer is looked up by partner after a crash (platform/idempotency.ts)
    await collection.createIndex({ partnerId: 1 }, { name: 'partner' });
  }

  find(partnerId: string): Promise<TestNotificationsDoc | null> {
    return this.collection.findOne({ _id: partnerId });
  }
}
