import { expect } from 'chai';
import { ManualClock } from '../../platform/clock.js';
import { InMemoryVersionedStore } from '../../platform/versioned-store.fake.js';
import { TOPICS } from '../../platform/kafka.js';
import type { NotificationRequest } from '../../platform/notifications.js';
import {
  TEST_NOTIFICATION_LIMIT,
  TestNotificationLimitError,
  TestNotifications,
  UnknownEndpointError,
  type TestNotificationsDoc,
} from './test-notifications.js';

const URL = 'https://shop.example/hooks';

describe('test notifications', () => {
  const setup = () => {
    const clock = new ManualClock(new Date('2026-11-26T09:00:00.250Z'));
    const store = new InMemoryVersionedStore<TestNotificationsDoc>();
    const tests = new TestNotifications({
      find: async (id) => store.get(id),
      writes: store,
      endpointsSince: async (partnerId) => (partnerId === 'p' ? [URL] : []),
      clock,
    });
    const sent = () => store.written.filter((e) => e.topic === TOPICS.notifications).map((e) => JSON.parse(e.value) as NotificationRequest);
    return { clock, store, tests, sent };
  };

  it("when a partner sends one, then a TEST notification with no domain data leaves in the outbox of the partner's record", async () => {
    const { tests, sent, store } = setup();
    const { sent: s } = await tests.send('p', URL);
    const [n] = sent();
    expect(n).to.deep.include({ id: s.id, partnerId: 'p', kind: 'TEST', url: URL, sourceEventId: s.id, key: 'p', createdAt: '2026-11-26T09:00:00.250Z' });
    expect(n!.body).to.deep.equal({ id: s.id, type: 'TEST', createdAt: '2026-11-26T09:00:00Z' });
    expect(store.get('p')!.recent.map((r) => r.id)).to.deep.equal([s.id]);
  });

  it("when an address is not one the partner's notifications went to, then it is refused and nothing is sent", async () => {
    const { tests, sent } = setup();
    const err = await tests.send('p', 'https://elsewhere.example/').catch((e: unknown) => e);
    expect(err).to.be.instanceOf(UnknownEndpointError);
    expect(sent()).to.deep.equal([]);
  });

  it('when the limit is reached within a minute, then the next is refused with the seconds until one is free, and allowed once they passed', async () => {
    const { tests, clock, sent } = setup();
    for (let i = 0; i < TEST_NOTIFICATION_LIMIT; i++) {
      await tests.send('p', URL);
      await clock.advance(5_000);
    }
    const err = (await tests.send('p', URL).catch((e: unknown) => e)) as TestNotificationLimitError;
    expect(err).to.be.instanceOf(TestNotificationLimitError);
    expect(err.status).to.equal(429);
    expect(err.retryAfterSeconds).to.equal(35); // the first send leaves the window 60 s after it
    expect(err.headers['Retry-After']).to.equal('35');
    await clock.advance(35_000);
    await tests.send('p', URL);
    expect(sent()).to.have.length(TEST_NOTIFICATION_LIMIT + 1);
  });
});
