import { expect } from 'chai';
import { startTestApi, type TestApi } from '../support/api.js';
import { provisionPartner, type TestPartner } from '../support/partners.js';
import { waitFor } from '../support/wait.js';
import type { Relay } from '../../relay/create-relay.js';
import { deliveryIdOf } from '../../modules/webhooks/delivery.model.js';
import { acknowledge, hang, Receiver } from './support/receiver.js';
import { applicationNotification, publishNotifications, startTestRelay } from './support/relay.js';

const TIMEOUT_MS = 3_000;

describe("webhook relay isolation: one partner's hanging endpoint does not slow another", function () {
  this.timeout(60_000);
  let t: TestApi;
  let relay: Relay;
  let a: TestPartner;
  let b: TestPartner;
  let endpointA: Receiver;
  let endpointB: Receiver;

  before(async () => {
    t = await startTestApi({
      WEBHOOK_TIMEOUT: `${TIMEOUT_MS}ms`,
      WEBHOOK_CONCURRENCY_PER_ENDPOINT: '4',
      WEBHOOK_RETRY_DELAYS: '1m,1m,1m,1m,1m', // retries of A stay out of this test
    });
    [a, b] = await Promise.all([provisionPartner(t), provisionPartner(t)]);
    endpointA = await new Receiver(hang).start();
    endpointB = await new Receiver(acknowledge).start();
    relay = await startTestRelay(t.config);
  });
  after(async () => {
    await relay?.stop();
    await endpointA?.stop();
    await endpointB?.stop();
    await t?.stop();
  });

  /** Publishes the notifications at once and returns each B notification's latency in ms. */
  async function latenciesOfB(list: ReturnType<typeof applicationNotification>[]): Promise<number[]> {
    const bIds = list.filter((n) => n.partnerId === b.id).map((n) => n.id);
    const sentAt = Date.now();
    await publishNotifications(t.api.runtime.producer, t.api.runtime.topics, list);
    await endpointB.waitForRequests(`${bIds.length} notifications of B`, () => bIds.every((id) => endpointB.byWebhookId(id).length > 0));
    return bIds.map((id) => endpointB.byWebhookId(id)[0]!.at - sentAt);
  }

  it("when partner A's endpoint hangs, then B's notifications on the same partitions arrive at their normal latency and A holds only its own slots", async () => {
    const baseline = await latenciesOfB(Array.from({ length: 40 }, () => applicationNotification(b.id, endpointB.url('/hook'))));

    const mixed = Array.from({ length: 80 }, (_, i) =>
      i % 2 === 0 ? applicationNotification(a.id, endpointA.url('/hook')) : applicationNotification(b.id, endpointB.url('/hook')),
    );
    const withAHanging = await latenciesOfB(mixed);

    const worst = (l: number[]) => Math.max(...l);
    // A's attempts hang for the whole 3 s timeout: had B waited behind any of them, its
    // latency would exceed it. B stays within its baseline (plus scheduling noise).
    expect(worst(withAHanging)).to.be.below(Math.max(worst(baseline) * 3, worst(baseline) + 750));
    expect(worst(withAHanging)).to.be.below(TIMEOUT_MS / 2);
    // A got exactly its 4 concurrent requests; the other 36 wait in A's own queue
    expect(endpointA.requests.length).to.equal(4);

    // every request A got failed as TIMEOUT; the rest found no slot within one timeout and
    // failed as ENDPOINT_BUSY without a request; all 40 are on their retry schedule
    const aIds = mixed.filter((n) => n.partnerId === a.id).map(deliveryIdOf);
    const docs = await waitFor(
      "A's 40 failed first attempts recorded",
      async () => {
        const found = await relay.deliveries.collection.find({ _id: { $in: aIds } }).toArray();
        return found.length === 40 && found;
      },
      { maxWait: TIMEOUT_MS * 3 },
    );
    const outcomes = docs.map((d) => d.attempts.r0a1!.outcome);
    const timeouts = outcomes.filter((o) => o === 'TIMEOUT').length;
    expect(timeouts).to.equal(endpointA.requests.length);
    expect(timeouts).to.be.within(4, 12); // slots freed at the timeout may still catch a few waiters
    expect(outcomes.filter((o) => o === 'ENDPOINT_BUSY')).to.have.length(40 - timeouts);
    expect(docs.every((d) => d.state === 'RETRY_SCHEDULED')).to.equal(true);
  });
});
