import type { Kafka, Consumer } from 'kafkajs';
import { waitFor } from './wait.js';

export interface ConsumedMessage {
  topic: string;
  partition: number;
  offset: string;
  key: string | null;
  value: string | null;
  headers: Record<string, string>;
}

/** Reads topics from the beginning into memory, for assertions on what was published. */
export class TopicCollector {
  readonly messages: ConsumedMessage[] = [];
  private consumer: Consumer | undefined;
  private readonly topics: string[];

  constructor(
    private readonly kafka: Kafka,
    topic: string | string[],
  ) {
    this.topics = [topic].flat();
  }

  async start(): Promise<this> {
    this.consumer = this.kafka.consumer({ groupId: `test-collector-${this.topics[0]}-${Math.random().toString(36).slice(2)}`, sessionTimeout: 10_000 });
    await this.consumer.connect();
    await this.consumer.subscribe({ topics: this.topics, fromBeginning: true });
    await this.consumer.run({
      eachMessage: async ({ topic, partition, message }) => {
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries(message.headers ?? {})) headers[k] = String(v);
        this.messages.push({
          topic,
          partition,
          offset: message.offset,
          key: message.key?.toString() ?? null,
          value: message.value?.toString() ?? null,
          headers,
        });
      },
    });
    return this;
  }

  json<T = any>(): T[] {
    return this.messages.map((m) => JSON.parse(m.value ?? 'null') as T);
  }

  waitForCount(n: number, maxWait = 15_000): Promise<ConsumedMessage[]> {
    return waitFor(`${n} message(s) on ${this.topics.join(', ')} (have ${this.messages.length})`, () => this.messages.length >= n && this.messages, {
      maxWait,
    });
  }

  async stop(): Promise<void> {
    await this.consumer?.disconnect();
  }
}

/**
 * How many messages a topic has ever received (the sum of its partitions' high
 * watermarks): a probe that needs no waiting to show that a request published nothing.
 */
export async function topicMessageCount(kafka: Kafka, topic: string): Promise<number> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    const offsets = await admin.fetchTopicOffsets(topic);
    return offsets.reduce((sum, p) => sum + Number(p.high), 0);
  } finally {
    await admin.disconnect();
  }
}

/**
 * Whether `groupId` has committed every message of `topic` written so far: the sign that
 * nothing it read will be read (and acted on) again.
 */
export async function committedToEnd(kafka: Kafka, groupId: string, topic: string): Promise<boolean> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    const high = new Map((await admin.fetchTopicOffsets(topic)).map((p) => [p.partition, Number(p.high)]));
    const [committed] = await admin.fetchOffsets({ groupId, topics: [topic] });
    return (committed?.partitions ?? []).every((p) => Number(p.offset) >= (high.get(p.partition) ?? 0) || high.get(p.partition) === 0);
  } finally {
    await admin.disconnect();
  }
}
