import { AppError, NotFoundError, UnprocessableError } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { isDuplicateKey } from '../../platform/mongo.js';
import { notificationEntry } from '../../platform/outbox.js';
import type { NotificationRequest } from '../../platform/notifications.js';
import type { Reply } from '../../platform/idempotency.js';
import type { Clock } from '../../platform/clock.js';
import type { Versioned, VersionedWrites } from '../../platform/versioned-store.js';
import { responseTime } from './delivery.view.js';

/**
 * A test notification ("send test event"): a signed notification that a partner asks for to
 * check its endpoint and its signature verification. It is about nothing that happened: its
 * own kind, a body with no customer data, and no entry in the event feed. It travels like
 * every other notification (an outbox entry on the notifications topic, delivered and
 * recorded by the relay, redeliverable), so it is never lost and shows in the deliveries.
 */
export const TEST_NOTIFICATION_KIND = 'TEST';

/** How many test notifications a partner may ask for within the window (a button must not flood an endpoint). */
export const TEST_NOTIFICATION_LIMIT = 5;
export const TEST_NOTIFICATION_WINDOW_MS = 60_000;
/**
 * A test goes only to an endpoint the partner's notifications went to within this window
 * (the endpoints the portal lists): never to an address typed in, so the feature cannot
 * send signed requests anywhere on the partner's behalf.
 */
export const TEST_ENDPOINT_WINDOW_MS = 86_400_000;

/** The body a partner's endpoint receives: `type` TEST tells it apart from every domain body. */
export interface TestNotificationBody {
  /** the notification's own id, equal to its `webhook-id` */
  id: string;
  type: typeof TEST_NOTIFICATION_KIND;
  createdAt: string;
}

export function testNotificationBody(id: string, at: Date): TestNotificationBody {
  return { id, type: TEST_NOTIFICATION_KIND, createdAt: responseTime(at) };
}

export interface TestSent {
  /** the notification's id (its webhook-id) */
  id: string;
  url: string;
  at: Date;
}

/**
 * One document per partner (`_id` = the partner's id): the test notifications it sent within
 * the rate window. Each send is one version-guarded change of it that carries the
 * notification in its outbox, so the limit holds across instances without a lock, and the
 * change and its notification are one write.
 */
export interface TestNotificationsDoc extends Versioned {
  partnerId: string;
  /** the sends within the window, oldest first (older ones leave with the next send) */
  recent: TestSent[];
  createdAt: Date;
  updatedAt: Date;
}

/** Over the limit: 429 with Retry-After. */
export class TestNotificationLimitError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('RATE_LIMIT_EXCEEDED', `At most ${TEST_NOTIFICATION_LIMIT} test notifications a minute. Try again in ${retryAfterSeconds} s.`, {
      status: 429,
      headers: { 'Retry-After': String(retryAfterSeconds) },
    });
  }
}

/** Not one of the partner's endpoints: 422 naming the url. */
export class UnknownEndpointError extends UnprocessableError {
  constructor() {
    super('UNKNOWN_ENDPOINT', 'A test notification goes only to an endpoint your notifications went to in the last 24 hours.', { attribute: 'url' });
  }
}

export interface TestNotificationsDeps {
  find(partnerId: string): Promise<TestNotificationsDoc | null>;
  writes: VersionedWrites<TestNotificationsDoc>;
  /** the endpoints the partner's notifications went to since a time */
  endpointsSince(partnerId: string, since: Date): Promise<string[]>;
  clock: Clock;
}

export class TestNotifications {
  constructor(private readonly deps: TestNotificationsDeps) {}

  /**
   * Sends a test notification to one of the partner's endpoints. `reply`: the request's
   * answer, kept in the same write when the request carries an idempotency key.
   */
  async send(partnerId: string, url: string, reply?: Reply<TestNotificationsDoc>): Promise<{ doc: TestNotificationsDoc; sent: TestSent }> {
    const { clock, writes } = this.deps;
    const since = new Date(clock.now().getTime() - TEST_ENDPOINT_WINDOW_MS);
    if (!(await this.deps.endpointsSince(partnerId, since)).includes(url)) throw new UnknownEndpointError();
    if (!(await this.deps.find(partnerId))) {
      const now = clock.now();
      try {
        await writes.insert({ _id: partnerId, partnerId, recent: [], createdAt: now, updatedAt: now }, [], now);
      } catch (err) {
        if (!isDuplicateKey(err)) throw err; // a concurrent first send made it
      }
    }
    const { doc, result } = await writes.mutate(
      partnerId,
      () => this.deps.find(partnerId),
      (current) => {
        const now = clock.now();
        const recent = current.recent.filter((s) => now.getTime() - s.at.getTime() < TEST_NOTIFICATION_WINDOW_MS);
        if (recent.length >= TEST_NOTIFICATION_LIMIT) {
          const freeAt = recent[recent.length - TEST_NOTIFICATION_LIMIT]!.at.getTime() + TEST_NOTIFICATION_WINDOW_MS;
          throw new TestNotificationLimitError(Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000)));
        }
        const sent: TestSent = { id: newId(), url, at: now };
        const notification: NotificationRequest = {
          id: sent.id,
          partnerId,
          kind: TEST_NOTIFICATION_KIND,
          url,
          body: { ...testNotificationBody(sent.id, now) },
          // caused by nothing but the request: the notification is its own source
          sourceEventId: sent.id,
          key: partnerId,
          createdAt: now.toISOString(),
        };
        return { set: { recent: [...recent, sent], updatedAt: now }, entries: [notificationEntry(notification)], result: sent };
      },
      { notFound: () => new NotFoundError('No test notifications record of this partner.'), ...(reply ? { reply } : {}) },
    );
    return { doc, sent: result! };
  }
}

/** The newest send of a document as written (what a kept answer names). */
export function lastSent(doc: TestNotificationsDoc): TestSent | undefined {
  return doc.recent[doc.recent.length - 1];
}
