import type { Consumer, EachBatchPayload, Kafka, KafkaMessage, Producer } from 'kafkajs';
import type { Logger } from '../platform/logger.js';
import type { Clock } from '../platform/clock.js';
import { deadLetterOf } from '../platform/consumer.js';
import type { Abandon } from './abandon.js';
import type { DeliveryTask } from '../modules/webhooks/index.js';
import type { Handled } from './delivery.service.js';
import { retryWithBackoff } from '../platform/retry.js';
import { PartitionTracker } from './offset-tracker.js';
import { traceOf } from '../platform/kafka-message.js';
import { contextOf, failSpan, inSpan, SpanKind } from '../platform/tracing.js';
import type { RelayMetrics } from './relay.metrics.js';

/**
 * One consumer group reading one topic: the notifications, the redeliveries, or one retry
 * topic. Batches are not processed in place: every message is dispatched as a delivery
 * task and the batch returns at once, so a slow endpoint never holds the partition (its
 * tasks wait in that endpoint's own queue, see EndpointLimiter). Offsets are committed by
 * the lane itself, only up to the lowest message whose delivery is not yet recorded
 * (PartitionTracker); in-flight work per partition is bounded for memory.
 *
 * A retry lane also waits for each message's due time: when the head of a partition is
 * not due, that partition alone is paused until it is (one topic per delay keeps due times
 * in order along a partition), so nothing busy-waits and other partitions and lanes go on.
 */
export interface LaneSpec {
  /** label for logs and metrics */
  name: string;
  topic: string;
  groupId: string;
  waitForDue: boolean;
  /**
   * How long an idle fetch waits at the broker (a fetch returns as soon as a message
   * arrives). A partition resumed after its pause joins the next fetch, so on a retry lane
   * this is how late a due retry may start; elsewhere it only sets the idle polling rate
   * (default IDLE_FETCH_WAIT_MS).
   */
  maxWaitMs?: number;
  /** the task in a message; throws when the message is unusable (it is dead-lettered) */
  parse(value: Buffer | null): DeliveryTask;
}

export interface LaneDeps {
  kafka: Kafka;
  producer: Producer;
  /** where unusable messages go (the platform's dead-letter topic) */
  poisonTopic: string;
  handle(task: DeliveryTask, signal: Abandon): Promise<Handled>;
  /** fires when the relay gives up on in-flight work at shutdown */
  abandon: Abandon;
  logger: Logger;
  metrics: RelayMetrics;
  partitions: number;
  maxInFlightPerPartition: number;
  clock: Clock;
}

const COMMIT_DELAY_MS = 100;

/** An idle fetch's wait on lanes without due times: one poll a second per lane. */
export const IDLE_FETCH_WAIT_MS = 1_000;

/**
 * A retry lane's idle fetch wait: a tenth of its delay, so a retry starts at most that late
 * (at least 100 ms, at most a second: the relay polls 1-10 times a second per retry lane).
 */
export function retryFetchWaitMs(delayMs: number): number {
  return Math.min(IDLE_FETCH_WAIT_MS, Math.max(100, Math.round(delayMs / 10)));
}

export class Lane {
  private consumer: Consumer | undefined;
  /** replaced on every rebalance: offsets of a past generation are never committed */
  private trackers = new Map<number, PartitionTracker>();
  private committed = new Map<number, string>();
  private stopping = false;
  private readonly resumeTimers = new Set<NodeJS.Timeout>();
  private commitTimer: NodeJS.Timeout | undefined;
  private commitChain: Promise<void> = Promise.resolve();
  private readonly log: Logger;
  /** what the relay's health endpoints report of this lane */
  private health = { joined: false, assignedPartitions: 0, lastBeatAt: 0, crashed: false };

  constructor(
    private readonly spec: LaneSpec,
    private readonly deps: LaneDeps,
  ) {
    this.log = deps.logger.child({ lane: spec.name });
  }

