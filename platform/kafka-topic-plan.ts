import type { Admin } from 'kafkajs';

const DAY = 86_400_000;

/** How many copies a new topic gets: up to three, never more than the cluster has brokers. */
export function replicationFor(brokers: number): { replicationFactor: number; configEntries: { name: string; value: string }[] } {
  const replicationFactor = Math.max(1, Math.min(3, brokers));
  // with three copies a write is acknowledged by two: one broker may be lost without losing it
  return { replicationFactor, configEntries: replicationFactor >= 3 ? [{ name: 'min.insync.replicas', value: '2' }] : [] };
}

/**
 * How long each topic keeps its messages, and why:
 *
 * - Topics read by consumer groups through the consumer inbox (domain events,
 *   notifications, redeliveries, the relay's retry topics): 7 days, in segments of 1 day.
 *   The inbox remembers a handled message for 14 days; a message can be read again (a
 *   group reset to the earliest offset, offsets expired after a long stop) only while the
 *   topic still holds it, i.e. up to retention + one segment after it was written. 7 + 1
 *   days stays well inside 14, so nothing the topic can hand out again has been forgotten
 *   by the inbox; and 7 days outlasts any outage of the consumers worth waiting out.
 * - Dead-letter topics: 30 days. Nothing consumes them in a group; an operator lists and
 *   replays them (`ops kafka dead-letters`, `ops kafka replay`) after finding and fixing the
 *   cause, which may take weeks (a month-end report, a holiday).
 */
export const RETENTION = {
  consumedMs: 7 * DAY,
  deadLetterMs: 30 * DAY,
  segmentMs: DAY,
} as const;

export interface TopicPlan {
  topic: string;
  partitions: number;
  replicationFactor: number;
  config: Record<string, string>;
}

export function isDeadLetter(topic: string): boolean {
  return topic.endsWith('dead-letter');
}

/** Each topic's partitions, replication, min.insync.replicas, retention.ms and segment.ms. */
export function planTopics(topics: string[], partitions: number, brokers: number): TopicPlan[] {
  const { replicationFactor, configEntries } = replicationFor(brokers);
  const minIsr = configEntries.find((e) => e.name === 'min.insync.replicas')?.value ?? '1';
  return topics.map((topic) => ({
    topic,
    partitions,
    replicationFactor,
    config: {
      'min.insync.replicas': minIsr,
      'retention.ms': String(isDeadLetter(topic) ? RETENTION.deadLetterMs : RETENTION.consumedMs),
      'segment.ms': String(RETENTION.segmentMs),
      'cleanup.policy': 'delete',
    },
  }));
}

/** The topic as a `kafka-topics.sh --create` line (an operator with admin credentials runs it). */
export function kafkaTopicsLine(plan: TopicPlan, bootstrap: string): string {
  const configs = Object.entries(plan.config)
    .map(([k, v]) => `--config ${k}=${v}`)
    .join(' ');
  return (
    `kafka-topics.sh --bootstrap-server ${bootstrap} --command-config admin.properties --create --if-not-exists ` +
    `--topic ${plan.topic} --partitions ${plan.partitions} --replication-factor ${plan.replicationFactor} ${configs}`
  );
}

/** Creates the planned topics that do not exist yet; returns the names created. */
export async function createPlanned(admin: Admin, plans: TopicPlan[], waitForLeaders: boolean): Promise<string[]> {
  const existing = new Set(await admin.listTopics());
  const missing = plans.filter((p) => !existing.has(p.topic));
  if (missing.length === 0) return [];
  await admin.createTopics({
    waitForLeaders,
    topics: missing.map((p) => ({
      topic: p.topic,
      numPartitions: p.partitions,
      replicationFactor: p.replicationFactor,
      configEntries: Object.entries(p.config).map(([name, value]) => ({ name, value })),
    })),
  });
  return missing.map((p) => p.topic);
}
