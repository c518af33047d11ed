import type { Collection } from 'mongodb';
import type { Message, Producer } from 'kafkajs';
import type { Logger } from './logger.js';
import type { Topics } from './kafka.js';
import type { OutboxMetrics } from './metrics.js';
import { MicroBatcher } from './micro-batch.js';
import { entryMessage, type CommittedWrite, type OutboxEntry } from './outbox.js';
import { UnpublishedEntries } from './outbox-pending.js';
import { OutboxSweeper, type PublisherBeat } from './outbox-sweeper.js';
import { contextOf, inSpan, linkTo, type Link, SpanKind, tracingActive } from './tracing.js';
import { traceOf } from './kafka-message.js';

export interface OutboxDeps {
  producer: Producer;
  topics: Topics;
  logger: Logger;
  metrics: OutboxMetrics;
  /** heartbeat: how often the publisher beats and checks whether a sweep is due */
  sweepIntervalMs: number;
  sweepGraceMs: number;
  /** backstop: a sweep at least this often */
  fullSweepIntervalMs: number;
  /** one heartbeat document per running publisher (OUTBOX_PUBLISHERS) */
  publishers: Collection<PublisherBeat>;
}

interface Pending {
  write: CommittedWrite;
  path: 'direct' | 'sweeper';
}

/** A batch once produced: its removal from the documents, which never rejects. */
interface Produced {
  removed: Promise<void>;
}

const NOTHING_TO_REMOVE: Produced = { removed: Promise.resolve() };

/** The most links an outbox publish span keeps (a full batch would make a huge span). */
const MAX_LINKS = 64;

/** How many sent ids the publisher remembers (withEntriesBehind). */
const RECENTLY_SENT = 10_000;

/** The most entries one Kafka request and one bulk removal carry. */
const MAX_BATCH = 500;

/**
 * How long produced entries wait to be removed together. Nobody waits for a removal (the
 * request was answered at the write, the entries are in Kafka), and the sweeper leaves
 * entries alone for OUTBOX_SWEEP_GRACE (seconds), so a short wait costs nothing and turns
 * one store command per write into one per 20 ms at a steady rate.
 */
export const REMOVAL_LINGER_MS = 20;

/**
 * Sends outbox entries in micro-batches: every write queued while a batch is in flight
 * goes out with the next one, as one Kafka request. One produce at a time keeps the order
 * of the writes, so per-key (per-application) order holds. Removing produced entries from
 * their documents never holds up a produce: the removals of the batches produced within
 * REMOVAL_LINGER_MS go as one bulk write. What a failed publish or a crash leaves behind,
 * the sweeper (OutboxSweeper) sends later.
 */
export class OutboxPublisher {
  private readonly unpublished = new UnpublishedEntries();
  /** ids this process sent lately: a write that read its document just before their removal would send them again */
  private readonly recentlySent = new Set<string>();
  private readonly queue = new MicroBatcher<Pending, Produced>((batch) => this.sendBatch(batch), {
    serial: true,
    maxBatch: MAX_BATCH,
    sizeOf: (p) => p.write.entries.length,
  });
  private readonly removals = new MicroBatcher<Pending, void>(
    async (batch) => {
      await this.removeProduced(batch);
      return batch.map(() => undefined);
    },
    { lingerMs: REMOVAL_LINGER_MS, maxBatch: MAX_BATCH, sizeOf: (p) => p.write.entries.length },
  );
  /** removals queued or running, for a graceful stop */
  private readonly removing = new Set<Promise<void>>();
  private readonly sweeper: OutboxSweeper;
  private running = false;

  constructor(private readonly deps: OutboxDeps) {
    deps.metrics.watchPending(() => ({ count: this.unpublished.size, oldestAt: this.unpublished.oldestAt() }));
    this.sweeper = new OutboxSweeper({ ...deps, unpublished: this.unpublished, publish: (write) => this.enqueue(write, 'sweeper') });
  }

  /** Collections the sweeper scans (their `outboxAt` index comes from a migration). */
  register(collection: Collection<any>): Promise<void> {
    return this.sweeper.register(collection);
  }

