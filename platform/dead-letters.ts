import { randomUUID } from 'node:crypto';
import type { IHeaders, Kafka, Producer } from 'kafkajs';
import { DEAD_LETTER_HEADERS, HEADERS, kafkaMessage, traceOf } from './kafka-message.js';

/** A dead-lettered message as an operator reads it: what it was, where from, why and when. */
export interface DeadLetter {
  /** the message id consumers deduplicate by */
  id: string;
  /** where it sits in the dead-letter topic */
  partition: number;
  offset: string;
  key: string | null;
  value: Buffer | null;
  eventType?: string;
  schemaVersion?: string;
  source: { topic: string; partition?: number; offset?: string; consumerGroup?: string };
  reason: string;
  at: Date;
  headers: IHeaders;
}

export interface DeadLetterFilter {
  ids?: string[];
  sourceTopic?: string;
  since?: Date;
  until?: Date;
}

const text = (headers: IHeaders | undefined, name: string): string | undefined => {
  const v = headers?.[name];
  const one = Array.isArray(v) ? v[0] : v;
  return one === undefined ? undefined : one.toString();
};

/** One record of the dead-letter topic in the one format every producer writes (platform/kafka-message.ts). */
export function deadLetterOf(
  partition: number,
  m: { offset: string; key: Buffer | null; value: Buffer | null; headers?: IHeaders; timestamp: string },
): DeadLetter {
  const partitionText = text(m.headers, DEAD_LETTER_HEADERS.sourcePartition);
  const at = text(m.headers, DEAD_LETTER_HEADERS.at);
  return {
    id: text(m.headers, HEADERS.messageId) ?? `dead-letter:${partition}:${m.offset}`,
    partition,
    offset: m.offset,
    key: m.key?.toString() ?? null,
    value: m.value,
    ...(text(m.headers, HEADERS.eventType) ? { eventType: text(m.headers, HEADERS.eventType) } : {}),
    ...(text(m.headers, HEADERS.schemaVersion) ? { schemaVersion: text(m.headers, HEADERS.schemaVersion) } : {}),
    source: {
      topic: text(m.headers, DEAD_LETTER_HEADERS.sourceTopic) ?? '',
      ...(partitionText !== undefined ? { partition: Number(partitionText) } : {}),
      ...(text(m.headers, DEAD_LETTER_HEADERS.sourceOffset) ? { offset: text(m.headers, DEAD_LETTER_HEADERS.sourceOffset) } : {}),
      ...(text(m.headers, DEAD_LETTER_HEADERS.consumerGroup) ? { consumerGroup: text(m.headers, DEAD_LETTER_HEADERS.consumerGroup) } : {}),
    },
    reason: text(m.headers, DEAD_LETTER_HEADERS.reason) ?? '',
    at: at ? new Date(at) : new Date(Number(m.timestamp)),
    headers: m.headers ?? {},
  };
}

/**
 * Every message of a dead-letter topic, from its beginning to the end it had when the read
 * began. Read by a consumer group of its own that commits nothing and is deleted after, so it
 * moves no offset of the service's groups; bounded by `timeoutMs`.
 */
export async function readDeadLetters(kafka: Kafka, topic: string, opts: { groupPrefix: string; timeoutMs?: number }): Promise<DeadLetter[]> {
  const admin = kafka.admin();
  await admin.connect();
  const groupId = `${opts.groupPrefix}ops.dead-letter-reader.${randomUUID()}`;
  try {
    const ends = new Map((await admin.fetchTopicOffsets(topic)).filter((p) => BigInt(p.high) > BigInt(p.low)).map((p) => [p.partition, BigInt(p.high) - 1n]));
    if (ends.size === 0) return [];
    const found: DeadLetter[] = [];
    const consumer = kafka.consumer({ groupId, allowAutoTopicCreation: false, maxWaitTimeInMs: 500 });
    await consumer.connect();
    try {
      await consumer.subscribe({ topic, fromBeginning: true });
      const done = new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`reading ${topic} took longer than ${opts.timeoutMs ?? 30_000} ms`)), opts.timeoutMs ?? 30_000);
        void consumer
          .run({
            autoCommit: false,
            eachMessage: async ({ partition, message }) => {
              const end = ends.get(partition);
              if (end === undefined || BigInt(message.offset) > end) return;
              found.push(deadLetterOf(partition, message));
              if (BigInt(message.offset) === end) ends.delete(partition);
              if (ends.size === 0) {
                clearTimeout(timer);
                resolve();
              }
            },
          })
          .catch(reject);
      });
      await done;
    } finally {
      await consumer.disconnect();
    }
    return found.sort((a, b) => a.at.getTime() - b.at.getTime());
  } finally {
    await admin.deleteGroups([groupId]).catch(() => {});
    await admin.disconnect();
  }
}

/** The dead letters an operator chose: by message id, by source topic, by the time they were given up. */
export function selectDeadLetters(all: DeadLetter[], f: DeadLetterFilter): DeadLetter[] {
  return all.filter(
    (d) =>
      (!f.ids?.length || f.ids.includes(d.id)) &&
      (!f.sourceTopic || d.source.topic === f.sourceTopic) &&
      (!f.since || d.at >= f.since) &&
      (!f.until || d.at <= f.until),
  );
}

/**
 * Puts chosen dead letters back on their source topics, as they were: the same key, value and
 * message id, so each consumer's inbox (or its store's unique key) drops one it has handled
 * since, and replaying the same dead letter twice has one effect. Each carries where it was
 * replayed from. A dead letter whose source is unknown is not replayed (returned apart).
 */
export async function replayDeadLetters(producer: Producer, letters: DeadLetter[], at: Date): Promise<{ replayed: DeadLetter[]; skipped: DeadLetter[] }> {
  const replayed = letters.filter((d) => d.source.topic);
  const byTopic = new Map<string, DeadLetter[]>();
  for (const d of replayed) byTopic.set(d.source.topic, [...(byTopic.get(d.source.topic) ?? []), d]);
  if (byTopic.size) {
    await producer.sendBatch({
      acks: -1,
      topicMessages: [...byTopic].map(([topic, list]) => ({
        topic,
        messages: list.map((d) =>
          kafkaMessage({
            key: d.key ?? d.id,
            value: d.value,
            id: d.id,
            ...(d.eventType ? { type: d.eventType } : {}),
            ...(d.schemaVersion ? { schemaVersion: Number(d.schemaVersion) } : {}),
            trace: traceOf(d.headers),
            extra: { 'replayed-from': `${d.partition}@${d.offset}`, 'replayed-at': at.toISOString() },
          }),
        ),
      })),
    });
  }
  return { replayed, skipped: letters.filter((d) => !d.source.topic) };
}
