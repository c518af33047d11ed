import type { MongoClient } from 'mongodb';
import type { Config } from './config.js';
import type { Logger } from './logger.js';
import type { Platform } from './module.js';
import { connectMongo } from './mongo.js';
import { createKafka, createProducer, ensureTopics, kafkaReachable, Topics, TOPICS } from './kafka.js';
import { createRegistry, consumerMetrics, dependencyGauge, outboxMetrics } from './metrics.js';
import { consumerLagGauge, lazyAdmin } from './consumer-lag.js';
import { OutboxPublisher } from './outbox-publisher.js';
import { OUTBOX_PUBLISHERS } from './outbox-sweeper.js';
import { systemClock, type Clock } from './clock.js';

export interface Runtime extends Platform {
  mongoClient: MongoClient;
  close(): Promise<void>;
}

/**
 * Connects the shared infrastructure of a process: MongoDB, Kafka (producer, topics) and
 * the outbox publisher. `ownTopics` are the logical topics of the process's modules (the
 * domain's, or the relay's retry topics): created, when missing, beside the kernel's.
 * `clock` is the modules' time (a test's ManualClock; the wall clock otherwise).
 */
export async function createRuntime(config: Config, logger: Logger, service: string, ownTopics: readonly string[] = [], clock: Clock = systemClock): Promise<Runtime> {
  const { client: mongoClient, db } = await connectMongo(config.mongo.url, config.mongo.db, config.mongo.timeoutMs);
  const registry = createRegistry(service);
  const kafka = createKafka(config.kafka, logger);
  const topics = new Topics(config.kafka.topicPrefix);
  const logical = [...Object.values(TOPICS), ...ownTopics];
  try {
    await ensureTopics(kafka, logical.map((t) => topics.name(t)), config.kafka.partitions);
  } catch (err) {
    await mongoClient.close();
    throw err;
  }
  const producer = createProducer(kafka);
  await producer.connect();
  const outbox = new OutboxPublisher({
    producer,
    topics,
    logger: logger.child({ component: 'outbox' }),
    metrics: outboxMetrics(registry),
    sweepIntervalMs: config.outbox.sweepIntervalMs,
    sweepGraceMs: config.outbox.sweepGraceMs,
    fullSweepIntervalMs: config.outbox.fullSweepIntervalMs,
    publishers: db.collection(OUTBOX_PUBLISHERS),
  });
  const consumerDeps = {
    kafka,
    db,
    producer,
    deadLetterTopic: topics.name(TOPICS.deadLetter),
    logger,
    metrics: consumerMetrics(registry),
  };
  // what the SRE's lag and reachability alerts read; the admin client opens at the first
  // scrape that has a consumer to sample
  const lagAdmin = lazyAdmin(kafka);
  consumerLagGauge(registry, {
    name: 'kafka_consumer_lag',
    help: 'Messages not yet committed by the in-process consumers, per consumer group, topic and partition',
    admin: lagAdmin.get,
    sources: () => consumerDeps.metrics.lagSources,
  });
  dependencyGauge(registry, {
    store: async () => (await db.command({ ping: 1 })).ok === 1,
    kafka: () => kafkaReachable(kafka, 1500),
  });
  return {
    config, db, kafka, producer, topics, outbox, logger, registry, consumerDeps, mongoClient, clock,
    close: async () => {
      await outbox.stop();
      await lagAdmin.close();
      await producer.disconnect().catch(() => {});
      await mongoClient.close().catch(() => {});
    },
  };
}
