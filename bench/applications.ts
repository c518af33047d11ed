/**
 * Benchmark of the applications API: create and detail at 50 connections
 * against the local stack, beside two ceilings measured in the same run:
 *   - a bare Koa route over the same HTTPS stack (what HTTP costs on this machine),
 *   (the API and the bare Koa route each run as their own process, as in production; the
 *   load generator, autocannon, runs in this one and never shares their event loop)
 *   - the store driver alone doing the same writes as a create (the application insert
 *     holding its duplicate key, the outbox removal), 50 in flight, no HTTP, no Kafka;
 * and a floor: a bare Koa route that parses the same bodies and does the same writes, with
 * nothing of the service in between (what HTTP alone leaves of the store-alone figure).
 * RUNS rounds run every figure once each, back to back; a figure is the median of its
 * runs, a ratio the median of the rounds' ratios (this shared machine's speed drifts over
 * minutes, so only figures measured seconds apart are compared). Target: create ≥ 60 % of
 * the store-alone figure. A create counts as done once its notification is in the partner's
 * event feed (the API projects it from Kafka): each create figure waits for the feed to catch
 * up, and its CPU and rate include that wait.
 *
 *   npx tsx bench/applications.ts    (BENCH_SECONDS=5 BENCH_RUNS=3 BENCH_WARMUP_SECONDS=8 by default)
 *   (BENCH_API_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the API process)
 */
import autocannon from 'autocannon';
import { MongoClient, type Db } from 'mongodb';
import { resolveStack } from '../scripts/local-stack.js';
import { ApiProcess } from '../test/support/api-process.js';
import { testConfig } from '../test/support/config.js';
import { provisionPartnerByCli } from '../test/support/partners.js';
import { applicationBody } from '../test/applications/requests.js';
import { newId } from '../platform/ids.js';
import { availableParallelism } from 'node:os';
import { cpuPerOp, stackPids } from './support/cpu.js';
import { createIndexes, createWrites, type IndexSpec } from './support/create-writes.js';
import { duplicateKey, duplicateScopeOf } from '../modules/applications/create/new-application.js';
import { FEED_HEADS_COLLECTION } from '../modules/events/events.repository.js';
import { UNIQUE_PLACEHOLDER, uniqueBodies } from './support/unique-bodies.js';
import { startBareKoa } from './support/bare-koa-process.js';

/** What a create writes: a stored application as the template, and the collections' indexes. */
interface CreateShape {
  template: Record<string, unknown>;
  indexes: Record<string, IndexSpec[]>;
}

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/**
 * Load before a figure's first run. From a cold start the API's create rate climbed for
 * about 10 s (consecutive 5 s runs: 683, 801, 909 req/s; 1 012, 1 074) while V8 optimised
 * its code and grew the young generation; every figure gets the same warm-up.
 */
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 8);

interface Figure {
  rps: number;
  p50: number;
  p99: number;
  n: number;
  cpu?: Record<string, number | undefined>;
  settleMs?: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const medianFigure = (runs: Figure[]): Figure => ({
  rps: median(runs.map((r) => r.rps)),
  p50: median(runs.map((r) => r.p50)),
  p99: median(runs.map((r) => r.p99)),
  n: median(runs.map((r) => r.n)),
  cpu:
    runs[0]?.cpu &&
    Object.fromEntries(
      Object.keys(runs[0].cpu).map((k) => {
        const xs = runs.map((r) => r.cpu?.[k]).filter((x): x is number => x !== undefined);
        return [k, xs.length ? median(xs) : undefined];
      }),
    ),
});

/** One autocannon run; any error, or any status but `expect` (default: any 2xx), fails it. */
async function cannon({ expect, ...opts }: autocannon.Options & { expect?: number }): Promise<Figure> {
  const r = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...opts });
  const bad = r.non2xx + r.errors + r.timeouts;
  if (bad > 0) throw new Error(`${opts.title}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`);
  const other = expect === undefined ? 0 : r.requests.total - (r.statusCodeStats?.[`${expect}`]?.count ?? 0);
  // a 200 on create is a duplicate: the figure would no longer be one of creates
  if (other > 0) throw new Error(`${opts.title}: ${other} of ${r.requests.total} responses were not ${expect}`);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, n: r.requests.total };
}