  /**
   * Sends the entries of a committed write, then removes them from the document. Never
   * rejects: on failure the entries stay in the document and the sweeper sends them.
   */
  publishAfterWrite(write: CommittedWrite): Promise<void> {
    if (write.entries.length === 0) return Promise.resolve();
    return this.enqueue(this.withEntriesBehind(write), 'direct');
  }

  /**
   * A write to a document that still holds entries of earlier writes goes out after them:
   * every one this process does not know to be on its way (its publish failed, its write got
   * no answer, or another instance wrote it and has not removed it yet) is sent again first,
   * in the order written. Without this, a failed or slow publish followed by a quick one
   * delivered the later notification first (READY_DELIVERED before READY_TO_SHIP), and the
   * earlier one only with the sweep. The price: a document written from two instances at
   * once can put an entry on Kafka twice, which is at-least-once as designed; the
   * consumers' inbox and the relay's delivery record drop the second by its id.
   */
  private withEntriesBehind(write: CommittedWrite): CommittedWrite {
    if (!write.behind) return write;
    const resend = write.behind.entries.filter((e) => this.unpublished.isFailed(e.id) || (!this.unpublished.onItsWay(e.id) && !this.recentlySent.has(e.id)));
    if (resend.length === 0) return write;
    const all = resend.length === write.behind.entries.length;
    return {
      collection: write.collection,
      docId: write.docId,
      entries: [...resend, ...write.entries],
      // every entry the document had pending goes with this publish: `outboxAt` can go too
      ...(all ? { soleAtVersion: write.behind.atVersion } : {}),
    };
  }

  /**
   * A write with entries got no answer (network error, timeout): it may have been applied
   * all the same, and then nobody publishes its entries, so a sweep is called for (it
   * repeats at every heartbeat while the store does not answer).
   */
  writeOutcomeUnknown(entries: readonly OutboxEntry[] = []): void {
    // if the write was applied after all, its entries are behind like a failed publish's
    this.unpublished.queued(entries);
    this.unpublished.failed(entries);
    this.sweeper.callForSweep('unknown');
  }

  /** One sweep now; returns how many entries it sent. */
  sweep(): Promise<number> {
    return this.sweeper.sweep();
  }

  start(): void {
    this.running = true;
    this.sweeper.start();
  }

  /** Stops the sweeper and waits for the queued publishes (graceful shutdown). */
  async stop(): Promise<void> {
    const wasRunning = this.running;
    this.running = false;
    await this.sweeper.stop();
    await this.queue.idle();
    await Promise.all(this.removing);
    if (wasRunning) await this.sweeper.leave();
  }

  /** Resolves once the write's entries are in Kafka and removed from its document (or failed). */
  private async enqueue(write: CommittedWrite, path: Pending['path']): Promise<void> {
    this.unpublished.queued(write.entries);
    await (await this.queue.add({ write, path })).removed;
  }

  /**
   * Produces the batch and queues its removal, which lets the next produce start at once.
   * Never rejects: a failed batch stays in its documents and calls for a sweep.
   */
  private async sendBatch(batch: Pending[]): Promise<Produced[]> {
    try {
      await this.send(batch.flatMap((p) => p.write.entries));
    } catch (err) {
      this.failed(batch, err);
      return batch.map(() => NOTHING_TO_REMOVE);
    }
    return batch.map((p) => {
      const removed = this.removals.add(p); // never rejects: removeProduced catches
      this.removing.add(removed);
      void removed.finally(() => this.removing.delete(removed));
      return { removed };
    });
  }

  private async removeProduced(batch: Pending[]): Promise<void> {
    try {
      await this.removeSent(batch);
    } catch (err) {
      this.failed(batch, err);
      return;
    }
    for (const p of batch) {
      this.deps.metrics.published.inc({ path: p.path }, p.write.entries.length);
      this.unpublished.sent(p.write.entries);
      for (const e of p.write.entries) {
        this.recentlySent.add(e.id);
        if (this.recentlySent.size > RECENTLY_SENT) this.recentlySent.delete(this.recentlySent.values().next().value!);
      }
    }
  }

