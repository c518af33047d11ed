import { expect } from 'chai';
import { startTestApi, type TestApi } from '../support/api.js';
import { provisionPartner, type TestPartner } from '../support/partners.js';
import { committedToEnd, TopicCollector } from '../support/kafka.js';
import { waitFor } from '../support/wait.js';
import { newId } from '../../platform/ids.js';
import type { Relay } from '../../relay/create-relay.js';
import { deliveryIdOf } from '../../modules/webhooks/delivery.model.js';
import type { DeliveryView } from '../../modules/webhooks/delivery.view.js';
import { laneGroup, RELAY_TOPICS } from '../../relay/relay.topics.js';
import { acknowledge, fail, Receiver, verify } from './support/receiver.js';
import { applicationNotification, publishNotifications, startTestRelay } from './support/relay.js';

const DELAYS = [300, 600, 300, 300, 300];

describe('webhook relay: delivery, retries and dead letters on real Kafka and MongoDB', function () {
  this.timeout(60_000);
  let t: TestApi;
  let relay: Relay;
  let partner: TestPartner;
  let receiver: Receiver;
  let deadLetters: TopicCollector;

  before(async () => {
    t = await startTestApi({ WEBHOOK_RETRY_DELAYS: DELAYS.map((d) => `${d}ms`).join(','), WEBHOOK_TIMEOUT: '2s' });
    partner = await provisionPartner(t);
    receiver = await new Receiver().start();
    relay = await startTestRelay(t.config);
    deadLetters = await new TopicCollector(t.api.runtime.kafka, t.api.runtime.topics.name(RELAY_TOPICS.deadLetter)).start();
  });
  after(async () => {
    await deadLetters?.stop();
    await relay?.stop();
    await receiver?.stop();
    await t?.stop();
  });

  const publish = (...list: ReturnType<typeof applicationNotification>[]) => publishNotifications(t.api.runtime.producer, t.api.runtime.topics, list);
  const delivery = async (deliveryId: string) => await t.client.get<DeliveryView>(`/financing/v1/webhooks/deliveries/${deliveryId}`, { token: partner.token });

  it('when the endpoint acknowledges, then the notification arrives once, signed with the partner secret, and is recorded DELIVERED', async () => {
    const n = applicationNotification(partner.id, receiver.url('/ok', acknowledge));
    await publish(n);

    await receiver.waitForRequests('the webhook', () => receiver.byWebhookId(n.id).length >= 1);
    // checked at the first arrival: two sent at once would both be here
    expect(receiver.byWebhookId(n.id)).to.have.length(1);
    const only = receiver.byWebhookId(n.id)[0]!;
    expect(verify(only, partner.webhookSecret)).to.deep.equal(n.body);
    expect(only.body).to.equal(JSON.stringify(n.body));

    const res = await waitFor('the DELIVERED record', async () => {
      const r = await delivery(deliveryIdOf(n));
      return r.status === 200 && r.body.state === 'DELIVERED' && r;
    });
    expect(res.body).to.include({ webhookId: n.id, kind: 'APPLICATION', attemptCount: 1, notificationEndpoint: n.url });
    expect(res.body.attempts).to.have.length(1);
    expect(res.body.attempts[0]).to.include({ redelivery: 0, attempt: 1, outcome: 'ACKNOWLEDGED', statusCode: 200 });
    expect(res.body.attempts[0]!.responseExcerpt).to.contain('"status":"OK"');
    // nothing can send it again now: the record says DELIVERED (no retry) and the lane has
    // committed the message (no replay); only then is "once" a finished fact
    const lane = RELAY_TOPICS.notifications;
    await waitFor('the notification committed by the relay', () =>
      committedToEnd(t.api.runtime.kafka, t.api.runtime.topics.group(laneGroup(lane)), t.api.runtime.topics.name(lane)),
    );
    expect(receiver.byWebhookId(n.id)).to.have.length(1);
  });

  it('when one application has several notifications for one endpoint, then they are sent one at a time in their order', async () => {
    const url = receiver.url('/ordered', () => ({ status: 200, body: { status: 'OK' }, delayMs: 40 }));
    const first = applicationNotification(partner.id, url);
    const reasons = ['PROCESSING_REDIRECT_NEEDED', 'PROCESSING_PREAPPROVED', 'READY_TO_SHIP', 'READY_SHIPPED', 'READY_DELIVERED'];
    const list = reasons.map((stateReason) => ({ ...first, id: newId(), body: { ...first.body, stateReason } }));
    await publish(...list);

    const got = await receiver.waitForRequests('5 ordered notifications', () => receiver.requests.filter((r) => r.path === '/ordered').length === 5);
    const ordered = got.filter((r) => r.path === '/ordered');
    expect(ordered.map((r) => (JSON.parse(r.body) as { stateReason: string }).stateReason)).to.deep.equal(reasons);
    for (let i = 1; i < ordered.length; i++) expect(ordered[i]!.at - ordered[i - 1]!.at).to.be.at.least(40); // not sent alongside
  });

  it('when the endpoint fails twice and then acknowledges, then it gets exactly 3 attempts at the configured delays, all with the same webhook-id', async () => {
    const n = applicationNotification(
      partner.id,
      receiver.url('/flaky', (r, nth) => (nth <= 2 ? fail(r, nth) : acknowledge(r, nth))),
    );
    await publish(n);

    const res = await waitFor(
      'the DELIVERED record',
      async () => {
        const r = await delivery(deliveryIdOf(n));
        return r.status === 200 && r.body.state === 'DELIVERED' && r;
      },
      { maxWait: 15_000 },
    );
    const got = receiver.byWebhookId(n.id);
    expect(got).to.have.length(3);
    for (const r of got) expect(verify(r, partner.webhookSecret)).to.deep.equal(n.body);
    const gaps = [got[1]!.at - got[0]!.at, got[2]!.at - got[1]!.at];
    expect(gaps[0]).to.be.within(DELAYS[0]!, DELAYS[0]! + 1500);
    expect(gaps[1]).to.be.within(DELAYS[1]!, DELAYS[1]! + 1500);
    expect(res.body.attemptCount).to.equal(3);
    expect(res.body.attempts.map((a) => a.outcome)).to.deep.equal(['HTTP_ERROR', 'HTTP_ERROR', 'ACKNOWLEDGED']);
    expect(res.body.attempts[0]).to.include({ statusCode: 503 });
  });

  it('when the endpoint always fails, then the delivery is dead-lettered after 6 attempts and a redelivery through the API delivers it', async () => {
    let down = true;
    const n = applicationNotification(
      partner.id,
      receiver.url('/down', (r, nth) => (down ? fail(r, nth) : acknowledge(r, nth))),
    );
    const deliveryId = deliveryIdOf(n);
    await publish(n);

    const dead = await waitFor(
      'the DEAD_LETTERED record',
      async () => {
        const r = await delivery(deliveryId);
        return r.status === 200 && r.body.state === 'DEAD_LETTERED' && r;
      },
      { maxWait: 20_000 },
    );
    expect(dead.body.attemptCount).to.equal(6);
    expect(dead.body.attempts.map((a) => a.attempt)).to.deep.equal([1, 2, 3, 4, 5, 6]);
    expect(receiver.byWebhookId(n.id)).to.have.length(6);
    const letter = await waitFor('the dead letter on Kafka', () => deadLetters.json<{ deliveryId: string }>().find((m) => m.deliveryId === deliveryId));
    expect(letter).to.include({ deliveryId });

    down = false;
    const accepted = await t.client.post(`/financing/v1/webhooks/deliveries/${deliveryId}/redeliver`, undefined, { token: partner.token });
    expect(accepted.status).to.equal(202);
    expect(accepted.body).to.include({ deliveryId, webhookId: n.id, redelivery: 1 });

    const redelivered = await waitFor('the redelivered record', async () => {
      const r = await delivery(deliveryId);
      return r.body.state === 'DELIVERED' && r;
    });
    expect(redelivered.body.attemptCount).to.equal(7);
    expect(redelivered.body.attempts[6]).to.include({ redelivery: 1, attempt: 1, outcome: 'ACKNOWLEDGED' });
    const all = receiver.byWebhookId(n.id);
    expect(all).to.have.length(7);
    expect(verify(all[6]!, partner.webhookSecret)).to.deep.equal(n.body);
  });

  it('when /metrics of the relay is scraped, then attempts by outcome, latency, retries, dead letters and consumer lag are there', async () => {
    const res = await fetch(`http://127.0.0.1:${relay.metricsPort}/metrics`);
    const text = await res.text();
    expect(text).to.match(/webhook_attempts_total\{outcome="ACKNOWLEDGED"[^}]*\} [1-9]/);
    expect(text).to.match(/webhook_attempts_total\{outcome="HTTP_ERROR"[^}]*\} [1-9]/);
    expect(text).to.match(/webhook_attempt_duration_seconds_bucket/);
    expect(text).to.match(/webhook_retries_scheduled_total\{delay="300"[^}]*\} [1-9]/);
    expect(text).to.match(/webhook_dead_letters_total\{[^}]*\} 1/);
    expect(text).to.match(/webhook_deliveries_total\{outcome="delivered"[^}]*\} [1-9]/);
    expect(text).to.match(/webhook_consumer_lag\{group="[^"]*relay\.notifications",topic="[^"]*notifications",partition="0"[^}]*\} \d+/);
  });
});