/**
 * A create is done when its notification is in the partner's event feed too: the API's feed
 * projector may still be at work when the load stops, and its work must count in the
 * figure's CPU and time, not in the next figure's. Waits (at most 60 s) until the partner's
 * feed head has reached every create made so far; the figure's rate is its creates over the
 * load and that wait together.
 */
function untilProjected(db: Db, partnerId: string, load: (seconds?: number) => Promise<Figure>): (seconds?: number) => Promise<Figure> {
  let created = 0;
  return async (seconds = SECONDS) => {
    const f = await load(seconds);
    created += f.n;
    const t0 = Date.now();
    const heads = db.collection<{ _id: string; seq: number }>(FEED_HEADS_COLLECTION);
    while (((await heads.findOne({ _id: partnerId }))?.seq ?? 0) < created) {
      if (Date.now() - t0 > 60_000) throw new Error(`the event feed did not catch up with ${created} creates within 60 s`);
      await new Promise((r) => setTimeout(r, 20));
    }
    const settleMs = Date.now() - t0;
    return { ...f, rps: f.n / (seconds + settleMs / 1000), settleMs };
  };
}

/** What to undo when the benchmark ends (processes to stop, databases to drop), last first. */
type Cleanup = () => Promise<unknown> | void;

/** A figure of the benchmark: one run of it, and the processes whose CPU it accounts. */
interface Subject {
  name: string;
  run: () => Promise<Figure>;
  pids?: Record<string, number | undefined>;
  runs: Figure[];
}

const subject = (name: string, run: () => Promise<Figure>, pids?: Record<string, number | undefined>): Subject => ({ name, run, pids, runs: [] });

/**
 * RUNS rounds; each round runs every subject once, back to back. This machine's speed
 * drifts by tens of percent over minutes (it is shared), so a ratio is taken within a
 * round, between figures measured seconds apart, and the report gives the median of the
 * rounds' ratios beside the median figures.
 */
async function rounds(subjects: Subject[]): Promise<void> {
  for (let i = 0; i < RUNS; i++) {
    for (const s of subjects) {
      if (!s.pids) s.runs.push(await s.run());
      else {
        const { result, perOpUs } = await cpuPerOp(s.pids, s.run, (f) => f.n);
        s.runs.push({ ...result, cpu: perOpUs });
      }
    }
    process.stderr.write(
      `  round ${i + 1}: ${subjects.map((s) => `${s.name} ${s.runs[i]!.rps.toFixed(0)}${s.runs[i]!.settleMs === undefined ? '' : ` (feed caught up ${s.runs[i]!.settleMs} ms after the load)`}`).join(', ')} req/s\n`,
    );
  }
}

/** Each round's `a` as a percentage of its `b`, and their median. */
function pairedRatio(a: Subject, b: Subject): { median: number; rounds: number[] } {
  const ratios = a.runs.map((r, i) => (100 * r.rps) / b.runs[i]!.rps);
  return { median: median(ratios), rounds: ratios };
}

/** The ceiling: one bare Koa route, nothing else. */
async function bareKoa(cleanup: Cleanup[]): Promise<Subject> {
  const koa = await startBareKoa({});
  cleanup.push(() => koa.stop());
  await cannon({ url: koa.url, duration: WARMUP_SECONDS, title: 'warm-up' });
  return subject('bare Koa', () => cannon({ url: koa.url, title: 'bare Koa' }), { 'bare Koa': koa.pid });
}

/**
 * The floor: a bare Koa route that parses the same create bodies and does the same store
 * writes, and nothing else (no auth, validation, Kafka). The share of store-alone it
 * reaches is what HTTP itself leaves on this machine, for any implementation of the API.
 */
async function bareKoaWithStore(
  mongo: MongoClient,
  mongoUrl: string,
  shape: CreateShape,
  body: string,
  pids: Record<string, number | undefined>,
  cleanup: Cleanup[],
): Promise<Subject> {
  const dbName = `bench_floor_${newId().slice(-8)}`;
  cleanup.push(() => mongo.db(dbName).dropDatabase());
  const koa = await startBareKoa({ BARE_KOA_MONGO_URL: mongoUrl, BARE_KOA_DB: dbName, BARE_KOA_SHAPE: JSON.stringify(shape) });
  cleanup.push(() => koa.stop());
  // the create's bodies, built the same way: the load generator costs both figures alike
  const opts = {
    url: koa.url,
    method: 'POST' as const,
    headers: { 'content-type': 'application/json' },
    body,
    requests: [{ setupRequest: uniqueBodies(body) }],
  };
  await cannon({ ...opts, duration: WARMUP_SECONDS, title: 'warm-up' });
  return subject('floor', () => cannon({ ...opts, title: 'bare Koa + store' }), { 'bare Koa': koa.pid, ...pids });
}

