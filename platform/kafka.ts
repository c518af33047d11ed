import { Kafka, Partitioners, logLevel, type Producer, type LogEntry, type Message, type RecordMetadata } from 'kafkajs';
import type { Logger } from './logger.js';
import { BrokerUnavailable } from './errors.js';
import type { KafkaSecurity } from './kafka-security.js';
import { createPlanned, planTopics } from './kafka-topic-plan.js';

export interface KafkaSettings extends KafkaSecurity {
  brokers: string[];
  clientId: string;
  topicPrefix: string;
  partitions: number;
  /** create: missing topics are created at start; check: only verified (locked-down clusters) */
  topicsMode?: 'create' | 'check';
}

/**
 * The kernel's own logical topics; each module declares its domain topics itself and the
 * composition root hands them to the runtime. The deployed name is
 * `<KAFKA_TOPIC_PREFIX><name>` so that test runs and environments sharing one broker never
 * see each other's messages.
 */
export const TOPICS = {
  /** NotificationRequests from the modules' outboxes to the relay (and the event feed) */
  notifications: 'notifications',
  /** messages a consumer could not handle, with the reason in headers */
  deadLetter: 'dead-letter',
} as const;

export class Topics {
  constructor(private readonly prefix: string) {}

  name(logical: string): string {
    return `${this.prefix}${logical}`;
  }

  group(logical: string): string {
    return `${this.prefix}${logical}`;
  }
}

const LEVELS: Record<number, 'error' | 'warn' | 'info' | 'debug'> = {
  [logLevel.ERROR]: 'error',
  [logLevel.WARN]: 'warn',
  [logLevel.INFO]: 'info',
  [logLevel.DEBUG]: 'debug',
};

/** kafkajs logs through pino; its INFO chatter (joins, commits) is kept at debug. */
function kafkaLogCreator(logger: Logger) {
  const child = logger.child({ component: 'kafkajs' });
  return () =>
    ({ level, log }: LogEntry) => {
      const { message, ...extra } = log;
      const at = LEVELS[level] ?? 'info';
      child[at === 'info' ? 'debug' : at](extra, message);
    };
}

/** Every producer, consumer and admin client of a process comes from here (TLS and SASL included). */
export function createKafka(settings: KafkaSettings, logger: Logger, retry: { retries: number } = { retries: 8 }): Kafka {
  return new Kafka({
    clientId: settings.clientId,
    brokers: settings.brokers,
    ...(settings.ssl ? { ssl: settings.ssl } : {}),
    ...(settings.sasl ? { sasl: settings.sasl } : {}),
    logLevel: logLevel.WARN,
    logCreator: kafkaLogCreator(logger),
    connectionTimeout: 3000,
    requestTimeout: 10000,
    retry: { initialRetryTime: 100, retries: retry.retries, maxRetryTime: 5000 },
  });
}

/**
 * Every send passes `acks: -1` (all in-sync replicas). Not kafkajs' idempotent mode: it is
 * experimental there, forces unbounded retries (an outage would hold the outbox's flush
 * instead of failing it over to the sweeper) and wedges on OUT_OF_ORDER_SEQUENCE_NUMBER
 * when sends overlap, which the relay's and consumers' sends do. Order per application
 * comes from the outbox flushing one batch at a time (one request per partition leader,
 * never a later batch before an earlier one is acknowledged); a batch resent after a lost
 * acknowledgement is a duplicate that consumers absorb by message id (consumer inbox,
 * delivery records).
 *
 * Every send is checked against what the brokers acknowledged. kafkajs 2.2 retries a
 * multi-broker send only to the brokers that have not answered yet: when a failed broker's
 * partitions have meanwhile moved to a broker that answered, their messages are never sent
 * and the send still resolves (seen when a broker of three was killed under load). The
 * partitioner notes each message's partition, and a send whose result lacks one of them
 * fails, so the caller retries it (the outbox keeps the entries for its sweeper).
 */
export function createProducer(kafka: Kafka): Producer {
  const partitionOf = Partitioners.DefaultPartitioner();
  const producer = kafka.producer({
    createPartitioner: () => (args) => {
      const partition = partitionOf(args);
      (args.message as NotedMessage)[PARTITION] = partition;
      return partition;
    },
    allowAutoTopicCreation: false,
  });
  const send = producer.send.bind(producer);
  const sendBatch = producer.sendBatch.bind(producer);
  producer.send = async (record) => {
    const acked = await send(record).catch(asBrokerError);
    if (record.acks !== 0) assertAcknowledged([{ topic: record.topic, messages: record.messages }], acked);
    return acked;
  };
  producer.sendBatch = async (batch) => {
    const acked = await sendBatch(batch).catch(asBrokerError);
    if (batch.acks !== 0) assertAcknowledged(batch.topicMessages ?? [], acked);
    return acked;
  };
  return producer;
}

