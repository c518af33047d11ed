import { APPLICATION_TOPICS } from '../../../modules/applications/index.js';
import { ORDER_TOPICS } from '../../../modules/orders/index.js';
import { PAYMENT_TOPICS } from '../../../modules/payments/index.js';
import { REDELIVERIES_TOPIC } from '../../../modules/webhooks/index.js';
import { createKafka, TOPICS } from '../../../platform/kafka.js';
import { MAIL_TOPIC } from '../../../platform/mail.js';
import { createPlanned, kafkaTopicsLine, planTopics } from '../../../platform/kafka-topic-plan.js';
import type { Config } from '../../../config/index.js';
import { UsageError, type Verb } from '../../verb.js';

/**
 * Every topic of the API and the relay (logical names). The relay's retry topics follow its
 * naming (one per distinct WEBHOOK_RETRY_DELAYS delay); a test compares this list with the
 * topics the API and the relay create.
 */
export function serviceTopics(config: Config): string[] {
  const delays = [...new Set(config.webhooks.retryDelaysMs)].sort((a, b) => a - b);
  return [
    ...new Set([
      ...Object.values(TOPICS),
      ...Object.values(APPLICATION_TOPICS),
      ...Object.values(ORDER_TOPICS),
      ...Object.values(PAYMENT_TOPICS),
      MAIL_TOPIC,
      REDELIVERIES_TOPIC,
      'webhooks.dead-letter',
      ...delays.map((ms) => `webhooks.retry.${ms}ms`),
    ]),
  ].map((t) => `${config.kafka.topicPrefix}${t}`);
}

/** The topics as an operator creates them in a cluster that forbids the service to. */
export const topics: Verb = {
  group: 'kafka',
  name: 'topics',
  summary: "prints the service's topics as kafka-topics.sh lines, or creates them (--create)",
  usage: '[--create] [--replication <n>]',
  details: [
    'Each topic with its partitions (KAFKA_PARTITIONS), replication factor (up to 3, never more',
    'than the cluster has brokers, or --replication), min.insync.replicas and an explicit',
    'retention.ms (7 days; dead-letter topics 30 days: docs/operations.md says why). Prints',
    '{topics, commands}: run the commands with admin credentials (admin.properties). With',
    '--create, creates the missing ones with the configured credentials, which then need',
    'CREATE on the topics, and prints {created, existing}.',
  ].join('\n'),
  options: { create: { type: 'boolean' }, replication: { type: 'string' } },
  run: async (ctx, values) => {
    const kafka = createKafka(ctx.config.kafka, ctx.logger);
    const admin = kafka.admin({ retry: { retries: 2 } });
    await admin.connect();
    try {
      const brokers = values.replication ? replication(values.replication) : (await admin.describeCluster()).brokers.length;
      const plans = planTopics(serviceTopics(ctx.config), ctx.config.kafka.partitions, brokers);
      if (!values.create) return { topics: plans, commands: plans.map((p) => kafkaTopicsLine(p, ctx.config.kafka.brokers.join(','))) };
      const created = await createPlanned(admin, plans, true);
      return { created, existing: plans.map((p) => p.topic).filter((t) => !created.includes(t)) };
    } finally {
      await admin.disconnect().catch(() => {});
    }
  },
};

function replication(v: unknown): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1 || n > 3) throw new UsageError('--replication must be 1, 2 or 3');
  return n;
}
