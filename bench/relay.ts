/**
 * Webhook relay benchmark: notifications go API → Kafka → relay (its own
 * process, as deployed) → partners' endpoints (a receiver process), on the local Kafka and
 * MongoDB-wire store. The API runs in this process; each notification starts as a real
 * POST /financing/v1/applications (`--source outbox`: a bare document write + outbox). In the same run, the ceiling: a raw keep-alive HTTP POST loop from
 * this process to the same endpoints with the same number of requests in flight as the
 * relay may have (endpoints × WEBHOOK_CONCURRENCY_PER_ENDPOINT).
 *
 *   npx tsx bench/relay.ts [--n 2000] [--rate 200] [--backlog 5000] [--endpoints 8] [--raw 5000] [--source api|outbox]
 *   (BENCH_RELAY_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the relay process)
 *
 * 1. latency: n notifications paced at `rate`/s; end-to-end from the source call to the
 *    receiver (p50/p99/max). Target: p99 < 250 ms at 200/s.
 * 2. throughput: `backlog` notifications are put on Kafka while the relay is stopped; then
 *    the relay starts and drains them; deliveries/s from the first arrival until the last
 *    delivery is both delivered and recorded. Target:
 *    at least half of the raw ceiling.
 * 3. the floor: bench/relay/floor.ts (consume, POST, insert a record, commit; nothing else)
 *    drains the whole topic again in a consumer group of its own: what Kafka and the store
 *    leave of the raw ceiling for any relay.
 * Sources are in bench/relay/source.ts.
 */
import http from 'node:http';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config/index.js';
import { createLogger } from '../platform/logger.js';
import { TOPICS, type Kafka } from '../platform/kafka.js';
import { startApi, type Api } from '../api/create-api.js';
import { resolveStack } from '../scripts/local-stack.js';
import { cpuMeter, stackPids } from './support/cpu.js';
import { bareKoaCpuPerRequest } from './support/bare-koa-process.js';
import { DELIVERIES_COLLECTION } from '../modules/webhooks/delivery.repository.js';
import { ReceiverProcess } from './support/receiver-process.js';
import { now, paced, pct } from './support/pacing.js';
import { recordedAt, startFloor, startRelay, stopRelay } from './relay/processes.js';
import { apiSource, outboxSource, type BenchPartner, type NotificationSource } from './relay/source.js';

const { values } = parseArgs({
  options: {
    n: { type: 'string', default: '2000' },
    rate: { type: 'string', default: '200' },
    backlog: { type: 'string', default: '5000' },
    endpoints: { type: 'string', default: '8' },
    raw: { type: 'string', default: '5000' },
    concurrency: { type: 'string', default: '4' },
    source: { type: 'string', default: 'api' },
  },
});
const N = Number(values.n);
const RATE = Number(values.rate);
const BACKLOG = Number(values.backlog);
const ENDPOINTS = Number(values.endpoints);
const RAW = Number(values.raw);
const PER_ENDPOINT = Number(values.concurrency);

/** Closed loop of `inFlight` workers POSTing a notification-sized body, round robin over the endpoints. */
async function rawCeiling(ports: number[], total: number, inFlight: number): Promise<number> {
  const agent = new http.Agent({ keepAlive: true });
  const body = JSON.stringify({ id: 'raw-00000000-0000-7000-8000-000000000000', state: 'PROCESSING', stateReason: 'PROCESSING_REDIRECT_NEEDED' });
  const headers = {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(body)),
    'webhook-id': 'msg',
    'webhook-timestamp': '1',
    'webhook-signature': 'v1,x',
  };
  let next = 0;
  const started = now();
  await Promise.all(
    Array.from({ length: inFlight }, async (_, w) => {
      while (next < total) {
        next++;
        await new Promise<void>((resolve, reject) => {
          const req = http.request({ host: '127.0.0.1', port: ports[w % ports.length], path: '/hook', method: 'POST', agent, headers }, (res) => {
            res.resume();
            res.on('end', () => resolve());
          });
          req.on('error', reject);
          req.end(body);
        });
      }
    }),
  );
  agent.destroy();
  return total / ((now() - started) / 1000);
}

/** Opens `count` notifications at `rate`/s (open loop); returns id → call start. */
function pacedNotifications(source: NotificationSource, partners: BenchPartner[], count: number, rate: number): Promise<Map<string, number>> {
  return paced(count, rate, (i) => source.create(partners[i % partners.length]!));
}

async function backlog(source: NotificationSource, partners: BenchPartner[], count: number): Promise<string[]> {
  const ids: string[] = [];
  let i = 0;
  await Promise.all(
    Array.from({ length: 32 }, async () => {
      while (i < count) ids.push(await source.create(partners[i++ % partners.length]!));
    }),
  );
  return ids;
}