  async start(): Promise<void> {
    const consumer = this.deps.kafka.consumer({
      groupId: this.spec.groupId,
      sessionTimeout: 10_000,
      heartbeatInterval: 1_000,
      maxWaitTimeInMs: this.spec.maxWaitMs ?? IDLE_FETCH_WAIT_MS,
      allowAutoTopicCreation: false,
      retry: { retries: 10 },
    });
    consumer.on(consumer.events.GROUP_JOIN, ({ payload }) => {
      this.trackers = new Map();
      this.committed = new Map();
      const assigned = payload.memberAssignment[this.spec.topic] ?? [];
      this.health = { ...this.health, joined: true, assignedPartitions: assigned.length, lastBeatAt: Date.now() };
    });
    // the consumer's loop heartbeats between fetches and batches: a loop stuck in a batch or a
    // dead connection stops them, which is what liveness watches
    const beat = () => {
      this.health.lastBeatAt = Date.now();
    };
    consumer.on(consumer.events.HEARTBEAT, beat);
    consumer.on(consumer.events.FETCH, beat);
    consumer.on(consumer.events.CRASH, ({ payload }) => {
      if (!payload.restart) this.health.crashed = true;
    });
    consumer.on(consumer.events.REBALANCING, () => {
      this.health.joined = false;
    });
    this.consumer = consumer;
    await consumer.connect();
    await consumer.subscribe({ topic: this.spec.topic, fromBeginning: true });
    await consumer.run({
      autoCommit: false,
      eachBatchAutoResolve: false,
      partitionsConsumedConcurrently: this.deps.partitions,
      eachBatch: (payload) => this.onBatch(payload),
    });
  }

  get topic(): string {
    return this.spec.topic;
  }

  get groupId(): string {
    return this.spec.groupId;
  }

  /**
   * The lane as the relay's health endpoints see it (wall clock: liveness is about this
   * process's loop, not about the time records carry): in its group with its partitions, and
   * when its consumer loop last showed a sign of life.
   */
  status(): { topic: string; joined: boolean; assignedPartitions: number; lastBeatAt: number; crashed: boolean; stopping: boolean } {
    return { topic: this.spec.topic, ...this.health, stopping: this.stopping };
  }

  /** Deliveries dispatched by this lane and not yet recorded. */
  get inFlight(): number {
    let n = 0;
    for (const t of this.trackers.values()) n += t.inFlight;
    return n;
  }

  /** Shutdown, step 1: fetch nothing more (the group membership stays, to commit). */
  quiesce(): void {
    this.stopping = true;
    for (const t of this.resumeTimers) clearTimeout(t);
    this.resumeTimers.clear();
    try {
      this.consumer?.pause([{ topic: this.spec.topic }]);
    } catch (err) {
      this.log.debug({ err }, 'pause before the consumer ran');
    }
  }

  /** Shutdown, step 2: commit what is recorded, leave the group. */
  async close(): Promise<void> {
    clearTimeout(this.commitTimer);
    await this.commit();
    await this.consumer?.disconnect();
    this.consumer = undefined;
  }

  private async onBatch({ batch, resolveOffset, heartbeat, isRunning, isStale, pause }: EachBatchPayload): Promise<void> {
    const trackers = this.trackers;
    const tracker = trackers.get(batch.partition) ?? new PartitionTracker();
    trackers.set(batch.partition, tracker);
    const current = () => !this.stopping && isRunning() && !isStale() && this.trackers === trackers;
    for (const message of batch.messages) {
      if (!current()) return;
      let task: DeliveryTask;
      try {
        task = this.spec.parse(message.value);
      } catch (err) {
        await this.poison(batch.partition, message, err);
        tracker.finish(tracker.begin(message.offset));
        resolveOffset(message.offset);
        this.scheduleCommit();
        continue;
      }
      if (this.spec.waitForDue) {
        const wait = Date.parse(task.dueAt) - this.deps.clock.now().getTime();
        if (wait > 0) return this.pauseFor(pause, wait); // the rest of the batch is fetched again on resume
      }
      while (tracker.inFlight >= this.deps.maxInFlightPerPartition) {
        await Promise.race([tracker.changed(), new Promise((r) => setTimeout(r, 1_000))]);
        await heartbeat();
        if (!current()) return;
      }
      this.dispatch(tracker, batch.partition, message, task);
      resolveOffset(message.offset);
    }
  }

