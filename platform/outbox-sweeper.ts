import type { Collection } from 'mongodb';
import { hostname } from 'node:os';
import type { Logger } from './logger.js';
import type { OutboxMetrics } from './metrics.js';
import { newId } from './ids.js';
import type { CommittedWrite, OutboxEntry } from './outbox.js';
import type { UnpublishedEntries } from './outbox-pending.js';

/** The heartbeat of a running publisher: a crashed process stops beating. */
export interface PublisherBeat {
  _id: string;
  beatAt: Date;
}

export const OUTBOX_PUBLISHERS = 'outbox_publishers';

export type SweepReason = 'start' | 'failure' | 'unknown' | 'peer' | 'backstop';

/** The largest number of documents one sweep takes from a collection. */
export const SWEEP_BATCH = 500;

/** The late watch after an unanswered write: this many heartbeats once the store answers again, */
export const LATE_WATCH_BEATS = 3;
/** and at least this long (a server that resumes on a busy machine may take seconds to drain). */
export const LATE_WATCH_MIN_MS = 10_000;

export interface SweeperDeps {
  logger: Logger;
  metrics: OutboxMetrics;
  /** heartbeat: how often the publisher beats and checks whether a sweep is due */
  sweepIntervalMs: number;
  sweepGraceMs: number;
  /** backstop: a sweep at least this often */
  fullSweepIntervalMs: number;
  /** one heartbeat document per running publisher (OUTBOX_PUBLISHERS) */
  publishers: Collection<PublisherBeat>;
  /** what the publisher knows is not yet in Kafka */
  unpublished: UnpublishedEntries;
  /** hands entries found behind to the publisher's queue */
  publish(write: CommittedWrite): Promise<void>;
}

/**
 * Finds what the publisher left behind. Entries stay behind only when a publish fails or
 * a process dies between its write and its publish, so a sweep runs when one of those can
 * have happened, once the grace period has passed since:
 *   - start: this process starts (its previous run may have crashed);
 *   - failure: a publish of this process failed;
 *   - unknown: a write of this process got no answer (a network error or a timeout), so it
 *     may have been applied, with its entries, without anyone to publish them. A server
 *     that stopped answering (paused, starved of CPU) applies what it had already received
 *     when it resumes, possibly just after the first sweep that follows, so after such a
 *     write every heartbeat sweeps for a while once the store answers again (the late
 *     watch: LATE_WATCH_BEATS heartbeats, at least LATE_WATCH_MIN_MS);
 *   - peer: another publisher's heartbeat stopped (every publisher beats every
 *     OUTBOX_SWEEP_INTERVAL; silent for three beats counts as dead, and exactly one
 *     survivor claims it by deleting its heartbeat);
 *   - backstop: OUTBOX_FULL_SWEEP_INTERVAL has passed without a sweep.
 * A publisher that stops cleanly with nothing unswept removes its heartbeat.
 */
export class OutboxSweeper {
  private readonly collections: Collection<any>[] = [];
  private readonly instanceId = `${hostname()}-${process.pid}-${newId()}`;
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private sweeping: Promise<number> | undefined;
  /** when a sweep is due, and why (the earliest reason wins) */
  private due: { at: number; reason: SweepReason } | undefined;
  private lastSweepAt = Date.now();
  /** an unanswered write waits for the store's next answer to open the late watch */
  private lateWatchPending = false;
  /** until when every heartbeat sweeps (epoch ms) */
  private lateWatchUntil = 0;

  constructor(private readonly deps: SweeperDeps) {}

  /** Collections the sweeper scans; their `outboxAt` index comes from a migration (VersionedStore.createIndexes). */
  async register(collection: Collection<any>): Promise<void> {
    this.collections.push(collection);
  }

  /** One pass over every registered collection now; returns how many entries it sent. */
  sweep(): Promise<number> {
    this.sweeping ??= this.sweepAll().finally(() => {
      this.sweeping = undefined;
    });
    return this.sweeping;
  }

  start(): void {
    this.running = true;
    this.callForSweep('start');
    const tick = () => {
      this.tick()
        .catch((err) => this.deps.logger.warn({ err }, 'outbox heartbeat or sweep failed'))
        .finally(() => {
          if (this.running) this.timer = setTimeout(tick, this.deps.sweepIntervalMs).unref();
        });
    };
    this.timer = setTimeout(tick, 0).unref();
  }

  /** Stops beating; waits for a sweep in progress. */
  async stop(): Promise<void> {
    this.running = false;
    clearTimeout(this.timer);
    await this.sweeping?.catch(() => 0);
  }

  /** Removes the heartbeat unless a sweep is still due (then it goes stale and a peer sweeps). */
  async leave(): Promise<void> {
    if (!this.due) await this.deps.publishers.deleteOne({ _id: this.instanceId }).catch(() => {});
  }

  /**
   * Asks for a sweep of everything written before `since`: it runs at the first heartbeat
   * after the grace period, when those entries are old enough for the sweep to take.
   */
  callForSweep(reason: SweepReason, since = Date.now()): void {
    if (reason === 'unknown') this.lateWatchPending = true;
    this.schedule(reason, since);
  }

  private schedule(reason: SweepReason, since: number): void {
    const at = since + this.deps.sweepGraceMs;
    if (!this.due || at < this.due.at) this.due = { at, reason };
  }

  /** One heartbeat: beat, claim dead peers, and sweep when a sweep is due. */
  private async tick(): Promise<void> {
    const now = Date.now();
    await this.deps.publishers.updateOne({ _id: this.instanceId }, { $set: { beatAt: new Date(now) } }, { upsert: true });
    // the store answered: what it had received unanswered it applies about now
    if (this.lateWatchPending) {
      this.lateWatchPending = false;
      this.lateWatchUntil = now + Math.max(LATE_WATCH_BEATS * this.deps.sweepIntervalMs, LATE_WATCH_MIN_MS);
    }
    if (now < this.lateWatchUntil) this.schedule('unknown', now - this.deps.sweepGraceMs);
    await this.claimDeadPeers(now);
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

  private async claimDeadPeers(now: number): Promise<void> {
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
  }

  private async sweepAll(): Promise<number> {
    this.lastSweepAt = Date.now();
    let sent = 0;
    const cutoff = new Date(Date.now() - this.deps.sweepGraceMs);
    const failedBefore = this.deps.unpublished.failedSnapshot();
    const found = new Set<string>();
    let complete = true;
    for (const collection of this.collections) {
      const docs = await collection
        .find({ outboxAt: { $lte: cutoff } }, { projection: { _id: 1, version: 1, outbox: 1 } })
        .limit(SWEEP_BATCH)
        .toArray();
      if (docs.length === SWEEP_BATCH) complete = false;
      await Promise.all(
        docs.map((doc) => {
          const entries = Object.values((doc.outbox ?? {}) as Record<string, OutboxEntry>).sort((a, b) => +new Date(a.createdAt) - +new Date(b.createdAt));
          for (const e of entries) found.add(e.id);
          sent += entries.length;
          // every entry of the document at this version: `outboxAt` can go with them
          return this.deps.publish({ collection, docId: String(doc._id), entries, soleAtVersion: doc.version });
        }),
      );
    }
    if (complete) this.deps.unpublished.reconcile(failedBefore, found, +cutoff);
    if (sent > 0) this.deps.logger.info({ sent }, 'outbox sweeper published entries left behind');
    return sent;
  }
}
