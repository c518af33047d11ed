import type { Db } from 'mongodb';
import type { Kafka, Producer } from 'kafkajs';
import type { Registry } from 'prom-client';
import type Koa from 'koa';
import type { PlatformConfig } from './config-sections.js';
import type { Clock } from './clock.js';
import type { SecretBox } from './secret-box.js';
import type { Logger } from './logger.js';
import type { Topics } from './kafka.js';
import type { OutboxPublisher } from './outbox-publisher.js';
import type { ConsumerDeps } from './consumer.js';
import type { AppRouter } from './http/create-app.js';
import type { AppState } from './http/state.js';

/** What the composition root hands to every module factory. */
export interface Platform {
  /** the platform's sections of the configuration; a module's own section is its factory's second argument */
  config: PlatformConfig;
  db: Db;
  kafka: Kafka;
  producer: Producer;
  topics: Topics;
  outbox: OutboxPublisher;
  logger: Logger;
  registry: Registry;
  consumerDeps: ConsumerDeps;
  /** the time modules read and wait on (tests pass a ManualClock) */
  clock: Clock;
  /** seals and opens secrets kept in the store (webhook secrets, token signing keys) */
  secrets: SecretBox;
}

/**
 * A module as the composition root sees it. Routes are registered on the one router;
 * `start` runs consumers and timers once the store and Kafka are up; `stop` drains them.
 */
export interface AppModule {
  name: string;
  mount?(router: AppRouter): void;
  /** perimeter middleware that runs before body parsing (auth module: rate limiting) */
  before?: Koa.Middleware<AppState>[];
  start?(): Promise<void>;
  stop?(): Promise<void>;
}
