/**
 * What an Idempotency-Key costs on create: the same creates (each its own order number)
 * with and without a key of their own, alternating in rounds, 50 connections. Reports
 * creates/s and the CPU per create of the API and of the store (the key adds a claim insert
 * and its update to DONE, and the kept response rides in the application's insert).
 *
 *   npx tsx bench/idempotency.ts    (BENCH_SECONDS=5 BENCH_RUNS=3 BENCH_WARMUP_SECONDS=8 by default)
 */
import autocannon from 'autocannon';
import { MongoClient } from 'mongodb';
import { resolveStack } from '../scripts/local-stack.js';
import { ApiProcess } from '../test/support/api-process.js';
import { testConfig } from '../test/support/config.js';
import { provisionPartnerByCli } from '../test/support/partners.js';
import { applicationBody } from '../test/applications/requests.js';
import { cpuPerOp, stackPids } from './support/cpu.js';
import { UNIQUE_PLACEHOLDER, uniqueBodies, uniqueValues } from './support/unique-bodies.js';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 8);

interface Run {
  rps: number;
  p50: number;
  n: number;
  cpu: Record<string, number | undefined>;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function cannon(opts: autocannon.Options): Promise<{ rps: number; p50: number; n: number }> {
  const r = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...opts });
  const created = r.statusCodeStats?.['201']?.count ?? 0;
  if (r.errors + r.timeouts > 0 || created !== r.requests.total) throw new Error(`${opts.title}: ${r.requests.total - created} answers were not 201`);
  return { rps: r.requests.average, p50: r.latency.p50, n: r.requests.total };
}

/** Unique bodies, and with `keyed` a unique Idempotency-Key on each request too. */
function requests(body: string, keyed: boolean) {
  const bodies = uniqueBodies(body);
  const keys = uniqueValues();
  return [
    {
      setupRequest: (req: any) => {
        const r = bodies(req);
        return keyed ? { ...r, headers: { ...r.headers, 'idempotency-key': keys() } } : r;
      },
    },
  ];
}

async function main() {
  if (!process.env.MONGO_URL || !process.env.KAFKA_BROKERS) {
    const stack = await resolveStack({ start: true });
    process.env.MONGO_URL = stack.MONGO_URL;
    process.env.KAFKA_BROKERS = stack.KAFKA_BROKERS;
  }
  const config = testConfig();
  const api = await new ApiProcess(config, {
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '100000000',
    OUTBOX_SWEEP_INTERVAL: '5s',
    OUTBOX_SWEEP_GRACE: '2s',
  }).prepare();
  api.start();
  const mongo = new MongoClient(config.store.url, { retryWrites: false });
  try {
    await api.healthy();
    await mongo.connect();
    const partner = await provisionPartnerByCli(config, api.client);
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${partner.token}` };
    const body = JSON.stringify(applicationBody({}, { number: UNIQUE_PLACEHOLDER }));
    const base = { url: `${api.baseUrl}/financing/v1/applications`, method: 'POST' as const, headers, body };
    await cannon({ ...base, requests: requests(body, true), duration: WARMUP_SECONDS, title: 'warm-up' });
    const { store } = stackPids();
    const runs: Record<'without key' | 'with key', Run[]> = { 'without key': [], 'with key': [] };
    for (let i = 0; i < RUNS; i++) {
      for (const name of ['without key', 'with key'] as const) {
        const { result, perOpUs } = await cpuPerOp(
          { api: api.pid, store },
          () => cannon({ ...base, requests: requests(body, name === 'with key'), title: name }),
          (f) => f.n,
        );
        runs[name].push({ ...result, cpu: perOpUs });
      }
      process.stderr.write(
        `  round ${i + 1}: ${Object.entries(runs)
          .map(([k, v]) => `${k} ${v[i]!.rps.toFixed(0)}`)
          .join(', ')} creates/s\n`,
      );
    }
    console.log(`creates, ${CONNECTIONS} connections, median of ${RUNS} × ${SECONDS} s`);
    for (const [name, rs] of Object.entries(runs)) {
      const cpu = (k: string) => median(rs.map((r) => r.cpu[k] ?? Number.NaN)).toFixed(0);
      console.log(
        `  ${name.padEnd(12)} ${median(rs.map((r) => r.rps))
          .toFixed(0)
          .padStart(5)} creates/s  p50 ${median(rs.map((r) => r.p50))} ms  CPU per create: API ${cpu('api')} µs, store ${cpu('store')} µs`,
      );
    }
  } finally {
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