  private failed(batch: Pending[], err: unknown): void {
    for (const p of batch) this.unpublished.failed(p.write.entries);
    this.deps.metrics.failures.inc(batch.length);
    this.deps.logger.warn({ err, writes: batch.length }, 'outbox publish failed; the sweeper will retry');
    this.sweeper.callForSweep('failure');
  }

  /**
   * One Kafka request for the batch, in a producer span of its own trace, linked to the
   * requests (or messages) that wrote the entries: a batch joins many traces. The messages
   * carry their writers' trace context in their stored headers, not this span's.
   */
  private send(entries: OutboxEntry[]): Promise<void> {
    if (entries.length === 0) return Promise.resolve(); // a swept document with nothing left: only `outboxAt` goes
    const links: Link[] = [];
    const seen = new Set<string>();
    for (const e of tracingActive() ? entries : []) {
      const link = e.headers && links.length < MAX_LINKS ? linkTo(traceOf(e.headers)) : undefined;
      if (link && !seen.has(link.context.spanId)) {
        seen.add(link.context.spanId);
        links.push(link);
      }
    }
    return inSpan(
      'outbox publish',
      {
        kind: SpanKind.PRODUCER,
        parent: contextOf({}),
        links,
        attributes: { 'messaging.system': 'kafka', 'messaging.operation.type': 'send', 'messaging.batch.message_count': entries.length },
      },
      () => this.produce(entries),
    );
  }

  private async produce(entries: OutboxEntry[]): Promise<void> {
    const byTopic = new Map<string, Message[]>();
    for (const e of entries) {
      const topic = this.deps.topics.name(e.topic);
      const list = byTopic.get(topic) ?? [];
      list.push(entryMessage(e));
      byTopic.set(topic, list);
    }
    await this.deps.producer.sendBatch({
      acks: -1,
      topicMessages: [...byTopic].map(([topic, messages]) => ({ topic, messages })),
    });
  }

  /**
   * Unsets the sent entries, one bulk write per collection. A write that was the only one
   * pending at its version also drops `outboxAt`, guarded by that version; when a newer
   * write came in between (the guard misses), a second pass unsets just the sent entries
   * and the newer write keeps its stamp. Unsetting an absent field is a no-op, so that pass
   * may safely cover the whole batch.
   */
  private async removeSent(batch: Pending[]): Promise<void> {
    const byCollection = new Map<Collection<any>, CommittedWrite[]>();
    for (const { write } of batch) {
      const writes = byCollection.get(write.collection);
      if (writes) writes.push(write);
      else byCollection.set(write.collection, [write]);
    }
    for (const [collection, writes] of byCollection) await removeFrom(collection, writes);
  }
}

async function removeFrom(collection: Collection<any>, writes: CommittedWrite[]): Promise<void> {
  const unsetOf = (w: CommittedWrite) => Object.fromEntries(w.entries.map((e) => [`outbox.${e.id}`, '']));
  const guarded = writes.filter((w) => w.soleAtVersion !== undefined);
  const plain = writes.filter((w) => w.soleAtVersion === undefined);
  let missed = false;
  if (guarded.length) {
    const res = await collection.bulkWrite(
      guarded.map((w) => ({
        updateOne: { filter: { _id: w.docId, version: w.soleAtVersion }, update: { $unset: { ...unsetOf(w), outboxAt: '' } } },
      })) as any,
      { ordered: false },
    );
    missed = res.matchedCount < guarded.length;
  }
  const second = [...plain, ...(missed ? guarded : [])].filter((w) => w.entries.length);
  if (second.length) {
    await collection.bulkWrite(
      second.map((w) => ({
        updateOne: { filter: { _id: w.docId }, update: { $unset: unsetOf(w) } },
      })) as any,
      { ordered: false },
    );
    // Two writes pending at once (the later one not sole, the earlier one's guard missed)
    // each remove only their entries and leave `outboxAt` behind, for the sweeper to find
    // and clear seconds later. Clear it where nothing is pending any more; a write that
    // adds entries in between sets them and `outboxAt` in one update, so the filter misses.
    await collection.updateMany({ _id: { $in: [...new Set(second.map((w) => w.docId))] }, outbox: {}, outboxAt: { $exists: true } } as any, {
      $unset: { outboxAt: '' },
    });
  }
}
