import type { Db } from 'mongodb';
import type { Consumer, EachBatchPayload, EachMessagePayload, Kafka, KafkaMessage, Message, Producer } from 'kafkajs';
import { systemClock, type Clock } from './clock.js';
import { deadLetterMessage, HEADERS, traceOf } from './kafka-message.js';
import type { Logger } from './logger.js';
import type { ConsumerMetrics, ConsumerOutcome } from './metrics.js';
import { MongoConsumerInbox, type ConsumerInbox } from './consumer-inbox.js';
import { OffsetCommits } from './consumer-offsets.js';
import { retryWithBackoff } from './retry.js';
import { contextOf, inSpan, linkTo, type Link, SpanKind, tracingActive } from './tracing.js';

/**
 * A Kafka consumer as an entry point: thin, idempotent, and it decides for every failure
 * whether it is retriable.
 *
 * - Idempotency: a handled message id is recorded in the group's inbox (ConsumerInbox) and
 *   a second delivery is skipped. Handlers must still be idempotent on their own (they
 *   use deterministic ids and version guards), because a crash can fall between the
 *   effect and the record. A handler whose effect carries a unique key of its own can do
 *   without the inbox (`dedupe: 'handler'`): its store refuses the second effect anyway,
 *   and the inbox would add two round trips to every message.
 * - Offsets are committed once a second (OffsetCommits), not after every message: a crash
 *   or a rebalance hands at most that second's messages to the next owner again, which the
 *   idempotency above absorbs.
 * - Failures: a message that cannot be parsed, or a handler error marked
 *   `retriable: false`, goes to the dead-letter topic with the reason and is committed.
 *   Any other error is retried in place with capped backoff until it succeeds or the
 *   consumer stops, so a store outage stalls the partition instead of losing events.
 */
/** What a managed consumer handles: typed messages (domain events). */
export interface TypedMessage {
  type: string;
}

export interface ConsumerSpec<T extends TypedMessage> {
  /** full consumer group id (prefixed) */
  groupId: string;
  /** full topic names */
  topics: string[];
  /** turns the message value into the handler's input; throws NonRetriableError when invalid */
  parse: (value: Buffer | null) => T;
  idOf: (message: T) => string;
  /**
   * The types the handler reacts to (default: all). Any other message is skipped before the
   * inbox, so it costs no store round trip: by its `event-type` header (set by the outbox
   * publisher) before it is even parsed, or, without the header, by its `type` once parsed.
   */
  types?: readonly string[];
  handle: (message: T, meta: { topic: string; partition: number; offset: string }) => Promise<void>;
  /**
   * Optional: one call for all the messages of a partition that one fetch brought, in
   * offset order (unparseable and ignored ones taken out first), for a handler whose store
   * work is cheaper in runs. Retried as a whole, so it must be idempotent for the whole
   * batch; a batch refused as not retriable is handled again message by message through
   * `handle`, which dead-letters the one at fault. Needs `dedupe: 'handler'`.
   */
  handleBatch?: (messages: T[]) => Promise<void>;
  /** how many partitions are handled at once (default 1) */
  partitionsConsumedConcurrently?: number;
  /**
   * How a redelivery is recognised: by the inbox (default), or by the handler itself, whose
   * effect is keyed by a unique index so that a second one is refused.
   */
  dedupe?: 'inbox' | 'handler';
  /**
   * For a consumer that need not react within milliseconds: the broker holds each fetch
   * until `minBytes` have arrived or `maxWaitMs` passed, so that a steady stream comes in
   * batches instead of one fetch per message (each fetch costs the broker and this process
   * a request and a wake-up). Default: a fetch returns as soon as anything arrives.
   */
  fetchBatching?: { minBytes: number; maxWaitMs: number };
}

export class NonRetriableError extends Error {
  readonly retriable = false;
}

export interface ConsumerDeps {
  kafka: Kafka;
  db: Db;
  producer: Producer;
  deadLetterTopic: string;
  logger: Logger;
  metrics: ConsumerMetrics;
  /** the inbox of a group (default: the store's, in `db`); tests hand in InMemoryConsumerInbox */
  inboxOf?: (groupId: string) => ConsumerInbox;
  /** the time a dead letter is stamped with (default: the wall clock) */
  clock?: Clock;
}

/** How long a consumer inbox remembers a message id: also how far back `ops kafka reconcile` may re-publish. */
export const INBOX_RETENTION_MS = 14 * 24 * 3600_000;

export class ManagedConsumer<T extends TypedMessage> {
  private consumer: Consumer | undefined;
  private stopping = false;
  private readonly inbox: ConsumerInbox | undefined;
  private offsets: OffsetCommits | undefined;
  private readonly log: Logger;

