/**
 * The relay floor of bench/relay.ts, in a process of its own: the least any relay has to do
 * per notification, and nothing more. It reads the notifications topic (kafkajs, one
 * consumer group, every partition at once), POSTs each notification's body to its URL
 * (keep-alive, PER_ENDPOINT sockets per endpoint), inserts one record per delivery (the
 * relay's own record, built by its own functions; one unordered insertMany per chunk of 200
 * messages, into a collection with the relay's own indexes) and commits. No signing, look-up, limiter, ordering, retry or
 * metrics. Its deliveries/s against the raw ceiling is what Kafka plus the store leave of a
 * POST loop on this machine, for any relay.
 *
 *   env: KAFKA_BROKERS, MONGO_URL, MONGO_DB, FLOOR_TOPIC, FLOOR_GROUP, FLOOR_PER_ENDPOINT
 *   stdout: "floor running" once the consumer has joined its group, then "recorded <n>"
 *   (all records so far) after each insert: the drain ends when the last one is recorded
 */
import http from 'node:http';
import { Kafka, logLevel } from 'kafkajs';
import { MongoClient } from 'mongodb';
import { MongoDeliveryRepository, type DeliveryDoc } from '../../modules/webhooks/index.js';
import { firstTask } from '../../modules/webhooks/delivery.model.js';
import { recordAttempt } from '../../relay/delivery.policy.js';
import type { NotificationRequest } from '../../platform/notifications.js';

/** Retry delays play no part in recording an acknowledged attempt. */
const POLICY = { delaysMs: [] };

const env = (name: string) => {
  const v = process.env[name];
  if (!v) throw new Error(`${name} is required`);
  return v;
};

const agent = new http.Agent({ keepAlive: true, maxSockets: Number(env('FLOOR_PER_ENDPOINT')) });

function post(n: NotificationRequest, payload: string): Promise<{ status: number; excerpt: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      n.url,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)), 'webhook-id': n.id },
      },
      (res) => {
        let excerpt = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => {
          if (excerpt.length < 200) excerpt += c;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, excerpt }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** The record the relay itself writes for a first attempt that was acknowledged. */
function record(n: NotificationRequest, startedAt: Date, finishedAt: Date, r: { status: number; excerpt: string }): DeliveryDoc {
  const result = { outcome: 'ACKNOWLEDGED' as const, startedAt, finishedAt, statusCode: r.status, responseExcerpt: r.excerpt };
  const rec = recordAttempt(null, firstTask(n, startedAt), result, POLICY, finishedAt);
  if (rec.kind !== 'insert') throw new Error(`a first attempt with no record must insert, not ${rec.kind}`);
  return rec.doc;
}

const mongo = new MongoClient(env('MONGO_URL'), { retryWrites: false, maxPoolSize: 10 });
await mongo.connect();
const repo = new MongoDeliveryRepository(mongo.db(env('MONGO_DB')));
await MongoDeliveryRepository.createIndexes(mongo.db(env('MONGO_DB')));

const kafka = new Kafka({ clientId: 'relay-floor', brokers: env('KAFKA_BROKERS').split(','), logLevel: logLevel.NOTHING });
const consumer = kafka.consumer({ groupId: env('FLOOR_GROUP'), maxWaitTimeInMs: 250 });
consumer.on(consumer.events.GROUP_JOIN, () => process.stdout.write('floor running\n'));
await consumer.connect();
await consumer.subscribe({ topic: env('FLOOR_TOPIC'), fromBeginning: true });
/** Messages handled together: POSTed concurrently, then recorded in one insertMany. */
const CHUNK = 200;
let recorded = 0;
await consumer.run({
  partitionsConsumedConcurrently: 3,
  eachBatch: async ({ batch, resolveOffset, heartbeat }) => {
    for (let i = 0; i < batch.messages.length; i += CHUNK) {
      const chunk = batch.messages.slice(i, i + CHUNK);
      const docs = await Promise.all(
        chunk.map(async (m) => {
          const n = JSON.parse(m.value!.toString('utf8')) as NotificationRequest;
          const payload = JSON.stringify(n.body);
          const startedAt = new Date();
          const r = await post(n, payload);
          return record(n, startedAt, new Date(), r);
        }),
      );
      await repo.collection.insertMany(docs, { ordered: false });
      recorded += docs.length;
      process.stdout.write(`recorded ${recorded}\n`);
      resolveOffset(chunk[chunk.length - 1]!.offset);
      await heartbeat();
    }
  },
});

process.on('SIGTERM', () => {
  void consumer
    .disconnect()
    .then(() => mongo.close())
    .finally(() => process.exit(0));
});
