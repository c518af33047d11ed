/**
 * The first seconds after a deploy, in the shape the service is compared with other webhook
 * services in: per run, on a running stack (Kafka and the store stay up, as in a rolling
 * deploy), the API and the relay are started once (topics, partners), stopped, and started
 * again; then 200 warm-up creates, a 3 s pause, 200 creates/s for 10 s (end to end: from the
 * create's call to the webhook's arrival at a receiver process), and a burst of 5 000 creates
 * with 50 in flight (deliveries per second: the burst's creates over the time from its first
 * call to its last webhook). Every create must answer 201 and every notification arrive.
 *
 * Runs alternate the variants given (default: the compiled JavaScript the service now runs,
 * `dist/`, and the TypeScript sources through tsx, as before), so that both see the same
 * minutes of a shared machine; each run prints its load average.
 *
 *   npm run bench -- first-seconds            (about 45 s per run; 4 runs and the bare-Koa
 *                                              unit: about 3.5 minutes)
 *   npx tsx bench/first-seconds.ts [--runs 4] [--variants js,tsx] [--rate 200] [--seconds 10]
 *                                  [--warmup 200] [--pause 3] [--burst 5000] [--inflight 50]
 *   BENCH_API_NODE_ARGS / BENCH_RELAY_NODE_ARGS: extra Node flags of the services, e.g.
 *   "--cpu-prof --cpu-prof-dir=/tmp/prof" (bench/profile-top.ts reads the profiles)
 *
 * Prints, per run: the restart (spawn to ready, both processes) and the processes' memory,
 * p50/p99 of each 1-second slice of the paced phase, the whole paced phase, the burst rate,
 * CPU per create (API) and per delivery (relay) beside a bare Koa HTTPS request's; then a
 * summary per variant. Targets: first-10-seconds p99 ≤ 30 ms, burst ≥ 950 deliveries/s.
 */
import { loadavg } from 'node:os';
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { MongoClient } from 'mongodb';
import { Kafka, logLevel } from 'kafkajs';
import { resolveStack } from '../scripts/local-stack.js';
import { compiledEntry } from '../platform/node-flags.js';
import type { Config } from '../config/index.js';
import { testConfig, uniqueSuffix } from '../test/support/config.js';
import { ApiProcess } from '../test/support/api-process.js';
import { ServiceProcess, serviceEnv } from '../test/support/service-process.js';
import { waitFor } from '../test/support/wait.js';
import { cpuMeter, stackPids } from './support/cpu.js';
import { availableParallelism } from 'node:os';
import { bareKoaCpuPerRequest } from './support/bare-koa-process.js';
import { ReceiverProcess } from './support/receiver-process.js';
import { now, paced, pct } from './support/pacing.js';
import { apiProcessSource, type BenchPartner, type NotificationSource } from './relay/source.js';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '4' },
    variants: { type: 'string', default: 'js,tsx' },
    rate: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '200' },
    pause: { type: 'string', default: '3' },
    burst: { type: 'string', default: '5000' },
    inflight: { type: 'string', default: '50' },
    endpoints: { type: 'string', default: '8' },
  },
});
const RUNS = Number(values.runs);
const VARIANTS = values.variants!.split(',') as Array<'js' | 'tsx'>;
const RATE = Number(values.rate);
const SECONDS = Number(values.seconds);
const WARMUP = Number(values.warmup);
const PAUSE_S = Number(values.pause);
const BURST = Number(values.burst);
const INFLIGHT = Number(values.inflight);
const ENDPOINTS = Number(values.endpoints);

const entry = (variant: 'js' | 'tsx', ts: string) => (variant === 'js' ? compiledEntry(ts) : ts);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
const rssMb = (pid: number | undefined) => {
  if (!pid) return NaN;
  const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
};
const fmt = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : '?');

interface Services {
  api: ApiProcess;
  relay: ServiceProcess;
}

/** Extra Node flags of a service from the environment (BENCH_API_NODE_ARGS, BENCH_RELAY_NODE_ARGS), e.g. --cpu-prof. */
const flags = (name: string) => process.env[name]?.split(' ').filter(Boolean) ?? [];

