import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { Admin } from 'kafkajs';
import { withTimeout } from '../platform/kafka.js';

/**
 * What an SRE watches on the relay's /metrics: attempts and deliveries by outcome, attempt
 * latency, end-to-end delivery latency, retries scheduled, dead letters, work in flight,
 * and consumer lag per lane and partition.
 */
export interface RelayMetrics {
  attempts: Counter<'outcome'>;
  attemptSeconds: Histogram<'outcome'>;
  deliveries: Counter<'outcome'>;
  deliverySeconds: Histogram;
  retries: Counter<'delay'>;
  deadLetters: Counter;
  inFlight: Gauge<'lane'>;
  poisoned: Counter<'lane'>;
}

export function relayMetrics(registry: Registry): RelayMetrics {
  const registers = [registry];
  return {
    attempts: new Counter({
      name: 'webhook_attempts_total',
      help: 'Webhook attempts by outcome (ACKNOWLEDGED, HTTP_ERROR, TIMEOUT, NOT_ACKNOWLEDGED, NETWORK_ERROR, REFUSED_ADDRESS, ENDPOINT_BUSY, NO_SIGNING_SECRET, INVALID_ENDPOINT, RELAY_ERROR)',
      labelNames: ['outcome'],
      registers,
    }),
    attemptSeconds: new Histogram({
      name: 'webhook_attempt_duration_seconds',
      help: 'Duration of one webhook attempt (connect to acknowledgement or failure)',
      labelNames: ['outcome'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    }),
    deliveries: new Counter({
      name: 'webhook_deliveries_total',
      help: 'Deliveries that reached a final outcome (delivered, dead_lettered)',
      labelNames: ['outcome'],
      registers,
    }),
    deliverySeconds: new Histogram({
      name: 'webhook_delivery_latency_seconds',
      help: 'From the notification\'s creation to its acknowledgement by the partner',
      buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5, 60, 600, 3600],
      registers,
    }),
    retries: new Counter({
      name: 'webhook_retries_scheduled_total',
      help: 'Retries put on a retry topic, by delay in ms',
      labelNames: ['delay'],
      registers,
    }),
    deadLetters: new Counter({
      name: 'webhook_dead_letters_total',
      help: 'Deliveries whose last attempt failed and that went to the dead-letter topic',
      registers,
    }),
    inFlight: new Gauge({
      name: 'webhook_in_flight',
      help: 'Deliveries dispatched and not yet recorded, per lane',
      labelNames: ['lane'],
      registers,
    }),
    poisoned: new Counter({
      name: 'webhook_poison_messages_total',
      help: 'Messages the relay could neither parse nor record, put on the dead-letter topic with the reason, per lane',
      labelNames: ['lane'],
      registers,
    }),
  };
}

export interface LagSource {
  groupId: string;
  topic: string;
}

/**
 * Consumer lag per lane and partition (high watermark minus committed offset), sampled from
 * the brokers when /metrics is scraped, so every instance of the relay reports the group's
 * lag and not only its own partitions. A sampling failure keeps the last values.
 */
export function consumerLagGauge(registry: Registry, admin: () => Promise<Admin>, sources: LagSource[]): Gauge<'group' | 'topic' | 'partition'> {
  return new Gauge({
    name: 'webhook_consumer_lag',
    help: 'Messages not yet committed by the relay, per consumer group, topic and partition',
    labelNames: ['group', 'topic', 'partition'],
    registers: [registry],
    async collect() {
      const sample = async () => {
        const a = await admin();
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
      await withTimeout(sample().catch(() => false), 2000, false);
    },
  });
}
