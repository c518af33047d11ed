import { TOPICS } from '../../platform/kafka.js';
import { APPLICATION_TOPICS } from '../../modules/applications/index.js';
import { ORDER_TOPICS } from '../../modules/orders/index.js';
import type { NotificationRequest } from '../../platform/notifications.js';
import type { DomainEvent } from '../../platform/events.js';
import { startTestApi, type TestApi } from '../support/api.js';
import type { ApiOverrides } from '../../api/modules.js';
import { TopicCollector } from '../support/kafka.js';
import { provisionPartner, type TestPartner } from '../support/partners.js';
import { waitFor } from '../support/wait.js';
import { applicationBody } from './requests.js';

/** One API per suite, a partner, and collectors on the application events and notifications. */
export interface AppHarness {
  t: TestApi;
  partner: TestPartner;
  events: TopicCollector;
  notifications: TopicCollector;
  create(body?: unknown, partner?: TestPartner): Promise<any>;
  get(id: string, partner?: TestPartner): Promise<any>;
  notificationsFor(id: string): NotificationRequest[];
  eventsFor(id: string): DomainEvent[];
  waitForState(id: string, stateReason: string, maxWait?: number): Promise<any>;
  waitForNotification(id: string, stateReason: string): Promise<NotificationRequest>;
  /**
   * The event of `type` of application `id`, once collected. Events and notifications travel
   * on different topics: a notification seen does not mean its event was collected yet.
   */
  waitForEvent(id: string, type: string): Promise<DomainEvent>;
  stop(): Promise<void>;
}

export async function startHarness(
  env: Record<string, string> = {},
  parts: ApiOverrides = {},
  logs?: { destination: { write(line: string): void } },
): Promise<AppHarness> {
  const t = await startTestApi(env, parts, logs);
  const partner = await provisionPartner(t);
  const { kafka, topics } = t.api.runtime;
  const events = await new TopicCollector(
    kafka,
    [APPLICATION_TOPICS.events, APPLICATION_TOPICS.decisions, ORDER_TOPICS.events].map((n) => topics.name(n)),
  ).start();
  const notifications = await new TopicCollector(kafka, topics.name(TOPICS.notifications)).start();
  const h: AppHarness = {
    t,
    partner,
    events,
    notifications,
    create: async (body = applicationBody(), p = partner) => {
      const res = await t.client.post('/financing/v1/applications', body, { token: p.token });
      if (res.status !== 201) throw new Error(`create failed: ${res.status} ${res.text}`);
      return res.body;
    },
    get: async (id, p = partner) => (await t.client.get(`/financing/v1/applications/${id}`, { token: p.token })).body,
    notificationsFor: (id) => notifications.json<NotificationRequest>().filter((n) => n.body.id === id),
    // three topics: an application's events in its own order are those of its versions
    eventsFor: (id) =>
      events
        .json<DomainEvent>()
        .filter((e) => e.aggregateId === id)
        .sort((a, b) => a.aggregateVersion - b.aggregateVersion),
    waitForState: (id, stateReason, maxWait = 15_000) =>
      waitFor(
        `application ${id} in ${stateReason}`,
        async () => {
          const app = await h.get(id);
          return app.stateReason === stateReason && app;
        },
        { maxWait },
      ),
    waitForNotification: (id, stateReason) =>
      waitFor(`a ${stateReason} notification of ${id}`, () => h.notificationsFor(id).find((n) => n.body.stateReason === stateReason), { maxWait: 15_000 }),
    waitForEvent: (id, type) => waitFor(`the ${type} event of ${id}`, () => h.eventsFor(id).find((e) => e.type === type), { maxWait: 15_000 }),
    stop: async () => {
      await events.stop();
      await notifications.stop();
      await t.stop();
    },
  };
  return h;
}

/**
 * Waits until the application has no outbox entry left to publish: every event its writes
 * produced has been handed to Kafka, so a later one can only come from a later write.
 */
export async function outboxDrained(h: AppHarness, id: string): Promise<void> {
  const applications = h.t.api.runtime.db.collection('applications');
  await waitFor(`the outbox of ${id} drained`, async () => {
    const doc = await applications.findOne({ _id: id } as any, { projection: { outbox: 1 } });
    return doc !== null && Object.keys(doc.outbox ?? {}).length === 0;
  });
}
