import { expect } from 'chai';
import { startTestApi, type TestApi } from '../support/api.js';
import { provisionPartner, type TestPartner } from '../support/partners.js';
import { waitFor } from '../support/wait.js';
import type { Relay } from '../../relay/create-relay.js';
import { Receiver } from './support/receiver.js';
import { applicationNotification, publishNotifications, startTestRelay } from './support/relay.js';

describe('webhook relay graceful shutdown', function () {
  this.timeout(60_000);
  let t: TestApi;
  let partner: TestPartner;
  let receiver: Receiver;
  let relay: Relay | undefined;

  before(async () => {
    t = await startTestApi({ WEBHOOK_TIMEOUT: '2s', WEBHOOK_CONCURRENCY_PER_ENDPOINT: '2' });
    partner = await provisionPartner(t);
    receiver = await new Receiver(() => ({ status: 200, body: { status: 'OK' }, delayMs: 150 })).start();
  });
  after(async () => {
    await relay?.stop();
    await receiver?.stop();
    await t?.stop();
  });

  it('when the relay is stopped with deliveries in flight, then it finishes and commits them in bounded time, and the next relay sends each exactly once', async () => {
    const list = Array.from({ length: 20 }, () => applicationNotification(partner.id, receiver.url('/hook')));
    relay = await startTestRelay(t.config);
    await publishNotifications(t.api.runtime.producer, t.api.runtime.topics, list);
    await receiver.waitForRequests('the first deliveries', (all) => all.length >= 2);

    const started = Date.now();
    await relay.stop();
    relay = undefined;
    expect(Date.now() - started).to.be.below(2_000 + 2_000 + 1_000); // WEBHOOK_TIMEOUT + the drain margin
    const sentBeforeStop = receiver.distinctIds().size;
    expect(sentBeforeStop).to.be.above(1);
    const recorded = await t.api.runtime.db.collection('webhook_deliveries').countDocuments({ state: 'DELIVERED' });
    expect(recorded).to.equal(sentBeforeStop); // nothing was sent without being recorded

    // what the first relay recorded is committed: the next one sends only the rest and the new ones
    const more = Array.from({ length: 10 }, () => applicationNotification(partner.id, receiver.url('/hook')));
    await publishNotifications(t.api.runtime.producer, t.api.runtime.topics, more);
    relay = await startTestRelay(t.config);
    await receiver.waitForRequests('all 30', () => receiver.distinctIds().size === 30, 30_000);
    await waitFor('30 recorded', async () => (await t.api.runtime.db.collection('webhook_deliveries').countDocuments({ state: 'DELIVERED' })) === 30);
    for (const n of [...list, ...more]) expect(receiver.byWebhookId(n.id), n.id).to.have.length(1);
  });
});
