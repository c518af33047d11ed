import { Kafka, logLevel } from 'kafkajs';

export interface Found {
  partition: number;
  offset: string;
  summary: string;
}

/**
 * Reads a topic from the beginning to its current end and returns the messages keyed by one
 * of `keys`: for a notification that never arrived, it tells a message that never reached
 * Kafka from one the consumer passed over. Bounded: gives up after `maxWaitMs`.
 */
export async function scanTopic(brokers: string[], topic: string, keys: Set<string>, maxWaitMs = 20_000): Promise<Map<string, Found[]>> {
  const kafka = new Kafka({ brokers, clientId: 'drill-scan', logLevel: logLevel.NOTHING });
  const admin = kafka.admin();
  await admin.connect();
  const ends = new Map((await admin.fetchTopicOffsets(topic)).map((p) => [p.partition, BigInt(p.high)]));
  await admin.disconnect();
  const found = new Map<string, Found[]>();
  const done = new Set<number>([...ends].filter(([, high]) => high === 0n).map(([p]) => p));
  const consumer = kafka.consumer({ groupId: `drill-scan-${Date.now()}`, maxWaitTimeInMs: 200 });
  await consumer.connect();
  await consumer.subscribe({ topic, fromBeginning: true });
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, maxWaitMs);
    if (done.size === ends.size) {
      clearTimeout(timer);
      resolve();
      return;
    }
    void consumer.run({
      eachMessage: async ({ partition, message }) => {
        const key = message.key?.toString() ?? '';
        if (keys.has(key)) {
          const list = found.get(key) ?? [];
          list.push({ partition, offset: message.offset, summary: (message.value?.toString() ?? '').slice(0, 160) });
          found.set(key, list);
        }
        if (BigInt(message.offset) + 1n >= ends.get(partition)!) done.add(partition);
        if (done.size === ends.size) {
          clearTimeout(timer);
          resolve();
        }
      },
    });
  });
  await consumer.disconnect();
  return found;
}
