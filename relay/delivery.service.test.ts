import { expect } from 'chai';
import type { Producer } from 'kafkajs';
import { Registry } from 'prom-client';
import { createLogger } from '../platform/logger.js';
import { ManualClock } from '../platform/clock.js';
import { Topics } from '../platform/kafka.js';
import { firstTask, type AttemptOutcome } from '../modules/webhooks/delivery.model.js';
import type { DeliveryTask } from '../modules/webhooks/index.js';
import { InMemoryDeliveryRepository } from '../modules/webhooks/delivery.repository.fake.js';
import { Abandon } from './abandon.js';
import { Deliverer } from './delivery.service.js';
import { EndpointLimiter } from './endpoint-limiter.js';
import { relayMetrics } from './relay.metrics.js';
import { WebhookSigner } from './signing.js';
import type { WebhookClient } from './webhook-client.js';
import { context, contextOf } from '../platform/tracing.js';

const DELAYS = [1_000, 5_000];
const notification = {
  id: 'wh-1',
  partnerId: 'p-1',
  kind: 'APPLICATION',
  url: 'https://shop.example/hooks',
  body: { state: 'READY' },
  sourceEventId: 'ev-1',
  key: 'app-1',
  createdAt: '2030-01-01T10:00:00.000Z',
} as DeliveryTask['notification'];

/** A deliverer over a fake HTTP sender (answers in order), fake records and a recording producer. */
function setup(answers: AttemptOutcome[], secrets = ['whsec_' + Buffer.from('k'.repeat(32)).toString('base64')], sendTraceparent = true) {
  const records = new InMemoryDeliveryRepository();
  const posts: Array<{ url: string; payload: string; headers: Record<string, string> }> = [];
  const client = {
    post: async (url: string, payload: string, headers: Record<string, string>) => {
      posts.push({ url, payload, headers });
      const outcome = answers.shift() ?? 'ACKNOWLEDGED';
      const at = new Date('2030-01-01T10:00:01Z');
      return { outcome, startedAt: at, finishedAt: at, ...(outcome === 'HTTP_ERROR' ? { statusCode: 503 } : { statusCode: 200 }) };
    },
  } as unknown as WebhookClient;
  const produced: Array<{ topic: string; task: DeliveryTask; headers: Record<string, string> }> = [];
  const producer = {
    send: async (r: { topic: string; messages: Array<{ value: string; headers: Record<string, string> }> }) => {
      for (const m of r.messages) produced.push({ topic: r.topic, task: JSON.parse(m.value), headers: m.headers });
    },
  } as unknown as Producer;
  const deliverer = new Deliverer({
    repo: records,
    client,
    producer,
    secrets: async () => secrets,
    signer: new WebhookSigner(),
    limiter: new EndpointLimiter(4, 100, 10_000),
    topics: new Topics('t.'),
    policy: { delaysMs: DELAYS },
    metrics: relayMetrics(new Registry()),
    logger: createLogger({ level: 'silent', name: 'test' }),
    clock: new ManualClock(new Date('2030-01-01T10:00:02Z')),
    sendTraceparent,
  });
  return { deliverer, records, posts, produced };
}

