import type { Db, MongoClient } from 'mongodb';
import type { Kafka, Producer } from 'kafkajs';
import type { Registry } from 'prom-client';
import { platformConfig, type PlatformConfig } from './config-sections.js';
import type { Logger } from './logger.js';
import type { Platform } from './module.js';
import { connectMongo } from './mongo.js';
import { createKafka, createProducer, kafkaReachable, Topics, TOPICS } from './kafka.js';
import { preflightKafka } from './kafka-preflight.js';
import { createRegistry, consumerMetrics, dependencyGauge, outboxMetrics } from './metrics.js';
import { consumerLagGauge, lazyAdmin, type LagSource } from './consumer-lag.js';
import { OutboxPublisher } from './outbox-publisher.js';
import { OUTBOX_PUBLISHERS } from './outbox-sweeper.js';
import { systemClock, type Clock } from './clock.js';
import { openSecretBox } from './secret-box.js';
import { TopicPresence } from './kafka-topic-presence.js';

export interface Runtime extends Platform {
  mongoClient: MongoClient;
  /** KAFKA_TOPICS=check: which of the process's topics the cluster no longer lists (readiness) */
  topicPresence: TopicPresence | undefined;
  close(): Promise<void>;
}

/**
 * Connects the shared infrastructure of a process: MongoDB, Kafka (producer, topics) and
 * the outbox publisher. `ownTopics` are the logical topics of the process's modules (the
 * domain's, or the relay's retry topics): created, when missing, beside the kernel's.
 * `clock` is the modules' time (a test's ManualClock; the wall clock otherwise).
 */
export async function createRuntime(
  config: PlatformConfig,
  logger: Logger,
  service: string,
  ownTopics: readonly string[] = [],
  clock: Clock = systemClock,
): Promise<Runtime> {
  // first: a master key file that cannot be read stops the start before anything connects
  const secrets = openSecretBox(config.secrets, (msg, file) => logger.warn({ file }, msg));
  const { mongoClient, db, kafka, topics, producer, topicNames } = await connect(config, logger, ownTopics);
  const registry = createRegistry(service);
  const outbox = outboxPublisher(config, { db, producer, topics, registry, logger });
  const consumerDeps = {
    kafka,
    db,
    producer,
    deadLetterTopic: topics.name(TOPICS.deadLetter),
    logger,
    metrics: consumerMetrics(registry),
    clock,
  };
  const lagAdmin = operationalGauges(registry, { db, kafka, lagSources: () => consumerDeps.metrics.lagSources });
  // the service creates no topic in check mode, so one deleted after the start stays missing
  const presenceAdmin = lazyAdmin(kafka);
  const topicPresence = config.kafka.topicsMode === 'check' ? new TopicPresence(presenceAdmin.get, topicNames) : undefined;
  return {
    // a module is handed the platform's sections only, whatever the root loaded
    config: platformConfig(config),
    db,
    kafka,
    producer,
    topics,
    outbox,
    logger,
    registry,
    consumerDeps,
    mongoClient,
    clock,
    secrets,
    topicPresence,
    close: async () => {
      await outbox.stop();
      await lagAdmin.close();
      await presenceAdmin.close();
      await producer.disconnect().catch(() => {});
      await mongoClient.close().catch(() => {});
    },
  };
}

/** The store, then Kafka's preflight (the kernel's and the process's own topics), then a connected producer. */
async function connect(config: PlatformConfig, logger: Logger, ownTopics: readonly string[]) {
  const { client: mongoClient, db } = await connectMongo(config.store.url, config.store.db, config.store.timeoutMs, config.store.tls);
  const kafka = createKafka(config.kafka, logger);
  const topics = new Topics(config.kafka.topicPrefix);
  const logical = [...Object.values(TOPICS), ...ownTopics];
  const topicNames = logical.map((t) => topics.name(t));
  try {
    // fails the start within seconds naming the setting or ACL at fault (credentials, CA, ACLs, topics)
    await preflightKafka(kafka, config.kafka, topicNames, logger);
  } catch (err) {
    await mongoClient.close();
    throw err;
  }
  const producer = createProducer(kafka);
  await producer.connect();
  return { mongoClient, db, kafka, topics, producer, topicNames };
}

interface OutboxParts {
  db: Db;
  producer: Producer;
  topics: Topics;
  registry: Registry;
  logger: Logger;
}

function outboxPublisher(config: PlatformConfig, { db, producer, topics, registry, logger }: OutboxParts): OutboxPublisher {
  return new OutboxPublisher({
    producer,
    topics,
    logger: logger.child({ component: 'outbox' }),
    metrics: outboxMetrics(registry),
    sweepIntervalMs: config.outbox.sweepIntervalMs,
    sweepGraceMs: config.outbox.sweepGraceMs,
    fullSweepIntervalMs: config.outbox.fullSweepIntervalMs,
    // the kernel's own store (publisher heartbeats for the sweeper), not a module's documents
    publishers: db.collection(OUTBOX_PUBLISHERS),
  });
}

/**
 * What the SRE's lag and reachability alerts read. The lag gauge's admin client opens at
 * the first scrape that has a consumer to sample; the caller closes it.
 */
function operationalGauges(registry: Registry, o: { db: Db; kafka: Kafka; lagSources: () => readonly LagSource[] }): { close(): Promise<void> } {
  const lagAdmin = lazyAdmin(o.kafka);
  consumerLagGauge(registry, {
    name: 'kafka_consumer_lag',
    help: 'Messages not yet committed by the in-process consumers, per consumer group, topic and partition',
    admin: lagAdmin.get,
    sources: o.lagSources,
  });
  dependencyGauge(registry, {
    store: async () => (await o.db.command({ ping: 1 })).ok === 1,
    kafka: () => kafkaReachable(o.kafka, 1500),
  });
  return lagAdmin;
}