/** The writes of one create, straight through the driver, CONNECTIONS in flight. */
async function storeAlone(
  mongoUrl: string,
  { template, indexes }: CreateShape,
  pids: Record<string, number | undefined>,
  cleanup: Cleanup[],
): Promise<Subject> {
  const client = new MongoClient(mongoUrl, { retryWrites: false, maxPoolSize: 50 });
  await client.connect();
  const db = client.db(`bench_store_${newId().slice(-8)}`);
  cleanup.push(async () => {
    await db.dropDatabase();
    await client.close();
  });
  const write = await createWrites(db, indexes);
  const run = async (seconds = SECONDS): Promise<Figure> => {
    const latencies: number[] = [];
    const end = Date.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (Date.now() < end) {
          const t0 = performance.now();
          await write(template);
          latencies.push(performance.now() - t0);
        }
      }),
    );
    latencies.sort((a, b) => a - b);
    return {
      n: latencies.length,
      rps: latencies.length / seconds,
      p50: latencies[Math.floor(latencies.length * 0.5)]!,
      p99: latencies[Math.floor(latencies.length * 0.99)]!,
    };
  };
  await run(WARMUP_SECONDS);
  return subject('store alone', () => run(), pids);
}

/**
 * Where the CPU of one request goes, per process, and what that allows on this machine's
 * cores: at full use of every core (no idle at all), creates/s ≤ cores / CPU per create.
 */
function printCpu(create: Figure, store: Figure, floor: Figure, koa: Figure): void {
  const total = (f: Figure) => Object.values(f.cpu ?? {}).reduce<number>((a, b) => a + (b ?? 0), 0);
  if (!create.cpu || Object.values(create.cpu).some((x) => x === undefined)) return;
  const cores = availableParallelism();
  console.log(`\nCPU per request, µs (median of the runs; ${cores} cores)`);
  for (const [name, f] of [
    ['create', create],
    ['store alone', store],
    ['floor', floor],
  ] as const) {
    const parts = Object.entries(f.cpu ?? {})
      .map(([k, v]) => `${k} ${v?.toFixed(0) ?? '?'}`)
      .join(', ');
    console.log(`  ${name.padEnd(12)} ${total(f).toFixed(0).padStart(6)}  (${parts})`);
  }
  for (const [name, f] of [
    ['creates', create],
    ['floor requests', floor],
  ] as const) {
    const bound = (cores * 1e6) / total(f);
    console.log(`  every core busy, ${name}/s ≤ ${bound.toFixed(0)}: at most ${((100 * bound) / store.rps).toFixed(0)} % of store-alone on this machine`);
  }
  const unit = koa.cpu?.['bare Koa'];
  if (unit)
    console.log(
      `  create in the API process ${create.cpu.api!.toFixed(0)} µs = ${(create.cpu.api! / unit).toFixed(1)} × a bare Koa HTTPS request (${unit.toFixed(0)} µs, same rounds)`,
    );
}