async function startRelay(config: Config, variant: 'js' | 'tsx'): Promise<ServiceProcess> {
  const relay = new ServiceProcess(entry(variant, 'relay/main.ts'), flags('BENCH_RELAY_NODE_ARGS'));
  relay.spawn({ ...serviceEnv(config), LOG_LEVEL: 'info', RELAY_METRICS_PORT: '0' });
  await waitFor(
    'the relay to run',
    () => {
      if (relay.exited) throw new Error(`the relay exited: ${relay.log}`);
      return relay.log.includes('"relay running"');
    },
    { maxWait: 60_000, interval: 20 },
  );
  return relay;
}

/** Starts both processes together (as a deploy does); resolves with the time until both serve. */
async function startBoth(api: ApiProcess, config: Config, variant: 'js' | 'tsx'): Promise<{ relay: ServiceProcess; readyMs: number }> {
  const t0 = now();
  api.start();
  const [relay] = await Promise.all([startRelay(config, variant), api.healthy()]);
  return { relay, readyMs: now() - t0 };
}

/** `count` calls with at most `inflight` open at a time; resolves with call start times by id and the failures. */
async function inFlight(
  count: number,
  inflight: number,
  call: () => Promise<string>,
): Promise<{ sent: Map<string, number>; failed: number; firstError?: string }> {
  const sent = new Map<string, number>();
  let next = 0;
  let failed = 0;
  let firstError: string | undefined;
  await Promise.all(
    Array.from({ length: inflight }, async () => {
      while (next < count) {
        next++;
        const t0 = now();
        try {
          sent.set(await call(), t0);
        } catch (err) {
          failed++;
          firstError ??= (err as Error).message;
        }
      }
    }),
  );
  return { sent, failed, firstError };
}

interface RunResult {
  variant: string;
  load: string;
  readyMs: number;
  rss: { api: number; relay: number };
  slices: Array<{ p50: number; p99: number; n: number }>;
  p50: number;
  p99: number;
  max: number;
  burstRate: number;
  non2xx: number;
  cpu: { api: number; relay: number; burstApi: number; burstRelay: number };
  /** CPU µs per create of every process on the machine that took part in the burst */
  burstMachine: Record<string, number>;
}

