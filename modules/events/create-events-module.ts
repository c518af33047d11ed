import type { Platform, AppModule } from '../../platform/module.js';
import { feedProjector, projectorMetrics } from './events.projector.js';
import { MongoFeedRepository } from './events.repository.js';
import { mountEventRoutes } from './events.routes.js';
import { EventsService, type DeliveryStates } from './events.service.js';
import type { EventsConfig } from './events.config.js';

export interface EventsModule extends AppModule {
  service: EventsService;
  /** removes the entries past the retention as of `now` (the module does it every few minutes) */
  removeExpired(now?: Date): Promise<number>;
  /**
   * The notifications of one of the partner's applications still in the feed, oldest first,
   * with the endpoint each was sent to (the partner portal's timeline looks up their deliveries).
   */
  notificationsOf(partnerId: string, applicationId: string, limit: number): Promise<FeedNotification[]>;
}

export interface FeedNotification {
  webhookId: string;
  type: string;
  url: string;
  occurredAt: Date;
  data: unknown;
}

export interface EventsModuleDeps {
  /** the webhook relay's record states (its deliveries module) */
  deliveryStates: DeliveryStates;
}

/**
 * How often an instance removes entries past the retention, a bounded amount each time;
 * sooner while a run leaves some behind, so that a busy partner's backlog does not grow.
 */
const CLEANUP_INTERVAL_MS = 10 * 60_000;
const CLEANUP_CATCH_UP_MS = 1_000;

/** Composition root of the event feed: the projector, the retention cleanup, the list route. */
export async function createEventsModule(platform: Platform, config: EventsConfig, deps: EventsModuleDeps): Promise<EventsModule> {
  const repo = new MongoFeedRepository(platform.db);
  const { retentionMs } = config;
  const service = new EventsService({ repo, deliveryStates: deps.deliveryStates, retentionMs });
  const projector = feedProjector(platform.consumerDeps, platform.topics, repo, projectorMetrics(platform.registry), platform.config.kafka.partitions);
  const log = platform.logger.child({ module: 'events' });
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let cleaning: Promise<void> = Promise.resolve();
  const cleanup = () => {
    cleaning = repo
      .removeExpired(new Date(Date.now() - retentionMs))
      .then(
        ({ removed, more }) => {
          if (removed) log.info({ removed, more }, 'event feed entries past the retention removed');
          return more;
        },
        (err) => {
          log.warn({ err }, 'event feed cleanup failed; the next run repeats it');
          return false;
        },
      )
      .then((more) => {
        if (stopped) return;
        timer = setTimeout(cleanup, more ? CLEANUP_CATCH_UP_MS : CLEANUP_INTERVAL_MS);
        timer.unref();
      });
  };
  return {
    name: 'events',
    service,
    removeExpired: async (now = new Date()) => (await repo.removeExpired(new Date(now.getTime() - retentionMs))).removed,
    mount: (router) => mountEventRoutes(router, service),
    notificationsOf: async (partnerId, applicationId, limit) => {
      const head = await repo.headOf(partnerId);
      const entries = await repo.ofApplication(partnerId, applicationId, {
        above: head.floor,
        below: head.seq + 1,
        since: new Date(Date.now() - retentionMs),
        limit,
        newest: false,
      });
      return entries.map((e) => ({ webhookId: e.webhookId, type: e.type, url: e.url, occurredAt: e.occurredAt, data: JSON.parse(e.payload) as unknown }));
    },
    start: async () => {
      stopped = false;
      await projector.start();
      cleanup();
    },
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await cleaning;
      await projector.stop();
    },
  };
}