async function main() {
  if (!process.env.MONGO_URL || !process.env.KAFKA_BROKERS) {
    const stack = await resolveStack({ start: true });
    process.env.MONGO_URL = stack.MONGO_URL;
    process.env.KAFKA_BROKERS = stack.KAFKA_BROKERS;
  }
  // production heartbeat (the test harness beats every 500 ms)
  const config = testConfig();
  const api = await new ApiProcess(
    config,
    { LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '100000000', OUTBOX_SWEEP_INTERVAL: '5s', OUTBOX_SWEEP_GRACE: '2s' },
    process.env.BENCH_API_NODE_ARGS?.split(' ').filter(Boolean) ?? [],
  ).prepare();
  api.start();
  const mongo = new MongoClient(config.store.url, { retryWrites: false });
  const cleanup: Cleanup[] = [];
  try {
    await api.healthy();
    await mongo.connect();
    const db = mongo.db(config.store.db);
    const t = { baseUrl: api.baseUrl };
    const partner = await provisionPartnerByCli(config, api.client);
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${partner.token}` };
    // every create its own order number, or the duplicate rule would answer 200 with the first
    const body = JSON.stringify(applicationBody({}, { number: UNIQUE_PLACEHOLDER }));
    const creates = {
      url: `${t.baseUrl}/financing/v1/applications`,
      method: 'POST' as const,
      headers,
      body,
      requests: [{ setupRequest: uniqueBodies(body) }],
      expect: 201,
    };
    process.stderr.write(`benchmark: ${CONNECTIONS} connections, ${RUNS} × ${SECONDS} s per figure\n`);

    const projected = untilProjected(db, partner.id, (duration = SECONDS) =>
      cannon({ ...creates, duration, title: duration === SECONDS ? 'create' : 'warm-up' }),
    );
    await projected(WARMUP_SECONDS);
    const ids = (
      await db
        .collection('applications')
        .find({}, { projection: { _id: 1 } })
        .limit(1000)
        .toArray()
    ).map((d) => String(d._id));
    const stored = await db.collection('applications').findOne({ _id: ids[0] as any });
    const { _id, version, outbox, outboxAt, ...template } = stored as any;
    void version;
    void outbox;
    void outboxAt;
    // the ceilings write the service's duplicate key: check it is still the one it stores
    if (template.dedupKey !== duplicateKey(template.partnerId, template.type, template.order, duplicateScopeOf(template))) {
      throw new Error(`the service's duplicate key ${template.dedupKey} is not duplicateKey() of its application: update support/create-writes.ts`);
    }
    const shape = { template, indexes: await createIndexes(db) };
    const { store: storePid, kafka: kafkaPid } = stackPids();

    let i = 0;
    const create = subject('create', () => projected(), { api: api.pid, store: storePid, kafka: kafkaPid, 'load generator': process.pid });
    const store = await storeAlone(config.store.url, shape, { store: storePid, 'driver (this process)': process.pid }, cleanup);
    const floor = await bareKoaWithStore(mongo, config.store.url, shape, body, { store: storePid, 'load generator': process.pid }, cleanup);
    const koa = await bareKoa(cleanup);
    const detail = subject('detail', () =>
      cannon({
        url: `${t.baseUrl}/financing/v1/applications/${ids[0]}`,
        headers,
        title: 'detail',
        requests: [{ setupRequest: (req: any) => ({ ...req, path: `/financing/v1/applications/${ids[i++ % ids.length]}` }) }],
      }),
    );
    await rounds([create, store, floor, koa, detail]);
    const [createF, storeF, floorF, koaF, detailF] = [create, store, floor, koa, detail].map((x) => medianFigure(x.runs)) as [
      Figure,
      Figure,
      Figure,
      Figure,
      Figure,
    ];
    const createRatio = pairedRatio(create, store);
    const floorRatio = pairedRatio(floor, store);

    const pct = (x: number) => `${x.toFixed(0)} %`;
    const row = (name: string, f: Figure, ratio?: { median: number }) =>
      `${name.padEnd(34)}${f.rps.toFixed(0).padStart(9)}${f.p50.toFixed(1).padStart(10)}${f.p99.toFixed(1).padStart(10)}${ratio ? pct(ratio.median).padStart(10) : ''}`;
    console.log(`\n${'figure (median of the rounds)'.padEnd(34)}${'req/s'.padStart(9)}${'p50 ms'.padStart(10)}${'p99 ms'.padStart(10)}${'ratio'.padStart(10)}`);
    console.log(row('ceiling: bare Koa route (HTTPS)', koaF));
    console.log(row('ceiling: store alone (create writes)', storeF));
    console.log(row('floor: bare Koa + same writes', floorF, floorRatio));
    console.log(row('POST /applications (vs store)', createF, createRatio));
    console.log(row('GET /applications/{id} (vs Koa)', detailF, pairedRatio(detail, koa)));
    console.log(`\ncreate / store-alone = ${pct(createRatio.median)} (target ≥ 60 %): median of the rounds' ratios ${createRatio.rounds.map(pct).join(', ')}`);
    console.log(`floor / store-alone = ${pct(floorRatio.median)}: rounds ${floorRatio.rounds.map(pct).join(', ')}`);
    printCpu(createF, storeF, floorF, koaF);
  } finally {
    for (const undo of cleanup.reverse()) await Promise.resolve(undo()).catch(() => {});
    await api.stop('SIGTERM'); // a process run with --cpu-prof writes its profile as it exits
    await api.dispose();
    await mongo
      .db(config.store.db)
      .dropDatabase()
      .catch(() => {});
    await mongo.close();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