describe('deliverer (send, record, follow up) on fake records, sender and producer', () => {
  it('when the endpoint acknowledges, then one signed POST, the record DELIVERED, and nothing follows', async () => {
    const { deliverer, records, posts, produced } = setup(['ACKNOWLEDGED']);
    const task = firstTask(notification, new Date('2030-01-01T10:00:00Z'));
    expect(await deliverer.handle(task, new Abandon())).to.equal('done');
    expect(posts).to.have.length(1);
    expect(posts[0]!.payload).to.equal(JSON.stringify(notification.body));
    expect(posts[0]!.headers).to.include({ 'webhook-id': 'wh-1' });
    expect(posts[0]!.headers['webhook-signature']).to.match(/^v1,/);
    const doc = (await records.getNow(task.deliveryId))!;
    expect(doc).to.include({ state: 'DELIVERED', attemptCount: 1 });
    expect(produced).to.deep.equal([]);
  });

  it('when the endpoint fails, then the attempt is recorded and the next one goes to the first retry topic', async () => {
    const { deliverer, records, produced } = setup(['HTTP_ERROR']);
    const task = firstTask(notification, new Date('2030-01-01T10:00:00Z'));
    expect(await deliverer.handle(task, new Abandon())).to.equal('done');
    const doc = (await records.getNow(task.deliveryId))!;
    expect(doc.attempts.r0a1).to.include({ outcome: 'HTTP_ERROR', statusCode: 503 });
    expect(produced).to.have.length(1);
    expect(produced[0]).to.deep.include({ topic: 't.webhooks.retry.1000ms' });
    expect(produced[0]!.task).to.include({ deliveryId: task.deliveryId, round: 0, attempt: 2 });
    expect(produced[0]!.headers).to.include({ 'webhook-id': 'wh-1', 'delivery-id': task.deliveryId });
  });

  it('when every attempt of the schedule fails, then retries at each delay in turn, then the dead letter', async () => {
    const { deliverer, records, produced } = setup(['HTTP_ERROR', 'HTTP_ERROR', 'HTTP_ERROR']);
    let task: DeliveryTask = firstTask(notification, new Date('2030-01-01T10:00:00Z'));
    for (let i = 0; i < 3; i++) {
      await deliverer.handle(task, new Abandon());
      task = produced.at(-1)!.task;
    }
    expect(produced.map((p) => p.topic)).to.deep.equal(['t.webhooks.retry.1000ms', 't.webhooks.retry.5000ms', 't.webhooks.dead-letter']);
    expect((await records.getNow(task.deliveryId))!).to.include({ state: 'DEAD_LETTERED', attemptCount: 3 });
    // the one dead-letter format: where from, why, when (the deliverer's clock), and the ids
    expect(produced.at(-1)!.headers).to.include({
      'message-id': task.deliveryId,
      'webhook-id': 'wh-1',
      'delivery-id': task.deliveryId,
      'dlq-source-topic': 't.notifications',
      'dlq-reason': 'HTTP_ERROR',
      'dlq-at': '2030-01-01T10:00:02.000Z',
    });
  });

  it('when a recorded attempt is handled again (a replay), then it is not sent again and only its follow-up is redone', async () => {
    const { deliverer, posts, produced } = setup(['HTTP_ERROR']);
    const task = firstTask(notification, new Date('2030-01-01T10:00:00Z'));
    await deliverer.handle(task, new Abandon());
    await deliverer.handle(task, new Abandon());
    expect(posts).to.have.length(1);
    expect(produced.map((p) => p.task.attempt)).to.deep.equal([2, 2]);
  });

  it('when the partner has no signing secret, then nothing is sent and the attempt is recorded as such', async () => {
    const { deliverer, records, posts } = setup([], []);
    const task = firstTask(notification, new Date('2030-01-01T10:00:00Z'));
    await deliverer.handle(task, new Abandon());
    expect(posts).to.have.length(0);
    expect((await records.getNow(task.deliveryId))!.attempts.r0a1).to.include({ outcome: 'NO_SIGNING_SECRET' });
  });

  it('when shutdown has begun, then the task is abandoned untouched', async () => {
    const { deliverer, records, posts } = setup([]);
    const signal = new Abandon();
    signal.abort();
    const task = firstTask(notification);
    expect(await deliverer.handle(task, signal)).to.equal('abandoned');
    expect(posts).to.have.length(0);
    expect(records.docs.size).to.equal(0);
  });
});

describe('deliverer: trace context', () => {
  const caused = { traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01', requestId: 'req-1' };

  it("when a delivery runs in the trace of the write that caused it, then the POST carries that trace's traceparent and a retry message carries it and the request id on", async () => {
    const { deliverer, posts, produced } = setup(['HTTP_ERROR']);
    const task = firstTask(notification, new Date('2030-01-01T10:00:00Z'));
    await context.with(contextOf(caused), () => deliverer.handle(task, new Abandon()));
    // tracing off: no span of its own, so the caller's trace goes on unchanged
    expect(posts[0]!.headers.traceparent).to.equal(caused.traceparent);
    expect(produced[0]!.headers).to.include({ traceparent: caused.traceparent, 'request-id': 'req-1' });
  });

  it('when WEBHOOK_TRACEPARENT is off, then the POST carries no traceparent', async () => {
    const { deliverer, posts } = setup(['ACKNOWLEDGED'], undefined, false);
    await context.with(contextOf(caused), () => deliverer.handle(firstTask(notification, new Date('2030-01-01T10:00:00Z')), new Abandon()));
    expect(posts[0]!.headers).to.not.have.property('traceparent');
  });
});
