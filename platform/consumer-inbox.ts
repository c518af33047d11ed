import type { Collection, Db } from 'mongodb';
import { isDuplicateKey } from './mongo.js';

/**
 * The messages one consumer group has handled, by message id: a redelivered message that is
 * found here is skipped. Records older than the retention are forgotten, long after any
 * redelivery Kafka could still make.
 */
export interface ConsumerInbox {
  /** forgets records older than `cutoff` (the store's index comes from a migration) */
  open(cutoff: Date): Promise<void>;
  seen(messageId: string): Promise<boolean>;
  /** `at`: when it was handled (now); a second call for the same id is not an error (two instances may race) */
  remember(messageId: string, at?: Date): Promise<void>;
}

export const CONSUMER_INBOX_COLLECTION = 'consumer_inbox';

interface InboxDoc {
  _id: string;
  at: Date;
}

/** The inbox in the store: one collection shared by all groups, keyed `group:messageId`. */
export class MongoConsumerInbox implements ConsumerInbox {
  private readonly records: Collection<InboxDoc>;

  constructor(
    db: Db,
    private readonly groupId: string,
  ) {
    this.records = db.collection<InboxDoc>(CONSUMER_INBOX_COLLECTION);
  }

  /** The `at` index of the forgetting filter: a platform migration builds it. */
  static async createIndexes(db: Db): Promise<void> {
    await db.collection(CONSUMER_INBOX_COLLECTION).createIndex({ at: 1 });
  }

  async open(cutoff: Date): Promise<void> {
    // No TTL indexes (FerretDB): old records are removed by an explicit time filter.
    const group = this.groupId;
    await this.records.deleteMany({ _id: { $gte: `${group}:`, $lt: `${group};` }, at: { $lt: cutoff } });
  }

  async seen(messageId: string): Promise<boolean> {
    return (await this.records.findOne({ _id: this.key(messageId) }, { projection: { _id: 1 } })) !== null;
  }

  async remember(messageId: string, at = new Date()): Promise<void> {
    await this.records.insertOne({ _id: this.key(messageId), at }).catch((err) => {
      if (!isDuplicateKey(err)) throw err;
    });
  }

  private key(messageId: string): string {
    return `${this.groupId}:${messageId}`;
  }
}

/** The inbox in memory, for unit tests of consumers and handlers. */
export class InMemoryConsumerInbox implements ConsumerInbox {
  private readonly records = new Map<string, Date>();

  async open(cutoff: Date): Promise<void> {
    for (const [id, at] of this.records) if (at < cutoff) this.records.delete(id);
  }

  async seen(messageId: string): Promise<boolean> {
    return this.records.has(messageId);
  }

  async remember(messageId: string, at = new Date()): Promise<void> {
    if (!this.records.has(messageId)) this.records.set(messageId, at);
  }
}