  constructor(
    private readonly deps: ConsumerDeps,
    private readonly spec: ConsumerSpec<T>,
  ) {
    const useInbox = (spec.dedupe ?? 'inbox') === 'inbox';
    if (useInbox && spec.handleBatch) throw new Error(`${spec.groupId}: handleBatch needs dedupe 'handler'`);
    this.inbox = useInbox ? (deps.inboxOf?.(spec.groupId) ?? new MongoConsumerInbox(deps.db, spec.groupId)) : undefined;
    this.log = deps.logger.child({ consumer: spec.groupId });
  }

  private get clock(): Clock {
    return this.deps.clock ?? systemClock;
  }

  async start(): Promise<void> {
    this.stopping = false;
    const sources = this.deps.metrics.lagSources;
    for (const topic of this.spec.topics) {
      if (!sources.some((s) => s.groupId === this.spec.groupId && s.topic === topic)) sources.push({ groupId: this.spec.groupId, topic });
    }
    await this.inbox?.open(new Date(Date.now() - INBOX_RETENTION_MS));
    const consumer = this.deps.kafka.consumer({
      groupId: this.spec.groupId,
      sessionTimeout: 10_000,
      heartbeatInterval: 1_000,
      allowAutoTopicCreation: false,
      retry: { retries: 10 },
      // a fetch returns as soon as messages arrive; the wait only bounds an idle long-poll,
      // which a shutdown has to sit out (kafkajs' 5 s default made every drain take ~6 s)
      maxWaitTimeInMs: this.spec.fetchBatching?.maxWaitMs ?? 1000,
      minBytes: this.spec.fetchBatching?.minBytes ?? 1,
    });
    this.consumer = consumer;
    this.offsets = new OffsetCommits(consumer, this.log);
    await consumer.connect();
    await consumer.subscribe({ topics: this.spec.topics, fromBeginning: true });
    await consumer.run({
      autoCommit: false,
      partitionsConsumedConcurrently: this.spec.partitionsConsumedConcurrently ?? 1,
      ...(this.spec.handleBatch
        ? { eachBatch: (payload: EachBatchPayload) => this.onBatch(payload) }
        : { eachMessage: (payload: EachMessagePayload) => this.offsets!.track(payload, this.onMessage(payload)) }),
    });
  }

  /** Stops fetching, lets the messages in hand finish, commits them, leaves the group. */
  async stop(): Promise<void> {
    this.stopping = true;
    await this.offsets?.close(this.spec.topics);
    await this.consumer?.disconnect();
    this.consumer = undefined;
    this.offsets = undefined;
  }

  /** What every consumer span says of where its messages come from (OpenTelemetry's messaging conventions). */
  private spanAttributes(topic: string, partition: number) {
    return {
      'messaging.system': 'kafka',
      'messaging.operation.type': 'process',
      'messaging.destination.name': topic,
      'messaging.destination.partition.id': String(partition),
      'messaging.consumer.group.name': this.spec.groupId,
    };
  }

  /**
   * One message, handled in the work context its headers carry: a consumer span continuing
   * the trace of the request (or message) that caused it, and its request id, so that what
   * the handler writes and logs joins that trace.
   */
  private onMessage(payload: EachMessagePayload): Promise<void> {
    const { topic, partition, message } = payload;
    return inSpan(
      `process ${topic}`,
      {
        kind: SpanKind.CONSUMER,
        parent: contextOf(traceOf(message.headers)),
        attributes: {
          ...this.spanAttributes(topic, partition),
          'messaging.kafka.offset': Number(message.offset),
          'messaging.message.id': message.headers?.[HEADERS.messageId]?.toString() ?? '',
        },
      },
      () => this.handleMessage(payload),
    );
  }

  private async handleMessage({ topic, partition, message, heartbeat }: EachMessagePayload): Promise<void> {
    const group = this.spec.groupId;
    const type = message.headers?.[HEADERS.eventType]?.toString();
    if (type !== undefined && !this.reactsTo(type)) {
      this.count('ignored');
      return;
    }
    const end = this.deps.metrics.duration.startTimer({ group });
    let parsed: T;
    try {
      parsed = this.spec.parse(message.value);
    } catch (err) {
      await this.deadLetter(topic, partition, message, err);
      return;
    }
    if (!this.reactsTo(parsed.type)) {
      this.count('ignored');
      return;
    }
    const messageId = this.spec.idOf(parsed);
    if (await this.inbox?.seen(messageId)) {
      this.count('duplicate');
      return;
    }
    const refused = await this.handleRetrying(
      () => this.spec.handle(parsed, { topic, partition, offset: message.offset }),
      { topic, partition, offset: message.offset },
      heartbeat,
    );
    if (refused) {
      await this.deadLetter(topic, partition, message, refused.err);
      return;
    }
    await this.inbox?.remember(messageId);
    this.count('ok');
    end();
  }

