import { Gauge, type Registry } from 'prom-client';
import type { Admin, Kafka } from 'kafkajs';
import { withTimeout } from './kafka.js';

export interface LagSource {
  groupId: string;
  topic: string;
}

export interface LagGaugeSpec {
  name: string;
  help: string;
  /** opens (once) the admin client the samples go through */
  admin: () => Promise<Admin>;
  /** read at every scrape, so consumers that start later are included */
  sources: () => readonly LagSource[];
}

/**
 * Consumer lag per group, topic and partition (high watermark minus committed offset),
 * sampled from the brokers when /metrics is scraped, so every instance reports the group's
 * lag and not only its own partitions. A sampling failure (or one slower than 2 s) keeps
 * the last values: a stale lag is better than a scrape that times out.
 */
export function consumerLagGauge(registry: Registry, spec: LagGaugeSpec): Gauge<'group' | 'topic' | 'partition'> {
  return new Gauge({
    name: spec.name,
    help: spec.help,
    labelNames: ['group', 'topic', 'partition'],
    registers: [registry],
    async collect() {
      const sources = spec.sources();
      if (sources.length === 0) return;
      const sample = async () => {
        const a = await spec.admin();
        for (const { groupId, topic } of sources) {
          const [ends, committed] = await Promise.all([a.fetchTopicOffsets(topic), a.fetchOffsets({ groupId, topics: [topic] })]);
          const done = new Map((committed[0]?.partitions ?? []).map((p) => [p.partition, Number(p.offset)]));
          for (const end of ends) {
            const c = done.get(end.partition) ?? -1;
            const base = c >= 0 ? c : Number(end.low);
            this.set({ group: groupId, topic, partition: String(end.partition) }, Math.max(0, Number(end.high) - base));
          }
        }
        return true;
      };
      await withTimeout(
        sample().catch(() => false),
        2000,
        false,
      );
    },
  });
}

/**
 * An admin client opened at its first use and shared by later samples. A failed connect
 * is forgotten, so a scrape after a Kafka outage tries again instead of failing forever.
 */
export function lazyAdmin(kafka: Kafka): { get: () => Promise<Admin>; close: () => Promise<void> } {
  let admin: Promise<Admin> | undefined;
  return {
    get: () =>
      (admin ??= (async () => {
        const a = kafka.admin();
        try {
          await a.connect();
          return a;
        } catch (err) {
          admin = undefined;
          throw err;
        }
      })()),
    close: async () => {
      await admin?.then((a) => a.disconnect()).catch(() => {});
    },
  };
}
