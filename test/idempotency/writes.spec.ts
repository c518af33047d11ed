import { expect } from 'chai';
import type { Db } from 'mongodb';
import { newId } from '../../platform/ids.js';
import type { Relay } from '../../relay/create-relay.js';
import { deliveryIdOf } from '../../modules/webhooks/delivery.model.js';
import { RELAY_TOPICS } from '../../relay/relay.topics.js';
import { startHarness, type AppHarness } from '../applications/harness.js';
import { applicationBody } from '../applications/requests.js';
import { GatewayClient } from '../gateway/gateway-client.js';
import { KETTLE, SHIPPING, opPath, orderPath, paymentsPath, processingApplication, readyApplication } from '../orders/orders-harness.js';
import { TopicCollector } from '../support/kafka.js';
import { provisionPartner, type TestPartner } from '../support/partners.js';
import { waitFor } from '../support/wait.js';
import { acknowledge, Receiver } from '../relay/support/receiver.js';
import { applicationNotification, publishNotifications, startTestRelay } from '../relay/support/relay.js';
import { expectReplay, keyed, sentTwice, storedWithNumber, versionOf } from './support.js';

describe('Idempotency-Key on every partner write: a retry replays the first answer and changes nothing', function () {
  this.timeout(120_000);
  let h: AppHarness;
  let partner: TestPartner;
  let db: Db;
  let send: ReturnType<typeof keyed>;
  before(async () => {
    h = await startHarness();
    partner = await provisionPartner(h.t, { payoutTrigger: 'DELIVERED', feeBps: 100 });
    db = h.t.api.runtime.db;
    send = keyed(h.t.client, partner);
  });
  after(async () => {
    await h?.stop();
  });

  const eventsOf = (id: string, type: string) => h.eventsFor(id).filter((e) => e.type === type);
  /** Every outbox entry of the application has left: its events are on Kafka (or on their way to the collector). */
  const drained = (id: string) =>
    waitFor(
      `the outbox of ${id} to drain`,
      async () => Object.keys((await db.collection('applications').findOne({ _id: id as any }))?.outbox ?? {}).length === 0,
    );
  /**
   * One event of `type` collected, and no second one once the outbox has drained (an event
   * leaves only with a write, and a write puts its events in the outbox first).
   */
  const exactlyOne = async (id: string, type: string) => {
    await h.waitForEvent(id, type);
    await drained(id);
    expect(eventsOf(id, type), `${type} events of ${id}`).to.have.length(1);
  };

  it('when create is retried with its key, then 201 with the same bytes and Location, one application, one created event', async () => {
    const body = applicationBody();
    const { first, second } = await sentTwice(send, 'POST', '/financing/v1/applications', body);
    expect(first.status, first.text).to.equal(201);
    expect(first.headers.location).to.equal(`/financing/v1/applications/${first.body.id}`);
    expectReplay(first, second);
    expect(await storedWithNumber(db, partner.id, body.order.number)).to.equal(1);
    expect(await versionOf(db, first.body.id)).to.equal(1);
    await exactlyOne(first.body.id, 'applications.application.created');
  });

  it('when cancel is retried with its key, then the same 200 and one cancelled event and notification', async () => {
    const app = await processingApplication(h, partner);
    const { first, second } = await sentTwice(send, 'PUT', `/financing/v1/applications/${app.id}/cancel`, {
      reason: 'APPLICATION_CANCELLED_OTHER',
      customReason: 'changed mind',
    });
    expect(first.status, first.text).to.equal(200);
    expectReplay(first, second);
    expect(await versionOf(db, app.id)).to.equal(2);
    await exactlyOne(app.id, 'applications.application.cancelled');
    expect(h.notificationsFor(app.id).filter((n) => n.body.state === 'CANCELLED')).to.have.length(1);
  });

  it('when an order change is retried with its key, then the same 200 and one changed event', async () => {
    const app = await processingApplication(h, partner);
    const body = { reason: 'new carrier', order: { deliveryCarrier: { carrierId: 'DPD' } } };
    const { first, second } = await sentTwice(send, 'PUT', orderPath(app.id), body);
    expect(first.status, first.text).to.equal(200);
    expectReplay(first, second);
    expect(await versionOf(db, app.id)).to.equal(2);
    await exactlyOne(app.id, 'orders.order.changed');
  });

  it('when send, deliver and a return are each retried with their keys, then one payout and one credit note, and the order counts each once', async () => {
    const app = await readyApplication(h, partner);
    for (const [op, body] of [
      ['send', {}],
      ['deliver', {}],
      ['return', { items: [{ code: SHIPPING.code }] }],
    ] as const) {
      const { first, second } = await sentTwice(send, 'PUT', opPath(app.id, op), body);
      expect(first.status, `${op}: ${first.text}`).to.equal(200);
      expectReplay(first, second);
    }
    const order = (await h.get(app.id, partner)).order;
    expect(order.items.find((i: any) => i.code === SHIPPING.code).state).to.equal('RETURNED');
    expect(order.items.find((i: any) => i.code === KETTLE.code).state).to.equal('DELIVERED');
    for (const type of ['orders.order.sent', 'orders.order.delivered', 'orders.order.returned']) await exactlyOne(app.id, type);
    // the payments module pays out and credits from the order events: one of each, once
    await waitFor('a payout and a credit note', async () => {
      const res = await h.t.client.get(paymentsPath(app.id), { token: partner.token });
      return res.body.data?.length === 2;
    });
  });

  it('when cancelling items is retried with its key, then the same 200 and one cancelled-items event', async () => {
    const app = await readyApplication(h, partner);
    const { first, second } = await sentTwice(send, 'PUT', opPath(app.id, 'cancel'), { items: [{ code: SHIPPING.code }] });
    expect(first.status, first.text).to.equal(200);
    expectReplay(first, second);
    await exactlyOne(app.id, 'orders.order.cancelled');
  });

  describe('recurrences', () => {
    let origin: any;
    before(async () => {
      origin = await h.create(applicationBody({ isRecurring: true }, { email: 'mirka+approve@example.com' }), partner);
      await new GatewayClient(h.t, origin.gatewayRedirectUrl).submit('confirm');
      await waitFor('the recurrence READY', async () => (await h.get(origin.id, partner)).recurrence?.state === 'READY');
    });

    it('when create from a recurrence is retried with its key, then the same 201 and one child application', async () => {
      const { order, merchantUrls } = applicationBody();
      const body = { order: { ...order, number: `R-${newId().slice(-8)}` }, merchantUrls };
      const { first, second } = await sentTwice(send, 'POST', `/financing/v1/recurrences/${origin.recurrence.id}/applications`, body);
      expect(first.status, first.text).to.equal(201);
      expectReplay(first, second);
      expect(await storedWithNumber(db, partner.id, body.order.number)).to.equal(1);
    });

    it('when the recurrence PATCH is retried with its key, then the same 200 and one recurrence-cancelled event', async () => {
      const { first, second } = await sentTwice(send, 'PATCH', `/financing/v1/recurrences/${origin.recurrence.id}`, { state: 'CANCELLED' });
      expect(first.status, first.text).to.equal(200);
      expectReplay(first, second);
      await exactlyOne(origin.id, 'applications.recurrence.cancelled');
    });
  });

  describe('webhook redelivery', () => {
    let relay: Relay;
    let receiver: Receiver;
    let redeliveries: TopicCollector;
    let deliveryId: string;
    before(async () => {
      receiver = await new Receiver(acknowledge).start();
      relay = await startTestRelay(h.t.config);
      const { kafka, topics, producer } = h.t.api.runtime;
      redeliveries = await new TopicCollector(kafka, topics.name(RELAY_TOPICS.redeliveries)).start();
      const n = applicationNotification(partner.id, receiver.url('/p'));
      await publishNotifications(producer, topics, [n]);
      deliveryId = deliveryIdOf(n);
      await waitFor(
        'the delivery recorded',
        async () => (await relay.deliveries.collection.countDocuments({ _id: deliveryId as any, state: 'DELIVERED' })) === 1,
      );
    });
    after(async () => {
      await redeliveries?.stop();
      await relay?.stop();
      await receiver?.stop();
    });

    it('when a redelivery is retried with its key, then the same 202 and one redelivery task', async () => {
      const { first, second } = await sentTwice(send, 'POST', `/financing/v1/webhooks/deliveries/${deliveryId}/redeliver`, undefined);
      expect(first.status, first.text).to.equal(202);
      expectReplay(first, second);
      await waitFor('the redelivery task', () => redeliveries.messages.length >= 1);
      // a second task would have been published before the replay answered
      expect(redeliveries.messages.filter((m) => m.headers['delivery-id'] === deliveryId)).to.have.length(1);
    });
  });
});
