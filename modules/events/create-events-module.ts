import type { Platform } from '../../platform/module.js';
import type { AuthModule } from '../auth/index.js';
import type { EventsModule } from './index.js';
import { feedProjector, projectorMetrics } from './events.projector.js';
import { FeedRepository } from './events.repository.js';
import { mountEventRoutes } from './events.routes.js';
import { EventsService, type DeliveryStates } from './events.service.js';

export interface EventsModuleDeps {
  auth: Pick<AuthModule, 'requireAuth'>;
  /** the webhook relay's record states (its deliveries module) */
  deliveryStates: DeliveryStates;
}

/** How often an instance removes entries past the retention (a bounded batch each time). */
const CLEANUP_INTERVAL_MS = 10 * 60_000;

/** Composition root of the event feed: the projector, the retention cleanup, the list route. */
export async function createEventsModule(platform: Platform, deps: EventsModuleDeps): Promise<EventsModule> {
  const repo = new FeedRepository(platform.db);
  await repo.init();
  const { retentionMs } = platform.config.eventFeed;
  const service = new EventsService({ repo, deliveryStates: deps.deliveryStates, retentionMs });
  const projector = feedProjector(platform.consumerDeps, platform.topics, repo, projectorMetrics(platform.registry), platform.config.kafka.partitions);
  const log = platform.logger.child({ module: 'events' });
  let timer: NodeJS.Timeout | undefined;
  let cleaning: Promise<unknown> = Promise.resolve();
  const cleanup = () => {
    cleaning = repo.removeExpired(new Date(Date.now() - retentionMs))
      .then((removed) => { if (removed) log.info({ removed }, 'event feed entries past the retention removed'); })
      .catch((err) => log.warn({ err }, 'event feed cleanup failed; the next run repeats it'));
    return cleaning;
  };
  return {
    name: 'events',
    service,
    removeExpired: (now = new Date()) => repo.removeExpired(new Date(now.getTime() - retentionMs)),
    mount: (router) => mountEventRoutes(router, service, deps.auth.requireAuth),
    start: async () => {
      await projector.start();
      void cleanup();
      timer = setInterval(cleanup, CLEANUP_INTERVAL_MS);
      timer.unref();
    },
    stop: async () => {
      clearInterval(timer);
      await cleaning;
      await projector.stop();
    },
  };
}
