/**
 * The partner API's look-ups on a large store: 100 000 applications over 20 partners (with
 * as many event-feed entries and webhook delivery records), then each spec look-up through
 * the API over HTTPS, one at a time and interleaved: GET /financing/v1/orders by order
 * number, by variable symbol and by application id, an application's payments, one
 * application's events, a page of the partner's deliveries, and an application by id (a
 * key read: the baseline).
 *
 * The documents are real ones multiplied: the API and the relay handle one create per
 * partner first (so every collection holds what the service writes), then each
 * application, feed entry and delivery record is copied with new ids, order numbers,
 * variable symbols and times straight into the store.
 *
 *   npm run bench -- lookups        (about 2-3 minutes, most of it the inserts)
 *   npx tsx bench/lookups.ts [--applications 100000] [--partners 20] [--lookups 100]
 *
 * Target: every look-up under 50 ms p99.
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import https from 'node:https';
import { MongoClient, type Document } from 'mongodb';
import { Kafka, logLevel } from 'kafkajs';
import { resolveStack } from '../scripts/local-stack.js';
import { compiledEntry } from '../platform/node-flags.js';
import type { Config } from '../config/index.js';
import { entryKey } from '../modules/events/events.model.js';
import { newId } from '../platform/ids.js';
import { DELIVERIES_COLLECTION } from '../modules/webhooks/delivery.repository.js';
import { FEED_COLLECTION } from '../modules/events/events.repository.js';
import { testConfig, uniqueSuffix } from '../test/support/config.js';
import { ApiProcess } from '../test/support/api-process.js';
import { ServiceProcess, serviceEnv } from '../test/support/service-process.js';
import { waitFor } from '../test/support/wait.js';
import { ReceiverProcess } from './support/receiver-process.js';
import { now, pct } from './support/pacing.js';
import { apiProcessSource, type BenchPartner } from './relay/source.js';

const { values } = parseArgs({
  options: { applications: { type: 'string', default: '100000' }, partners: { type: 'string', default: '20' }, lookups: { type: 'string', default: '100' } },
});
const COUNT = Number(values.applications);
const PARTNERS = Number(values.partners);
const LOOKUPS = Number(values.lookups);

function get(agent: https.Agent, url: URL, token: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = https.get(url, { agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
  });
}

async function main(): Promise<void> {
  const stack = await resolveStack({ start: true });
  process.env.MONGO_URL = stack.MONGO_URL;
  process.env.KAFKA_BROKERS = stack.KAFKA_BROKERS;
  const suffix = uniqueSuffix();
  const config: Config = testConfig({ KAFKA_PARTITIONS: '3', MONGO_DB: `bench_lookups_${suffix}`, KAFKA_TOPIC_PREFIX: `bench.${suffix}.` });
  const mongo = new MongoClient(stack.MONGO_URL, { retryWrites: false });
  await mongo.connect();
  const db = mongo.db(config.store.db);
  const receiver = new ReceiverProcess(4);
  const api = await new ApiProcess(config, { LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '100000000' }, [], compiledEntry('api/main.ts')).prepare();
  const relay = new ServiceProcess(compiledEntry('relay/main.ts'));
  const t0 = now();
  try {
    api.start();
    await api.healthy();
    relay.spawn({ ...serviceEnv(config), LOG_LEVEL: 'info', RELAY_METRICS_PORT: '0' });
    await waitFor('the relay to run', () => relay.log.includes('"relay running"'), { maxWait: 60_000 });
    const ports = await receiver.ports();
    const source = apiProcessSource(api, config);
    const partners: BenchPartner[] = [];
    for (let p = 0; p < PARTNERS; p++) partners.push(await source.addPartner(`http://127.0.0.1:${ports[p % ports.length]}/hook`));
    for (const p of partners) await source.create(p);
    await receiver.waitFor(PARTNERS, 60_000);
    await waitFor(
      'the feed and the delivery records',
      async () =>
        (await db.collection(FEED_COLLECTION).countDocuments({})) >= PARTNERS &&
        (await db.collection(DELIVERIES_COLLECTION).countDocuments({ state: 'DELIVERED' })) >= PARTNERS,
      { maxWait: 60_000, interval: 200 },
    );

    // multiply: application i belongs to partner i % PARTNERS
    const apps = await db.collection('applications').find({}).toArray();
    const feed = await db.collection(FEED_COLLECTION).find({}).toArray();
    const deliveries = await db.collection(DELIVERIES_COLLECTION).find({ state: 'DELIVERED' }).toArray();
    const byPartner = (docs: Document[]) => new Map(docs.map((d) => [d.partnerId as string, d]));
    const appOf = byPartner(apps);
    const feedOf = byPartner(feed);
    const deliveryOf = byPartner(deliveries);
    const base = Date.now() - COUNT * 10;
    const ids: string[] = [];
    const i0 = now();
    for (let i = 0; i < COUNT; i += 1000) {
      const a: Document[] = [];
      const f: Document[] = [];
      const d: Document[] = [];
      for (let j = i; j < Math.min(COUNT, i + 1000); j++) {
        const partner = partners[j % PARTNERS]!;
        const at = new Date(base + j * 10);
        const id = newId();
        ids.push(id);
        const app = appOf.get(partner.id)!;
        a.push({ ...app, _id: id, createdAt: at, order: { ...app.order, number: `LK-${j}`, variableSymbols: [String(5_000_000_000 + j)] }, outbox: {} });
        const seq = 1_000 + Math.floor(j / PARTNERS);
        const e = feedOf.get(partner.id)!;
        f.push({ ...e, _id: entryKey(partner.id, seq), seq, webhookId: `bench-wh-${j}`, applicationId: id, recordedAt: at, occurredAt: at });
        const dl = deliveryOf.get(partner.id)!;
        d.push({ ...dl, _id: `${dl._id as string}-${String(j).padStart(7, '0')}`, webhookId: `bench-wh-${j}`, createdAt: at, updatedAt: at });
      }
      for (const doc of a) {
        delete doc.outboxAt;
        delete doc.dedupKey;
      }
      await db.collection('applications').insertMany(a as any[], { ordered: false });
      await db.collection(FEED_COLLECTION).insertMany(f as any[], { ordered: false });
      await db.collection(DELIVERIES_COLLECTION).insertMany(d as any[], { ordered: false });
    }
    console.log(
      `lookups: ${COUNT} applications, feed entries and delivery records over ${PARTNERS} partners, inserted in ${((now() - i0) / 1000).toFixed(0)} s; load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );

    const agent = new https.Agent({ ca: api.cert, keepAlive: true, maxSockets: 1 });
    const kinds: Array<[string, (j: number) => string]> = [
      ['application by id (key read)', (j) => `/financing/v1/applications/${ids[j]}`],
      ['orders by order number', (j) => `/financing/v1/orders?orderNumber=LK-${j}`],
      ['orders by variable symbol', (j) => `/financing/v1/orders?orderVariableSymbol=${5_000_000_000 + j}`],
      ['orders by application id', (j) => `/financing/v1/orders?applicationId=${ids[j]}`],
      ['payments of an application', (j) => `/financing/v1/applications/${ids[j]}/payments`],
      ['events of an application', (j) => `/financing/v1/events?applicationId=${ids[j]}`],
      ['deliveries, newest page', () => '/financing/v1/webhooks/deliveries'],
    ];
    const times = new Map<string, number[]>(kinds.map(([k]) => [k, []]));
    const statuses = new Map<string, Map<number, number>>(kinds.map(([k]) => [k, new Map()]));
    for (let n = 0; n < LOOKUPS + 5; n++) {
      const j = Math.floor((n * 7919) % COUNT);
      const partner = partners[j % PARTNERS]!;
      for (const [kind, path] of kinds) {
        const s = now();
        const status = await get(agent, new URL(path(j), api.baseUrl), partner.token);
        if (n < 5) continue; // warm-up round
        times.get(kind)!.push(now() - s);
        statuses.get(kind)!.set(status, (statuses.get(kind)!.get(status) ?? 0) + 1);
      }
    }
    for (const [kind] of kinds) {
      const t = times.get(kind)!.sort((x, y) => x - y);
      const st = [...statuses.get(kind)!].map(([c, n]) => `${n}× ${c}`).join(', ');
      console.log(
        `  ${kind.padEnd(30)} p50 ${pct(t, 0.5).toFixed(1).padStart(7)}  p99 ${pct(t, 0.99).toFixed(1).padStart(7)}  max ${t[t.length - 1]!.toFixed(1).padStart(7)} ms  (${st}) ${pct(t, 0.99) < 50 ? '' : 'over the 50 ms target'}`,
      );
    }
    agent.destroy();
    console.log(`  took ${((now() - t0) / 1000).toFixed(0)} s`);
  } finally {
    await relay.stop('SIGTERM');
    await api.stop('SIGTERM');
    await api.dispose();
    receiver.stop();
    await db.dropDatabase().catch(() => {});
    const admin = new Kafka({ clientId: 'bench-cleanup', brokers: config.kafka.brokers, logLevel: logLevel.NOTHING }).admin();
    await admin.connect();
    const mine = (await admin.listTopics()).filter((t) => t.startsWith(config.kafka.topicPrefix));
    if (mine.length) await admin.deleteTopics({ topics: mine }).catch(() => {});
    await admin.disconnect();
    await mongo.close();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    process.stderr.write(`${err?.stack ?? err}\n`);
    process.exit(1);
  },
);