async function oneRun(variant: 'js' | 'tsx', receiver: ReceiverProcess, ports: number[], mongo: MongoClient): Promise<RunResult> {
  const suffix = uniqueSuffix();
  const config = testConfig({ KAFKA_PARTITIONS: '3', MONGO_DB: `bench_first_${suffix}`, KAFKA_TOPIC_PREFIX: `bench.${suffix}.` });
  const api = await new ApiProcess(
    config,
    { LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '100000000' },
    flags('BENCH_API_NODE_ARGS'),
    entry(variant, 'api/main.ts'),
  ).prepare();
  let svc: Services | undefined;
  try {
    // the deploy before: topics, partners, consumer groups exist
    const first = await startBoth(api, config, variant);
    const source: NotificationSource = apiProcessSource(api, config);
    const partners: BenchPartner[] = [];
    for (const port of ports) partners.push(await source.addPartner(`http://127.0.0.1:${port}/hook`));
    await first.relay.stop('SIGTERM');
    await api.stop('SIGTERM');
    await receiver.reset();

    const runLoad = load();
    const { relay, readyMs } = await startBoth(api, config, variant);
    svc = { api, relay };
    let i = 0;
    const create = () => source.create(partners[i++ % partners.length]!);
    const warm = await inFlight(WARMUP, 10, create);
    const rss = { api: rssMb(api.pid), relay: rssMb(relay.pid) };
    await new Promise((r) => setTimeout(r, PAUSE_S * 1000));

    const pids = { api: api.pid, relay: relay.pid };
    const pacedCpu = cpuMeter(pids);
    let non2xx = warm.failed;
    const t0 = now();
    const sent = await paced(SECONDS * RATE, RATE, create, () => {
      non2xx++;
      return true;
    });
    const arrived = await receiver.waitFor(WARMUP - warm.failed + sent.size, 60_000);
    const cpuPaced = pacedCpu.spentMs();
    const slices = Array.from({ length: SECONDS }, () => [] as number[]);
    const all: number[] = [];
    for (const [id, call] of sent) {
      const e2e = arrived.get(id)! - call;
      all.push(e2e);
      slices[Math.min(SECONDS - 1, Math.floor((call - t0) / 1000))]!.push(e2e);
    }
    all.sort((a, b) => a - b);

    const us = (ms: number | undefined, n: number) => (ms === undefined ? NaN : (ms * 1000) / n);
    const burstCpu = cpuMeter(pids);
    // every process the burst runs through, so the machine's budget per create can be read
    const machineCpu = cpuMeter({ ...pids, ...stackPids(), receiver: receiver.pid, 'load generator': process.pid });
    const b0 = now();
    const burst = await inFlight(BURST, INFLIGHT, create);
    non2xx += burst.failed;
    const got = await receiver.waitFor(WARMUP - warm.failed + sent.size + burst.sent.size, 120_000);
    const last = Math.max(...[...burst.sent.keys()].map((id) => got.get(id)!));
    const cpuBurst = burstCpu.spentMs();
    const burstMachine = Object.fromEntries(Object.entries(machineCpu.spentMs()).map(([k, ms]) => [k, us(ms, burst.sent.size)]));
    if (burst.firstError) console.log(`    burst: ${burst.failed} creates failed, the first: ${burst.firstError}`);
    return {
      variant,
      load: runLoad,
      readyMs,
      rss,
      slices: slices.map((s) => {
        s.sort((a, b) => a - b);
        return { p50: pct(s, 0.5), p99: pct(s, 0.99), n: s.length };
      }),
      p50: pct(all, 0.5),
      p99: pct(all, 0.99),
      max: all[all.length - 1]!,
      burstRate: (burst.sent.size / (last - b0)) * 1000,
      non2xx,
      cpu: {
        api: us(cpuPaced.api, sent.size),
        relay: us(cpuPaced.relay, sent.size),
        burstApi: us(cpuBurst.api, burst.sent.size),
        burstRelay: us(cpuBurst.relay, burst.sent.size),
      },
      burstMachine,
    };
  } finally {
    await svc?.relay.stop('SIGTERM');
    await api.stop('SIGTERM');
    await api.dispose();
    await dropAll(config, mongo);
  }
}

async function dropAll(config: Config, mongo: MongoClient): Promise<void> {
  await mongo
    .db(config.store.db)
    .dropDatabase()
    .catch(() => {});
  const admin = new Kafka({ clientId: 'bench-cleanup', brokers: config.kafka.brokers, logLevel: logLevel.NOTHING }).admin();
  await admin.connect();
  const mine = (await admin.listTopics()).filter((t) => t.startsWith(config.kafka.topicPrefix));
  if (mine.length) await admin.deleteTopics({ topics: mine }).catch(() => {});
  await admin.disconnect();
}

function printRun(n: number, r: RunResult, unitUs: number): void {
  console.log(
    `\n  run ${n} (${r.variant}), load average ${r.load}: restart to ready ${(r.readyMs / 1000).toFixed(2)} s; RSS after the warm-up API ${fmt(r.rss.api)} MB, relay ${fmt(r.rss.relay)} MB`,
  );
  console.log(`    paced ${RATE}/s, e2e per 1-second slice (p50 / p99 ms): ${r.slices.map((s) => `${fmt(s.p50)}/${fmt(s.p99)}`).join('  ')}`);
  console.log(
    `    paced, whole ${SECONDS} s: p50 ${fmt(r.p50)}  p99 ${fmt(r.p99)}  max ${fmt(r.max)} ms (target p99 ≤ 30: ${r.p99 <= 30 ? 'met' : 'NOT met'})`,
  );
  console.log(
    `    burst of ${BURST} at ${INFLIGHT} in flight: ${r.burstRate.toFixed(0)} deliveries/s (target ≥ 950: ${r.burstRate >= 950 ? 'met' : 'NOT met'}); non-2xx answers in the run: ${r.non2xx}`,
  );
  const x = (v: number) => (Number.isFinite(unitUs) ? `${fmt(v)} µs = ${(v / unitUs).toFixed(1)} × bare Koa` : `${v.toFixed(0)} µs`);
  console.log(
    `    CPU per create (API): paced ${x(r.cpu.api)}, burst ${x(r.cpu.burstApi)}; per delivery (relay): paced ${x(r.cpu.relay)}, burst ${x(r.cpu.burstRelay)}`,
  );
  const parts = Object.entries(r.burstMachine).filter(([, v]) => Number.isFinite(v));
  const total = parts.reduce((n, [, v]) => n + v, 0);
  // what the cores allow at this cost: the burst rate cannot pass it, whatever the latency
  const ceiling = (availableParallelism() * 1e6) / total;
  console.log(
    `    the burst's CPU per create on the whole machine: ${parts.map(([k, v]) => `${k} ${(v / 1000).toFixed(2)}`).join(', ')}; ` +
      `sum ${(total / 1000).toFixed(2)} ms, so ${availableParallelism()} cores allow at most ${ceiling.toFixed(0)} creates/s (${((r.burstRate / ceiling) * 100).toFixed(0)} % of it reached)`,
  );
}

