import type { Collection, Document } from 'mongodb';
import type { Producer } from 'kafkajs';
import type { Logger } from './logger.js';
import type { Topics } from './kafka.js';
import type { DomainEvent } from './events.js';
import type { NotificationRequest } from './notifications.js';
import type { OutboxMetrics } from './metrics.js';
import { hostname } from 'node:os';
import { newId } from './ids.js';
import { TOPICS } from './kafka.js';
import { UnpublishedEntries } from './outbox-pending.js';

/**
 * Transactional outbox kept inside the aggregate's own document (DESIGN: no multi-document
 * transactions). The write that changes state also adds its entries under `outbox.<id>`
 * and stamps `outboxAt`; after the write commits, the publisher sends them to Kafka and
 * unsets them, and `outboxAt` with them when nothing else is pending. Whatever a crash
 * leaves behind, the sweeper finds by `outboxAt` once it is older than a grace period.
 * Delivery is at least once: consumers deduplicate by event id.
 *
 * A sweep reads every pending document, and on a store that cannot answer a range query
 * from an index (mongo-java-server) that is a scan of the whole collection. So the sweeper
 * does not poll: it sweeps when something can have been left behind. See `OutboxPublisher`.
 */
export interface OutboxEntry {
  id: string;
  /** logical topic name (see TOPICS); the prefix is added when sending */
  topic: string;
  key: string;
  /** JSON text: payloads may hold partner keys (customData) that a document cannot */
  value: string;
  /** the domain event's type, sent as the `event-type` header so consumers can skip cheaply */
  type?: string;
  createdAt: Date;
}

/** The fields every outboxed document carries. */
export interface OutboxFields {
  outbox: Record<string, OutboxEntry>;
  /** set while entries are pending: the sweeper's index */
  outboxAt?: Date;
}

export function eventEntry(topic: string, event: DomainEvent<any>): OutboxEntry {
  return { id: event.id, topic, key: event.aggregateId, value: JSON.stringify(event), type: event.type, createdAt: new Date(event.occurredAt) };
}

export function notificationEntry(n: NotificationRequest): OutboxEntry {
  return { id: n.id, topic: TOPICS.notifications, key: n.key, value: JSON.stringify(n), createdAt: new Date(n.createdAt) };
}

/** Fields of a new document that is inserted together with its entries. */
export function outboxForInsert(entries: OutboxEntry[], now = new Date()): OutboxFields {
  return { outbox: Object.fromEntries(entries.map((e) => [e.id, e])), ...(entries.length ? { outboxAt: now } : {}) };
}

/** `$set` fields of an update of an existing document that appends entries. */
export function outboxForUpdate(entries: OutboxEntry[], now = new Date()): Record<string, unknown> {
  if (entries.length === 0) return {};
  return { ...Object.fromEntries(entries.map((e) => [`outbox.${e.id}`, e])), outboxAt: now };
}

/** What a committed write hands to the publisher. */
export interface CommittedWrite {
  collection: Collection<any>;
  docId: string;
  entries: OutboxEntry[];
  /**
   * The document version the write produced, when these entries were all that the
   * document had pending at that version: then `outboxAt` can go with them.
   */
  soleAtVersion?: number;
}

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

/** The heartbeat of a running publisher: a crashed process stops beating. */
export interface PublisherBeat {
  _id: string;
  beatAt: Date;
}

export const OUTBOX_PUBLISHERS = 'outbox_publishers';

type SweepReason = 'start' | 'failure' | 'peer' | 'backstop';

interface Pending {
  write: CommittedWrite;
  path: 'direct' | 'sweeper';
  done: () => void;
}

const MAX_BATCH = 500;

/**
 * Sends outbox entries in micro-batches: every write queued while a batch is in flight
 * goes out with the next one, as one Kafka request and one bulk removal. One batch at a
 * time keeps the order of the writes, so per-key (per-application) order holds.
 *
 * Entries stay behind only when a publish fails or a process dies between its write and
 * its publish, so the sweeper runs when one of those can have happened, once the grace
 * period has passed since:
 *   - start: this process starts (its previous run may have crashed);
 *   - failure: a publish of this process failed;
 *   - peer: another publisher's heartbeat stopped (every publisher beats every
 *     OUTBOX_SWEEP_INTERVAL; silent for three beats counts as dead, and exactly one
 *     survivor claims it by deleting its heartbeat);
 *   - backstop: OUTBOX_FULL_SWEEP_INTERVAL has passed without a sweep.
 * A publisher that stops cleanly with nothing unswept removes its heartbeat.
 */
