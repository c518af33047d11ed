import { expect } from 'chai';
import { startTestApi, type TestApi } from '../support/api.js';
import { provisionPartner, type TestPartner } from '../support/partners.js';
import { waitFor } from '../support/wait.js';
import { DELIVERIES_COLLECTION } from '../../modules/webhooks/delivery.repository.js';
import { Receiver, verify } from './support/receiver.js';
import { RelayProcess } from './support/relay-process.js';
import { applicationNotification, publishNotifications } from './support/relay.js';

const N = 500;

describe('webhook relay crash: SIGKILL in the middle of 500 notifications', function () {
  this.timeout(120_000);
  let t: TestApi;
  let partner: TestPartner;
  let receiver: Receiver;
  let relay: RelayProcess;

  before(async () => {
    t = await startTestApi();
    partner = await provisionPartner(t);
    // a little slow, so that deliveries are in flight when the relay is killed
    receiver = await new Receiver(() => ({ status: 200, body: { status: 'OK' }, delayMs: 15 })).start();
    relay = new RelayProcess(t.config, { WEBHOOK_CONCURRENCY_PER_ENDPOINT: '4' });
  });
  after(async () => {
    await relay?.stop('SIGKILL');
    await receiver?.stop();
    await t?.stop();
  });

  it('when the relay is killed with SIGKILL and started again, then all 500 arrive, any duplicate with the same webhook-id, and all are recorded', async () => {
    const list = Array.from({ length: N }, () => applicationNotification(partner.id, receiver.url('/hook')));
    await publishNotifications(t.api.runtime.producer, t.api.runtime.topics, list);

    relay.start();
    await receiver
      .waitForRequests('a third of the notifications before the kill', () => receiver.distinctIds().size >= N / 3, 60_000)
      .catch((err) => {
        throw new Error(`${err.message}\n${relay.log}`);
      });
    expect(await relay.stop('SIGKILL')).to.equal(null);
    const arrivedBeforeKill = receiver.distinctIds();
    expect(arrivedBeforeKill.size).to.be.below(N); // killed in the middle, not after the end
    const deliveries = t.api.runtime.db.collection(DELIVERIES_COLLECTION);
    // what the relay had recorded as delivered when it died: it never sends those again
    const recordedAtKill = new Set((await deliveries.find({ state: 'DELIVERED' }).project({ webhookId: 1 }).toArray()).map((d) => d.webhookId as string));

    relay.start();
    await receiver
      .waitForRequests(`all ${N} webhook-ids after the restart`, () => receiver.distinctIds().size >= N, 60_000)
      .catch((err) => {
        throw new Error(`${err.message} (have ${receiver.distinctIds().size})\n${relay.log}`);
      });

    const byBody = new Map<string, Set<string>>();
    for (const r of receiver.requests) byBody.set(r.body, (byBody.get(r.body) ?? new Set()).add(r.webhookId));
    for (const n of list) {
      expect([...(byBody.get(JSON.stringify(n.body)) ?? [])], `webhook-ids of ${n.id}`).to.deep.equal([n.id]);
    }
    for (const r of receiver.requests.slice(0, 20)) verify(r, partner.webhookSecret);

    await waitFor(`${N} DELIVERED records`, async () => (await deliveries.countDocuments({ state: 'DELIVERED' })) === N, { maxWait: 15_000 });
    // a graceful stop of the restarted relay ends cleanly
    expect(await relay.stop('SIGTERM')).to.equal(0);
    // a duplicate is an attempt sent before the kill whose outcome was not yet recorded: it
    // arrived before the kill, was not DELIVERED in the store then, and comes once more only
    const arrivals = new Map<string, number>();
    for (const r of receiver.requests) arrivals.set(r.webhookId, (arrivals.get(r.webhookId) ?? 0) + 1);
    const duplicated = [...arrivals].filter(([, n]) => n > 1);
    for (const [id, n] of duplicated) {
      expect(n, `arrivals of ${id}`).to.equal(2);
      expect(arrivedBeforeKill.has(id) && !recordedAtKill.has(id), `${id} was in flight at the kill`).to.equal(true);
    }
    expect(receiver.requests.length).to.equal(N + duplicated.length);
  });
});