  private dispatch(tracker: PartitionTracker, partition: number, message: KafkaMessage, task: DeliveryTask): void {
    const offset = tracker.begin(message.offset);
    const gauge = this.deps.metrics.inFlight;
    gauge.inc({ lane: this.spec.name });
    // the delivery continues the trace (and request id) of the write that caused the notification
    const handled = inSpan(
      `deliver ${this.spec.name}`,
      {
        kind: SpanKind.CONSUMER,
        parent: contextOf(traceOf(message.headers)),
        attributes: {
          'messaging.system': 'kafka',
          'messaging.operation.type': 'process',
          'messaging.destination.partition.id': String(partition),
          'messaging.kafka.offset': Number(message.offset),
          'webhook.id': task.notification.id,
          // an application's or a payment's notification is keyed by the application id: a trace search by it
          'notification.key': task.notification.key,
          'webhook.delivery_id': task.deliveryId,
          'partner.id': task.notification.partnerId,
        },
      },
      // the dead-lettering of a failed delivery inside the span too: its log lines join the trace
      (span) =>
        this.deps.handle(task, this.deps.abandon).catch((err: unknown) => {
          failSpan(span, err);
          return this.deadLetter(partition, message, err);
        }),
    );
    void handled.then((handled) => {
      gauge.dec({ lane: this.spec.name });
      if (handled !== 'done') return; // abandoned: stays uncommitted, redelivered after restart
      tracker.finish(offset);
      this.scheduleCommit();
    });
  }

  /**
   * A delivery that failed in a way the deliverer could not record goes to the dead-letter
   * topic with its reason, so the partition moves past it; only shutdown leaves it behind.
   */
  private async deadLetter(partition: number, message: KafkaMessage, err: unknown): Promise<'done' | 'abandoned'> {
    // the loop ends only in success, or when shutdown abandons the wait
    return retryWithBackoff(() => this.poison(partition, message, err), {
      onFailure: (produceErr, failures) => {
        if (this.deps.abandon.aborted) throw produceErr;
        this.log.warn({ err: produceErr, failures }, 'could not dead-letter a failed delivery; retrying');
      },
    }).then(
      () => 'done' as const,
      () => 'abandoned' as const,
    );
  }

  private pauseFor(pause: () => () => void, ms: number): void {
    const resume = pause();
    const timer = setTimeout(() => {
      this.resumeTimers.delete(timer);
      if (!this.stopping) resume();
    }, ms);
    this.resumeTimers.add(timer);
  }

  private scheduleCommit(): void {
    if (this.commitTimer || this.stopping) return;
    this.commitTimer = setTimeout(() => {
      this.commitTimer = undefined;
      void this.commit();
    }, COMMIT_DELAY_MS);
  }

  /** Commits each partition up to its lowest unrecorded message; one commit at a time. */
  private commit(): Promise<void> {
    this.commitChain = this.commitChain.then(async () => {
      const trackers = this.trackers;
      const offsets: Array<{ topic: string; partition: number; offset: string }> = [];
      for (const [partition, t] of trackers) {
        const offset = t.committable();
        if (offset !== undefined && offset !== this.committed.get(partition)) offsets.push({ topic: this.spec.topic, partition, offset });
      }
      if (offsets.length === 0 || !this.consumer) return;
      try {
        await this.consumer.commitOffsets(offsets);
        if (this.trackers === trackers) for (const o of offsets) this.committed.set(o.partition, o.offset);
      } catch (err) {
        this.log.warn({ err }, 'offset commit failed; retrying with the next one');
        this.scheduleCommit();
      }
    });
    return this.commitChain;
  }

  private async poison(partition: number, message: KafkaMessage, err: unknown): Promise<void> {
    this.log.error({ err, partition, offset: message.offset }, 'unusable message dead-lettered');
    this.deps.metrics.poisoned.inc({ lane: this.spec.name });
    await this.deps.producer.send({
      topic: this.deps.poisonTopic,
      acks: -1,
      messages: [deadLetterOf({ topic: this.spec.topic, partition, message, consumerGroup: this.spec.groupId, reason: err, at: this.deps.clock.now() })],
    });
  }
}