export class OutboxPublisher {
  private readonly collections: Collection<any>[] = [];
  private readonly instanceId = `${hostname()}-${process.pid}-${newId()}`;
  private queue: Pending[] = [];
  private flushing: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private sweeping: Promise<number> | undefined;
  /** when a sweep is due, and why (the earliest reason wins) */
  private due: { at: number; reason: SweepReason } | undefined;
  private lastSweepAt = Date.now();
  private readonly unpublished = new UnpublishedEntries();

  constructor(private readonly deps: OutboxDeps) {
    deps.metrics.watchPending(() => ({ count: this.unpublished.size, oldestAt: this.unpublished.oldestAt() }));
  }

  /** Collections the sweeper scans; their `outboxAt` index is created here. */
  async register(collection: Collection<any>): Promise<void> {
    await collection.createIndex({ outboxAt: 1 });
    this.collections.push(collection);
  }

  /**
   * Sends the entries of a committed write, then removes them from the document. Never
   * rejects: on failure the entries stay in the document and the sweeper sends them.
   */
  publishAfterWrite(write: CommittedWrite): Promise<void> {
    if (write.entries.length === 0) return Promise.resolve();
    return this.enqueue(write, 'direct');
  }

  /** One pass over every registered collection now; returns how many entries it sent. */
  sweep(): Promise<number> {
    this.sweeping ??= this.sweepAll().finally(() => { this.sweeping = undefined; });
    return this.sweeping;
  }

  start(): void {
    this.running = true;
    this.callForSweep('start');
    const tick = () => {
      this.tick()
        .catch((err) => this.deps.logger.warn({ err }, 'outbox heartbeat or sweep failed'))
        .finally(() => { if (this.running) this.timer = setTimeout(tick, this.deps.sweepIntervalMs).unref(); });
    };
    this.timer = setTimeout(tick, 0).unref();
  }

  /** Stops the sweeper and waits for the queued publishes (graceful shutdown). */
  async stop(): Promise<void> {
    const wasRunning = this.running;
    this.running = false;
    clearTimeout(this.timer);
    await this.sweeping?.catch(() => 0);
    while (this.flushing || this.queue.length) await (this.flushing ?? this.flush());
    // with a sweep still due the heartbeat stays: it goes stale and a peer sweeps
    if (wasRunning && !this.due) {
      await this.deps.publishers.deleteOne({ _id: this.instanceId }).catch(() => {});
    }
  }

  /** One heartbeat: beat, claim dead peers, and sweep when a sweep is due. */
  private async tick(): Promise<void> {
    const now = Date.now();
    await this.deps.publishers.updateOne({ _id: this.instanceId }, { $set: { beatAt: new Date(now) } }, { upsert: true });
    const staleBefore = new Date(now - 3 * this.deps.sweepIntervalMs);
    for (const peer of await this.deps.publishers.find({}).toArray()) {
      if (peer._id === this.instanceId || peer.beatAt >= staleBefore) continue;
      // exactly one survivor deletes the stale beat it read, and sweeps for it
      const claimed = await this.deps.publishers.deleteOne({ _id: peer._id, beatAt: peer.beatAt });
      if (claimed.deletedCount === 1) {
        this.deps.logger.info({ peer: peer._id, lastBeat: peer.beatAt }, 'outbox publisher stopped beating; sweeping for it');
        this.callForSweep('peer', now);
      }
    }
    if (now - this.lastSweepAt >= this.deps.fullSweepIntervalMs) this.callForSweep('backstop', now - this.deps.sweepGraceMs);
    if (this.due && now >= this.due.at) {
      const { reason } = this.due;
      this.due = undefined;
      this.deps.metrics.sweeps.inc({ reason });
      try {
        await this.sweep();
      } catch (err) {
        this.callForSweep(reason);
        throw err;
      }
    }
  }

  /**
   * Asks for a sweep of everything written before `since`: it runs at the first heartbeat
   * after the grace period, when those entries are old enough for the sweep to take.
   */
  private callForSweep(reason: SweepReason, since = Date.now()): void {
    const at = since + this.deps.sweepGraceMs;
    if (!this.due || at < this.due.at) this.due = { at, reason };
  }

