import { Counter, Histogram, type Registry } from 'prom-client';
import { ManagedConsumer, type ConsumerDeps } from '../../platform/consumer.js';
import { TOPICS, type Topics } from '../../platform/kafka.js';
import { parseNotificationRequest, type NotificationRequest } from '../../platform/notifications.js';
import { appendEntry, HeadHints, type SeqStore } from './events.append.js';
import { newEntryOf } from './events.model.js';

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
 * insert usually needs no head read first.
 */
export function feedProjector(deps: ConsumerDeps, topics: Topics, store: SeqStore, metrics: ProjectorMetrics, partitions: number) {
  const hints = new HeadHints();
  return new ManagedConsumer<NotificationMessage>(deps, {
    groupId: topics.group('events.feed'),
    topics: [topics.name(TOPICS.notifications)],
    parse: parseNotification,
    idOf: (m) => m.notification.id,
    partitionsConsumedConcurrently: partitions,
    dedupe: 'handler',
    handle: async ({ notification }) => {
      const appended = await appendEntry(store, newEntryOf(notification), hints);
      metrics.conflicts.inc(appended.conflicts);
      if (appended.created) metrics.delay.observe(Math.max(0, Date.now() - Date.parse(notification.createdAt)) / 1000);
    },
  });
}