/**
 * kafkajs's errors become the platform's BrokerUnavailable (the original as its cause), so
 * callers decide on retries without knowing the driver. (Its error classes are not named
 * exports under ESM: they are known by their names.)
 */
export function asBrokerError(err: unknown): never {
  if (err instanceof Error && err.name.startsWith('KafkaJS')) throw new BrokerUnavailable(`the broker refused or did not answer: ${err.message}`, err);
  throw err;
}

const PARTITION = Symbol('partition');
type NotedMessage = Message & { [PARTITION]?: number };

export class UnacknowledgedSendError extends BrokerUnavailable {}

/** Throws when a message's partition is missing from the brokers' acknowledgements. */
export function assertAcknowledged(topicMessages: { topic: string; messages: Message[] }[], acked: RecordMetadata[]): void {
  const answered = new Set(acked.filter((r) => r.errorCode === 0).map((r) => `${r.topicName}:${r.partition}`));
  const missing = new Set<string>();
  for (const { topic, messages } of topicMessages) {
    for (const m of messages as NotedMessage[]) {
      const partition = m.partition ?? m[PARTITION];
      if (partition === undefined || !answered.has(`${topic}:${partition}`)) missing.add(`${topic}:${partition ?? '?'}`);
    }
  }
  if (missing.size) throw new UnacknowledgedSendError(`the brokers did not acknowledge ${[...missing].join(', ')}`);
}

export { replicationFor } from './kafka-topic-plan.js';

/**
 * Creates the topics that do not exist yet (idempotent; production creates them too), with
 * the replication the cluster can hold (asked from the cluster, not configured) and each
 * topic's retention (kafka-topic-plan.ts).
 */
export async function ensureTopics(kafka: Kafka, topics: string[], partitions: number, security: KafkaSecurity = {}): Promise<void> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    const { brokers } = await admin.describeCluster();
    const cluster = brokers.length > 1;
    // kafkajs waits for leaders by asking one broker, which in a cluster may not know the topics yet
    const missing = await createPlanned(admin, planTopics(topics, partitions, brokers.length), !cluster);
    if (missing.length === 0) return;
    if (cluster)
      await knownEverywhere(
        brokers.map((b) => `${b.host}:${b.port}`),
        missing,
        security,
      );
  } finally {
    await admin.disconnect();
  }
}

/**
 * In a cluster, every broker learns of a new topic from the controller a moment after it is
 * created (half a second here). A client whose metadata request reaches a broker that has
 * not yet learnt it fails at once (kafkajs retries only LEADER_NOT_AVAILABLE there, and a
 * consumer's subscribe does not retry at all): so wait until each broker knows the topics
 * and a leader for each partition.
 */
async function knownEverywhere(brokers: string[], topics: string[], security: KafkaSecurity, maxWaitMs = 30_000): Promise<void> {
  const until = Date.now() + maxWaitMs;
  for (const broker of brokers) {
    const admin = new Kafka({
      brokers: [broker],
      clientId: 'ensure-topics',
      ssl: security.ssl,
      sasl: security.sasl,
      logLevel: logLevel.NOTHING,
      connectionTimeout: 3000,
      retry: { retries: 0 },
    }).admin();
    try {
      await admin.connect();
      for (;;) {
        try {
          const { topics: known } = await admin.fetchTopicMetadata({ topics });
          if (known.every((t) => t.partitions.length > 0 && t.partitions.every((p) => p.leader >= 0))) break;
          throw new Error(`no leader yet for a partition of ${topics.join(', ')} on ${broker}`);
        } catch (err) {
          if (Date.now() > until) throw err;
          await new Promise((r) => setTimeout(r, 100));
        }
      }
    } finally {
      await admin.disconnect().catch(() => {});
    }
  }
}

/** Whether the brokers answer a metadata request within the timeout (health checks). */
export async function kafkaReachable(kafka: Kafka, timeoutMs: number): Promise<boolean> {
  const admin = kafka.admin({ retry: { retries: 0 } });
  const probe = (async () => {
    await admin.connect();
    await admin.describeCluster();
    return true;
  })();
  try {
    return await withTimeout(probe, timeoutMs, false);
  } catch {
    return false;
  } finally {
    admin.disconnect().catch(() => {});
  }
}

export function withTimeout<T>(p: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout;
  const t = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), ms);
  });
  return Promise.race([p, t]).finally(() => clearTimeout(timer));
}

export type { Kafka, Producer, Message };