/** Waits until the notifications topic holds `count` messages in all (the outbox is asynchronous). */
async function onKafka(kafka: Kafka, topic: string, count: number): Promise<void> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    for (;;) {
      const offsets = await admin.fetchTopicOffsets(topic);
      if (offsets.reduce((sum, o) => sum + Number(o.high), 0) >= count) return;
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    await admin.disconnect();
  }
}

const ms = (v: number) => `${v.toFixed(1)} ms`;

async function main() {
  const stack = await resolveStack({ start: true });
  const suffix = randomBytes(4).toString('hex');
  const env = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    MONGO_URL: stack.MONGO_URL,
    KAFKA_BROKERS: stack.KAFKA_BROKERS,
    MONGO_DB: `bench_relay_${suffix}`,
    KAFKA_TOPIC_PREFIX: `bench.${suffix}.`,
    KAFKA_PARTITIONS: '3',
    RELAY_METRICS_PORT: '0',
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
    WEBHOOK_CONCURRENCY_PER_ENDPOINT: String(PER_ENDPOINT),
  };
  const config = loadConfig({
    ...env,
    LOG_LEVEL: 'silent',
    HTTPS_PORT: '0',
    HTTP_PORT: '0',
    API_METRICS_PORT: '0',
    RATE_LIMIT_PER_MINUTE: '100000000',
  });
  const api = await startApi(config, createLogger({ level: 'silent', name: 'bench-api' }));
  const notificationsTopic = api.runtime.topics.name(TOPICS.notifications);
  const receiver = new ReceiverProcess(ENDPOINTS);
  let relay: ChildProcess | undefined;
  try {
    const ports = await receiver.ports();
    const source = values.source === 'outbox' ? await outboxSource(api) : apiSource(api);
    const partners: BenchPartner[] = [];
    for (const port of ports) partners.push(await source.addPartner(`http://127.0.0.1:${port}/hook`));

    // the ceiling is measured three times across the run (the machine is shared): median
    const inFlight = ENDPOINTS * PER_ENDPOINT;
    const raws: number[] = [];
    const measureRaw = async () => {
      raws.push(await rawCeiling(ports, RAW, inFlight));
      await receiver.reset();
    };
    await rawCeiling(ports, Math.min(1000, RAW), inFlight); // warm-up
    await measureRaw();

    relay = await startRelay(env);
    await pacedNotifications(source, partners, 100, RATE); // warm-up: connections, JIT, consumer fetch loop
    await receiver.waitFor(100, 60_000);
    await receiver.reset();

    const sent = await pacedNotifications(source, partners, N, RATE);
    const arrived = await receiver.waitFor(N, 120_000);
    const latencies = [...sent].map(([id, t0]) => arrived.get(id)! - t0).sort((a, b) => a - b);
    await stopRelay(relay);
    relay = undefined;

    await measureRaw();
    const ids = await backlog(source, partners, BACKLOG);
    await onKafka(api.runtime.kafka, notificationsTopic, 100 + N + BACKLOG);
    relay = await startRelay(env);
    const meter = cpuMeter({ relay: relay.pid, receiver: receiver.pid, 'bench+api': process.pid, ...stackPids() });
    const wallBefore = now();
    const drained = await receiver.waitFor(BACKLOG, 300_000);
    const lastRecord = await recordedAt(api.runtime.db.collection(DELIVERIES_COLLECTION), 100 + N + BACKLOG);
    const cpuSpent = meter.spentMs();
    const wallMs = now() - wallBefore;
    const times = ids.map((id) => drained.get(id)!).sort((a, b) => a - b);
    // drained: from the first arrival until every delivery is delivered and recorded
    const throughput = (times.length - 1) / ((Math.max(times[times.length - 1]!, lastRecord) - times[0]!) / 1000);
    await stopRelay(relay);
    relay = undefined;
    await measureRaw();

    // the floor drains everything on the topic once more, in its own group and database
    await receiver.reset();
    const all = 100 + N + BACKLOG;
    const floorMark = now();
    const started = await startFloor(
      {
        KAFKA_BROKERS: stack.KAFKA_BROKERS,
        MONGO_URL: stack.MONGO_URL,
        MONGO_DB: `${env.MONGO_DB}_floor`,
        FLOOR_TOPIC: notificationsTopic,
        FLOOR_GROUP: `${env.KAFKA_TOPIC_PREFIX}floor`,
        FLOOR_PER_ENDPOINT: String(PER_ENDPOINT),
      },
      all,
    );
    relay = started.child; // stopped like the relay, in the finally below too
    const floorMeter = cpuMeter({ floor: relay.pid, receiver: receiver.pid, ...stackPids() });
    const floorArrivals = [...(await receiver.waitFor(all, 300_000)).values()].sort((a, b) => a - b);
    const floorLastRecord = await Promise.race([
      started.allRecorded,
      new Promise<never>((_, reject) => {
        setTimeout(() => reject(new Error(`the floor did not record ${all} deliveries within 60 s of their arrival`)), 60_000).unref();
      }),
    ]);
    const floorCpuSpent = floorMeter.spentMs();
    const floorWallMs = now() - floorMark;
    const floor = (floorArrivals.length - 1) / ((Math.max(floorArrivals[floorArrivals.length - 1]!, floorLastRecord) - floorArrivals[0]!) / 1000);
    await stopRelay(relay);
    relay = undefined;

    const raw = [...raws].sort((a, b) => a - b)[1]!;
    const byProcess = (spent: Record<string, number | undefined>, show: (ms: number) => string) =>
      Object.entries(spent)
        .filter(([, ms]) => ms !== undefined)
        .map(([k, ms]) => `${k} ${show(ms!)}`)
        .join(', ');
    const share = (spent: Record<string, number | undefined>, wall: number) => byProcess(spent, (ms) => `${((ms / wall) * 100).toFixed(0)}%`);
    // from the process's start (or the drain's) to the last record: startup and the group join included
    const perDelivery = (spent: Record<string, number | undefined>, deliveries: number) => byProcess(spent, (ms) => ((ms * 1000) / deliveries).toFixed(0));
    const cpu = share(cpuSpent, wallMs);
    const unit = await bareKoaCpuPerRequest();
    const relayUs = cpuSpent.relay === undefined ? undefined : (cpuSpent.relay * 1000) / BACKLOG;
    const multiple =
      relayUs === undefined
        ? '?'
        : `${relayUs.toFixed(0)} µs = ${(relayUs / unit.us).toFixed(1)} × a bare Koa HTTPS request (${unit.us.toFixed(0)} µs, same run)`;

    process.stdout.write(
      [
        '',
        `webhook relay benchmark: ${ENDPOINTS} endpoints × ${PER_ENDPOINT} in flight, source: ${source.name}`,
        `  raw POST ceiling        ${raw.toFixed(0)} req/s median of ${raws.map((r) => r.toFixed(0)).join(', ')} (${RAW} POSTs each, ${inFlight} in flight, same receiver)`,
        `  paced ${RATE}/s × ${N}      p50 ${ms(pct(latencies, 0.5))}  p99 ${ms(pct(latencies, 0.99))}  max ${ms(latencies[latencies.length - 1]!)}  (target p99 < 250 ms)`,
        `  backlog of ${BACKLOG}      ${throughput.toFixed(0)} deliveries/s = ${(throughput / raw).toFixed(2)} × raw ceiling (target ≥ 0.50)`,
        `  CPU during the drain     ${cpu} (of one core each; 2 cores in all)`,
        `  CPU per delivery, µs     ${perDelivery(cpuSpent, BACKLOG)} (startup and group join included)`,
        `  relay process per delivery ${multiple}`,
        `  floor: drain of ${all}   ${floor.toFixed(0)} deliveries/s = ${(floor / raw).toFixed(2)} × raw ceiling (consume, POST, insert a record, commit; nothing else)`,
        `  CPU during the floor     ${share(floorCpuSpent, floorWallMs)}`,
        `  CPU per delivery, µs     ${perDelivery(floorCpuSpent, all)} (the same way)`,
        '',
      ].join('\n'),
    );
  } finally {
    if (relay) await stopRelay(relay);
    receiver.stop();
    await api.stop();
    await dropAll(api, config.kafka.topicPrefix);
  }
}

async function dropAll(api: Api, prefix: string) {
  const runtime = api.runtime;
  const { MongoClient } = await import('mongodb');
  const client = new MongoClient(runtime.config.store.url, { retryWrites: false });
  await client.connect();
  await client
    .db(`${runtime.config.store.db}_floor`)
    .dropDatabase()
    .catch(() => {});
  await client
    .db(runtime.config.store.db)
    .dropDatabase()
    .finally(() => client.close());
  const admin = runtime.kafka.admin();
  await admin.connect();
  const mine = (await admin.listTopics()).filter((t) => t.startsWith(prefix));
  if (mine.length) await admin.deleteTopics({ topics: mine }).catch(() => {});
  await admin.disconnect();
}

main().then(
  () => process.exit(0),
  (err) => {
    process.stderr.write(`${err?.stack ?? err}\n`);
    process.exit(1);
  },
);
