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
      help: 'Time from a notification\'s creation to its entry in the partner event feed (the projector\'s lag)',
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
    handle: async ({ notification }) => {
      const appended = await lanes.append(newEntryOf(notification));
      metrics.conflicts.inc(appended.conflicts);
      if (appended.created) metrics.delay.observe(Math.max(0, Date.now() - Date.parse(notification.createdAt)) / 1000);
    },
  });
}

/** The most entries one run writes. */
const MAX_RUN = 100;

/**
 * One lane per partner in this process: an entry is written at once when its partner's
 * lane is idle, and the entries that come while a write is in flight go together as the
 * next run (two store commands for the run instead of two per entry). The partitions
 * handled at the same time then never race each other for a partner's next seq; only
 * other instances can.
 */
class FeedLanes {
  private readonly hints = new HeadHints();
  private readonly lanes = new Map<string, MicroBatcher<NewFeedEntry, Appended>>();

  constructor(private readonly store: SeqStore) {}

  append(entry: NewFeedEntry): Promise<Appended> {
    let lane = this.lanes.get(entry.partnerId);
    if (!lane) {
      lane = new MicroBatcher((run) => appendEntries(this.store, run, this.hints), { serial: true, maxBatch: MAX_RUN });
      this.lanes.set(entry.partnerId, lane);
    }
    return lane.add(entry);
  }
}