  /** A fetched batch: its offset is due once every message in it is handled. */
  private async onBatch({ batch, heartbeat, pause }: EachBatchPayload): Promise<void> {
    const { topic, partition, messages } = batch;
    const last = messages[messages.length - 1];
    if (!last) return;
    // a batch joins many traces: its span links to each message's instead of continuing one
    const links = tracingActive() ? messages.map((m) => linkTo(traceOf(m.headers))).filter((l): l is Link => l !== undefined) : [];
    const handled = inSpan(
      `process ${topic}`,
      {
        kind: SpanKind.CONSUMER,
        parent: contextOf({}),
        links,
        attributes: {
          ...this.spanAttributes(topic, partition),
          'messaging.batch.message_count': messages.length,
        },
      },
      () => this.handleFetched(topic, partition, messages, heartbeat, pause),
    );
    await this.offsets!.track({ topic, partition, message: last }, handled);
  }

  private async handleFetched(
    topic: string,
    partition: number,
    messages: KafkaMessage[],
    heartbeat: () => Promise<void>,
    pause: () => () => void,
  ): Promise<void> {
    const end = this.deps.metrics.duration.startTimer({ group: this.spec.groupId });
    const parsed: Array<{ value: T; message: KafkaMessage }> = [];
    for (const message of messages) {
      const type = message.headers?.[HEADERS.eventType]?.toString();
      if (type !== undefined && !this.reactsTo(type)) {
        this.count('ignored');
        continue;
      }
      try {
        const value = this.spec.parse(message.value);
        if (this.reactsTo(value.type)) parsed.push({ value, message });
        else this.count('ignored');
      } catch (err) {
        await this.deadLetter(topic, partition, message, err);
      }
    }
    if (parsed.length === 0) return;
    const meta = { topic, partition, offset: parsed[parsed.length - 1]!.message.offset };
    const refused = await this.handleRetrying(() => this.spec.handleBatch!(parsed.map((p) => p.value)), meta, heartbeat);
    if (refused) {
      for (const { message } of parsed) await this.onMessage({ topic, partition, message, heartbeat, pause });
      return;
    }
    const seconds = end();
    for (let i = 0; i < parsed.length; i++) {
      this.count('ok');
      if (i > 0) this.deps.metrics.duration.observe({ group: this.spec.groupId }, seconds);
    }
  }

  /**
   * Runs the handler until it succeeds; an error it marks not retriable is returned (for
   * the dead-letter topic), any other is retried in place, unless the consumer is stopping.
   */
  private handleRetrying(
    run: () => Promise<void>,
    meta: { topic: string; partition: number; offset: string },
    heartbeat: () => Promise<void>,
  ): Promise<{ err: unknown } | undefined> {
    return retryWithBackoff(
      async () => {
        try {
          await run();
          return undefined;
        } catch (err) {
          if ((err as { retriable?: boolean }).retriable === false) return { err };
          throw err;
        }
      },
      {
        onFailure: (err, attempt) => {
          if (this.stopping) throw err; // not committed: redelivered after the restart
          this.count('retry');
          this.log.warn({ err, attempt, ...meta }, 'handler failed; retrying');
        },
        afterWait: heartbeat,
      },
    );
  }

  private reactsTo(type: string): boolean {
    return !this.spec.types || this.spec.types.includes(type);
  }

  /** Outcomes are typed: a new one must be added to CONSUMER_OUTCOMES, hence to the metric's help. */
  private count(outcome: ConsumerOutcome): void {
    this.deps.metrics.handled.inc({ group: this.spec.groupId, outcome });
  }

  private async deadLetter(topic: string, partition: number, message: KafkaMessage, err: unknown) {
    this.count('dead_letter');
    this.log.error({ err, topic, partition, offset: message.offset }, 'message dead-lettered');
    await this.deps.producer.send({
      topic: this.deps.deadLetterTopic,
      acks: -1,
      messages: [deadLetterOf({ topic, partition, message, consumerGroup: this.spec.groupId, reason: err, at: this.clock.now() })],
    });
  }
}

/**
 * The dead letter of a consumed message: its key says where it was read (one source message,
 * one dead letter), its id is the source's own when it had one.
 */
export function deadLetterOf(o: { topic: string; partition: number; message: KafkaMessage; consumerGroup: string; reason: unknown; at: Date }): Message {
  const where = `${o.topic}:${o.partition}:${o.message.offset}`;
  const header = (name: string) => o.message.headers?.[name]?.toString();
  const sourceId = header(HEADERS.messageId);
  // the source's key and type go with it, so that a replay puts it back where it belongs
  const kept: Record<string, string> = {};
  for (const name of [HEADERS.eventType, HEADERS.schemaVersion]) if (header(name)) kept[name] = header(name)!;
  return deadLetterMessage({
    source: { topic: o.topic, partition: o.partition, offset: o.message.offset, consumerGroup: o.consumerGroup },
    key: o.message.key?.toString() ?? where,
    value: o.message.value,
    id: sourceId ?? where,
    reason: o.reason,
    at: o.at,
    trace: traceOf(o.message.headers),
    extra: kept,
  });
}