  private enqueue(write: Pending['write'], path: Pending['path']): Promise<void> {
    this.unpublished.queued(write.entries);
    return new Promise((done) => {
      this.queue.push({ write, path, done });
      if (!this.flushing) void this.flush();
    });
  }

  private flush(): Promise<void> {
    this.flushing = (async () => {
      while (this.queue.length) {
        const batch: Pending[] = [];
        let size = 0;
        while (this.queue.length && size < MAX_BATCH) {
          const next = this.queue.shift()!;
          batch.push(next);
          size += next.write.entries.length;
        }
        await this.sendBatch(batch);
      }
    })().finally(() => { this.flushing = undefined; });
    return this.flushing;
  }

  private async sendBatch(batch: Pending[]): Promise<void> {
    try {
      await this.send(batch.flatMap((p) => p.write.entries));
      await this.removeSent(batch);
      for (const p of batch) {
        this.deps.metrics.published.inc({ path: p.path }, p.write.entries.length);
        this.unpublished.sent(p.write.entries);
      }
    } catch (err) {
      for (const p of batch) this.unpublished.failed(p.write.entries);
      this.deps.metrics.failures.inc(batch.length);
      this.deps.logger.warn({ err, writes: batch.length }, 'outbox publish failed; the sweeper will retry');
      this.callForSweep('failure');
    } finally {
      for (const p of batch) p.done();
    }
  }

  private async sweepAll(): Promise<number> {
    this.lastSweepAt = Date.now();
    let sent = 0;
    const cutoff = new Date(Date.now() - this.deps.sweepGraceMs);
    const failedBefore = this.unpublished.failedSnapshot();
    const found = new Set<string>();
    let complete = true;
    for (const collection of this.collections) {
      const docs = await collection
        .find({ outboxAt: { $lte: cutoff } }, { projection: { _id: 1, version: 1, outbox: 1 } })
        .limit(MAX_BATCH)
        .toArray();
      if (docs.length === MAX_BATCH) complete = false;
      await Promise.all(docs.map((doc) => {
        const entries = Object.values((doc.outbox ?? {}) as Record<string, OutboxEntry>)
          .sort((a, b) => +new Date(a.createdAt) - +new Date(b.createdAt));
        for (const e of entries) found.add(e.id);
        sent += entries.length;
        // every entry of the document at this version: `outboxAt` can go with them
        return this.enqueue({ collection, docId: String(doc._id), entries, soleAtVersion: doc.version }, 'sweeper');
      }));
    }
    if (complete) this.unpublished.reconcile(failedBefore, found, +cutoff);
    if (sent > 0) this.deps.logger.info({ sent }, 'outbox sweeper published entries left behind');
    return sent;
  }

  private async send(entries: OutboxEntry[]): Promise<void> {
    if (entries.length === 0) return; // a swept document with nothing left: only `outboxAt` goes
    const byTopic = new Map<string, { key: string; value: string; headers: Record<string, string> }[]>();
    for (const e of entries) {
      const topic = this.deps.topics.name(e.topic);
      const list = byTopic.get(topic) ?? [];
      list.push({ key: e.key, value: e.value, headers: e.type ? { 'message-id': e.id, 'event-type': e.type } : { 'message-id': e.id } });
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
    for (const [collection, writes] of byCollection) {
      const unsetOf = (w: CommittedWrite) => Object.fromEntries(w.entries.map((e) => [`outbox.${e.id}`, '']));
      const guarded = writes.filter((w) => w.soleAtVersion !== undefined);
      const plain = writes.filter((w) => w.soleAtVersion === undefined);
      let missed = false;
      if (guarded.length) {
        const res = await collection.bulkWrite(guarded.map((w) => ({
          updateOne: { filter: { _id: w.docId, version: w.soleAtVersion }, update: { $unset: { ...unsetOf(w), outboxAt: '' } } },
        })) as any, { ordered: false });
        missed = res.matchedCount < guarded.length;
      }
      const second = [...plain, ...(missed ? guarded : [])].filter((w) => w.entries.length);
      if (second.length) {
        await collection.bulkWrite(second.map((w) => ({
          updateOne: { filter: { _id: w.docId }, update: { $unset: unsetOf(w) } },
        })) as any, { ordered: false });
      }
    }
  }
}
