import { systemClock } from '../../platform/clock.js';
import { expect } from 'chai';
import type { Admin } from 'kafkajs';
import { startTestApi, type TestApi } from '../support/api.js';
import { provisionPartner, type TestPartner } from '../support/partners.js';
import { TopicCollector } from '../support/kafka.js';
import { waitFor } from '../support/wait.js';
import { TOPICS } from '../../platform/kafka.js';
import { createLogger } from '../../platform/logger.js';
import type { NotificationRequest } from '../../platform/notifications.js';
import { Abandon } from '../../relay/abandon.js';
import type { Relay } from '../../relay/create-relay.js';
import { deliveryIdOf } from '../../modules/webhooks/delivery.model.js';
import { parseNotificationMessage } from '../../modules/webhooks/index.js';
import type { DeliveryView } from '../../modules/webhooks/delivery.view.js';
import { Lane } from '../../relay/lane.js';
import { laneGroup } from '../../relay/relay.topics.js';
import { relayMetrics } from '../../relay/relay.metrics.js';
import { Registry } from 'prom-client';
import { Receiver } from './support/receiver.js';
import { applicationNotification, startTestRelay } from './support/relay.js';

/** More than the relay keeps in flight per partition: a message that never finishes would stall the rest. */
const BEHIND = 1_100;

describe('webhook relay: one bad message never stops a partition', function () {
  this.timeout(120_000);
  let t: TestApi;
  let relay: Relay | undefined;
  let x: TestPartner;
  let y: TestPartner;
  let receiver: Receiver;
  let admin: Admin;

  before(async () => {
    t = await startTestApi({ WEBHOOK_RETRY_DELAYS: '200ms', WEBHOOK_TIMEOUT: '2s' });
    [x, y] = [await provisionPartner(t), await provisionPartner(t)];
    receiver = await new Receiver().start();
    admin = t.api.runtime.kafka.admin();
    await admin.connect();
  });
  after(async () => {
    await relay?.stop();
    await admin?.disconnect();
    await receiver?.stop();
    await t?.stop();
  });

  /** Publishes onto one partition in this order, as if every message had been written by the service. */
  const publishToPartition0 = async (topic: string, list: NotificationRequest[]) => {
    for (let i = 0; i < list.length; i += 500) {
      await t.api.runtime.producer.send({
        topic,
        acks: -1,
        messages: list.slice(i, i + 500).map((n) => ({ partition: 0, key: n.key, value: JSON.stringify(n), headers: { 'message-id': n.id } })),
      });
    }
  };
  const committed = async (groupId: string, topic: string) => {
    const [offsets] = await admin.fetchOffsets({ groupId, topics: [topic] });
    return Number(offsets!.partitions.find((p) => p.partition === 0)!.offset);
  };

  it('when a notification URL cannot be parsed, then it is recorded as dead-lettered with the reason and every later message on its partition is delivered and committed past it', async () => {
    const topic = t.api.runtime.topics.name(TOPICS.notifications);
    const bad = applicationNotification(x.id, 'https://shop.example:99999/h');
    const good = Array.from({ length: BEHIND }, () => applicationNotification(y.id, receiver.url('/y')));
    await publishToPartition0(topic, [bad, ...good]);
    relay = await startTestRelay(t.config);

    await waitFor(
      `all ${BEHIND} of the other partner's notifications`,
      () => new Set(receiver.requests.filter((r) => r.path === '/y').map((r) => r.webhookId)).size === BEHIND,
      { maxWait: 60_000 },
    );
    const record = await waitFor('the bad message recorded', async () => {
      const r = await t.client.get<DeliveryView>(`/financing/v1/webhooks/deliveries/${deliveryIdOf(bad)}`, { token: x.token });
      return r.status === 200 && r.body;
    });
    expect(record.state).to.equal('DEAD_LETTERED');
    expect(record.attempts).to.have.length(1);
    expect(record.attempts[0]).to.include({ outcome: 'INVALID_ENDPOINT' });
    expect(record.attempts[0]!.error).to.match(/port is 1-65535/);

    const lane = relay.runtime.topics.group(laneGroup(TOPICS.notifications));
    await waitFor('the committed offset past every message', async () => (await committed(lane, topic)) === BEHIND + 1, { maxWait: 10_000 });
  });

  it('when handling a message fails in a way the relay cannot record, then the message goes to the dead-letter topic with the reason and the partition goes on', async () => {
    const topic = t.api.runtime.topics.name('poison-probe');
    await admin.createTopics({ topics: [{ topic, numPartitions: 1 }], waitForLeaders: true });
    const poisonTopic = t.api.runtime.topics.name(TOPICS.deadLetter);
    const dlq = await new TopicCollector(t.api.runtime.kafka, poisonTopic).start();
    const list = Array.from({ length: 20 }, () => applicationNotification(y.id, receiver.url('/lane')));
    const poisoned = list[3]!;
    const handled: string[] = [];
    const groupId = `${topic}.group`;
    const lane = new Lane(
      { name: 'probe', topic, groupId, waitForDue: false, parse: (v) => parseNotificationMessage(v) },
      {
        kafka: t.api.runtime.kafka,
        producer: t.api.runtime.producer,
        poisonTopic,
        clock: systemClock,
        handle: async (task) => {
          if (task.notification.id === poisoned.id) throw new TypeError('a defect in handling this message');
          handled.push(task.notification.id);
          return 'done';
        },
        abandon: new Abandon(),
        logger: createLogger({ level: 'silent', name: 'lane-test' }),
        metrics: relayMetrics(new Registry()),
        partitions: 1,
        maxInFlightPerPartition: 5,
      },
    );
    try {
      await publishToPartition0(topic, list);
      await lane.start();
      await waitFor('every other message handled', () => handled.length === list.length - 1, { maxWait: 20_000 });
      const [dead] = await dlq.waitForCount(1);
      expect(dead!.headers['dlq-reason']).to.equal('a defect in handling this message');
      expect(dead!.headers['dlq-source-offset']).to.equal('3');
      expect(JSON.parse(dead!.value!).id).to.equal(poisoned.id);
      await waitFor('the committed offset past every message', async () => (await committed(groupId, topic)) === list.length, { maxWait: 10_000 });
    } finally {
      lane.quiesce();
      await lane.close();
      await dlq.stop();
    }
  });
});