async function main(): Promise<void> {
  // the compiled variant runs dist/, as `npm start` does: build it when a source is newer (a clean clone has none)
  if (VARIANTS.includes('js')) execFileSync(process.execPath, ['scripts/images/compile.mjs', 'dist', '--if-stale'], { stdio: 'inherit' });
  const stack = await resolveStack({ start: true });
  process.env.MONGO_URL = stack.MONGO_URL;
  process.env.KAFKA_BROKERS = stack.KAFKA_BROKERS;
  const started = now();
  const receiver = new ReceiverProcess(ENDPOINTS);
  const mongo = new MongoClient(stack.MONGO_URL, { retryWrites: false });
  await mongo.connect();
  const results: RunResult[] = [];
  try {
    const ports = await receiver.ports();
    console.log(
      `first seconds after a restart: ${RUNS} runs alternating ${VARIANTS.join(', ')}; ${WARMUP} warm-up creates, ${PAUSE_S} s pause, ${RATE}/s for ${SECONDS} s, burst ${BURST} at ${INFLIGHT} in flight`,
    );
    for (let n = 0; n < RUNS; n++) {
      const variant = VARIANTS[n % VARIANTS.length]!;
      const r = await oneRun(variant, receiver, ports, mongo);
      results.push(r);
      printRun(n + 1, r, NaN);
    }
    const unit = await bareKoaCpuPerRequest();
    console.log(
      `\n  unit: a bare Koa HTTPS request costs its process ${unit.us.toFixed(0)} µs (${unit.rps.toFixed(0)} req/s at 50 connections), load average ${load()}`,
    );
    console.log(`\n  summary per variant (runs in order; CPU in × bare Koa):`);
    for (const v of VARIANTS) {
      const rs = results.filter((r) => r.variant === v);
      const list = (f: (r: RunResult) => string) => rs.map(f).join(', ');
      console.log(
        `    ${v.padEnd(4)} restart to ready ${list((r) => `${(r.readyMs / 1000).toFixed(2)} s`)}; RSS API ${list((r) => fmt(r.rss.api))} MB, relay ${list((r) => fmt(r.rss.relay))} MB`,
      );
      console.log(
        `         first-10-s e2e p50/p99 ${list((r) => `${fmt(r.p50)}/${fmt(r.p99)}`)} ms; first slice p99 ${list((r) => fmt(r.slices[0]!.p99))} ms; burst ${list((r) => r.burstRate.toFixed(0))}/s; non-2xx ${list((r) => String(r.non2xx))}`,
      );
      console.log(
        `         CPU per create ${list((r) => (r.cpu.api / unit.us).toFixed(1))}, per delivery ${list((r) => (r.cpu.relay / unit.us).toFixed(1))} (paced); burst ${list((r) => (r.cpu.burstApi / unit.us).toFixed(1))} / ${list((r) => (r.cpu.burstRelay / unit.us).toFixed(1))}`,
      );
    }
    console.log(`\n  took ${((now() - started) / 1000).toFixed(0)} s`);
  } finally {
    receiver.stop();
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
