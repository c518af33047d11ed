import { Counter, Histogram, type Registry } from 'prom-client';
import { ManagedConsumer, type ConsumerDeps } from '../../platform/consumer.js';
import { TOPICS, type Topics } from '../../platform/kafka.js';
import { parseNotificationRequest, type NotificationRequest } from '../../platform/notifications.js';
import { MicroBatcher } from '../../platform/micro-batch.js';
import { appendEntries, HeadHints, type Appended, type SeqStore } from './events.append.js';
import { newEntryOf, type NewFeedEntry } from './events.model.js';

export interface NotificationMessage {
  type: 'notification';
  notification: NotificationRequest;
}

export interface ProjectorMetrics {
  delay: Histogram;
  conflicts: Counter;
}

export function projectorMetrics(registry: Registry): ProjectorMetrics {
  return {
    delay: new Histogram({
      name: 'event_feed_projection_delay_seconds',
      help: "Time from a notification's creation to its entry in the partner event feed (the projector's lag)",
      buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 30, 120, 600],
      registers: [registry],
    }),
    conflicts: new Counter({
      name: 'event_feed_seq_conflicts_total',
      help: 'Feed inserts that found their seq taken by a concurrent writer and moved to the next one',
      registers: [registry],
    }),
  };
}

/** The projector's fetches: what came within 100 ms (or 64 KiB, whichever is first). */
const FEED_FETCH = { minBytes: 64 * 1024, maxWaitMs: 100 };

/** A notifications-topic message; anything else is dead-lettered (not retriable). */
export function parseNotification(value: Buffer | null): NotificationMessage {
  return { type: 'notification', notification: parseNotificationRequest(value) };
}

/**
 * Projects the notifications topic (the relay's input) into the event feed. A consumer group
 * of its own: every API instance runs it and the instances share the partitions; several
 * partitions are written at once, so concurrent writers are the normal case, which the
 * append protocol is built for. Idempotent by webhook-id, a unique key of the feed, so it
 * needs no consumer inbox: a redelivered notification fails its insert and is recognised
 * by that key. The last seq written per partner is kept in memory (HeadHints), so an
 * insert usually needs no head read first, and a partner's notifications handled at once
 * (from several partitions) go through one lane (FeedLanes).
 */
export function feedProjector(deps: ConsumerDeps, topics: Topics, store: SeqStore, metrics: ProjectorMetrics, partitions: number) {
  const lanes = new FeedLanes(store);
  return new ManagedConsumer<NotificationMessage>(deps, {
    groupId: topics.group('events.feed'),
    topics: [topics.name(TOPICS.notifications)],
    parse: parseNotification,
    idOf: (m) => m.notification.id,
    partitionsConsumedConcurrently: partitions,
    dedupe: 'handler',
    // the feed is read by polling partners, not a latency path: fetches of up to 100 ms'
    // worth of notifications cost a tenth of the requests at 200 notifications/s
    fetchBatching: FEED_FETCH,
    handle: (message) => project([message]),
    handleBatch: project,
  });

  /** A partition's fetched notifications: each partner's as one run, in offset order. */
  async function project(messages: NotificationMessage[]): Promise<void> {
    const byPartner = new Map<string, NotificationRequest[]>();
    for (const { notification } of messages) {
      const partnerId = notification.partnerId;
      const run = byPartner.get(partnerId);
      if (run) run.push(notification);
      else byPartner.set(partnerId, [notification]);
    }
    await Promise.all(
      [...byPartner.values()].map(async (notifications) => {
        // a notification that is no domain event (a test) is consumed and listed nowhere
        const run = notifications.flatMap((n) => {
          const entry = newEntryOf(n);
          return entry ? [{ n, entry }] : [];
        });
        const appended = await lanes.append(run.map((r) => r.entry));
        appended.forEach((a, i) => {
          metrics.conflicts.inc(a.conflicts);
          if (a.created) metrics.delay.observe(Math.max(0, Date.now() - Date.parse(run[i]!.n.createdAt)) / 1000);
        });
      }),
    );
  }
}

/** About the most entries one run writes: a fetch can bring a thousand, and one bulk insert holds the store that long. */
const MAX_RUN = 100;
/** A fetch's run of one partner goes to its lane in pieces of at most this many entries. */
const PIECE = 20;

/**
 * One lane per partner in this process: a run of one partner's entries (from one fetched
 * batch of a partition) is written at once when the lane is idle, and the runs that come
 * while a write is in flight (other partitions) go together as the next one: two store
 * commands per run instead of two per entry. The partitions handled at the same time then
 * never race each other for a partner's next seq; only other instances can.
 */
class FeedLanes {
  private readonly hints = new HeadHints();
  private readonly lanes = new Map<string, MicroBatcher<NewFeedEntry[], Appended[]>>();

  constructor(private readonly store: SeqStore) {}

  /** Appends one partner's entries in their order. */
  append(entries: NewFeedEntry[]): Promise<Appended[]> {
    const partnerId = entries[0]?.partnerId;
    if (partnerId === undefined) return Promise.resolve([]);
    let lane = this.lanes.get(partnerId);
    if (!lane) {
      // the batcher takes pieces while it holds less than maxBatch, so a run ends at most
      // one piece past it: MAX_RUN - PIECE + 1 keeps every run within MAX_RUN
      lane = new MicroBatcher((runs) => this.write(runs), { serial: true, maxBatch: MAX_RUN - PIECE + 1, sizeOf: (run) => run.length });
      this.lanes.set(partnerId, lane);
    }
    if (entries.length <= PIECE) return lane.add(entries);
    const pieces: Array<Promise<Appended[]>> = [];
    for (let i = 0; i < entries.length; i += PIECE) pieces.push(lane.add(entries.slice(i, i + PIECE)));
    return Promise.all(pieces).then((done) => done.flat());
  }

  private async write(runs: NewFeedEntry[][]): Promise<Appended[][]> {
    const appended = await appendEntries(this.store, runs.flat(), this.hints);
    let at = 0;
    return runs.map((run) => appended.slice(at, (at += run.length)));
  }
}
