/**
 * What the perimeter costs per request: an authenticated request (bearer check,
 * shared rate limit, then a 404 for an unknown application) against GET /v1/health (no
 * auth) in the same run, on the real API over HTTPS with the local MongoDB-wire store.
 * Also one raw store round trip (findOne by _id) as the unit of "one store round trip".
 *
 *   npx tsx bench/auth-overhead.ts [--seconds 5] [--concurrency 16]
 *
 * RATE_LIMIT_PER_MINUTE is set high so the limiter counts but never refuses; the store
 * writes per request it reports come from the counter documents themselves.
 */
import https from 'node:https';
import { parseArgs } from 'node:util';
import { randomBytes } from 'node:crypto';
import { loadConfig } from '../config/index.js';
import { createLogger } from '../platform/logger.js';
import { startApi } from '../api/create-api.js';
import { resolveStack } from '../scripts/local-stack.js';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '5' }, concurrency: { type: 'string', default: '16' } } });
const SECONDS = Number(values.seconds);
const CONCURRENCY = Number(values.concurrency);

interface Result {
  name: string;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  statuses: Record<number, number>;
}

function request(agent: https.Agent, url: URL, token?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = https.request(url, { agent, headers: token ? { Authorization: `Bearer ${token}` } : {} }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Closed loop: CONCURRENCY clients, each sending its next request when the last answered. */
async function load(name: string, agent: https.Agent, url: URL, token: string | undefined, seconds: number): Promise<Result> {
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  const end = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (Date.now() < end) {
        const t0 = process.hrtime.bigint();
        const status = await request(agent, url, token);
        latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))]!;
  return { name, requests: latencies.length, rps: latencies.length / seconds, p50: pct(0.5), p99: pct(0.99), statuses };
}

async function main() {
  const stack = await resolveStack({ start: true });
  const suffix = randomBytes(4).toString('hex');
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    MONGO_URL: stack.MONGO_URL,
    KAFKA_BROKERS: stack.KAFKA_BROKERS,
    MONGO_DB: `bench_${suffix}`,
    KAFKA_TOPIC_PREFIX: `bench.${suffix}.`,
    KAFKA_PARTITIONS: '1',
    HTTPS_PORT: '0',
    HTTP_PORT: '0',
    API_METRICS_PORT: '0',
    RATE_LIMIT_PER_MINUTE: '100000000',
  });
  const api = await startApi(config, createLogger({ level: 'silent', name: 'bench' }));
  const agent = new https.Agent({ ca: api.tls.cert, keepAlive: true, maxSockets: CONCURRENCY });
  const base = `https://localhost:${api.httpsPort}`;
  try {
    const password = randomBytes(16).toString('base64url');
    const partner = await api.modules.auth.admin.create({ username: `bench-${suffix}`, password });
    const token = (await api.modules.auth.tokens.issue(partner.id, 0)).token;
    const health = new URL('/v1/health', base);
    const authed = new URL('/financing/v1/applications/0190d3f0-0000-7000-8000-000000000000', base);
    await load('warm-up', agent, health, undefined, 1);
    await load('warm-up', agent, authed, token, 1);
    const counters = api.runtime.db.collection<{ _id: string; n: number }>('auth_counters');
    const claimedBefore = (await counters.find({ _id: { $regex: `^rate\\|${partner.id}\\|` } as any }).toArray()).reduce((s, d) => s + d.n, 0);

    const results = [
      await load('GET /v1/health (no auth)', agent, health, undefined, SECONDS),
      await load('GET unknown path outside /financing (404, no auth)', agent, new URL('/v1/nothing-here', base), undefined, SECONDS),
      await load('GET unknown application (bearer + rate limit + 404)', agent, authed, token, SECONDS),
    ];
    const claimed = (await counters.find({ _id: { $regex: `^rate\\|${partner.id}\\|` } as any }).toArray()).reduce((s, d) => s + d.n, 0) - claimedBefore;

    // one raw store round trip, the same concurrency, for scale
    const col = api.runtime.db.collection<{ _id: string }>('bench_probe');
    await col.insertOne({ _id: 'x' });
    const rt: number[] = [];
    const rtEnd = Date.now() + SECONDS * 1000;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (Date.now() < rtEnd) {
          const t0 = process.hrtime.bigint();
          await col.findOne({ _id: 'x' });
          rt.push(Number(process.hrtime.bigint() - t0) / 1e6);
        }
      }),
    );
    rt.sort((a, b) => a - b);

    const fmt = (n: number) => n.toFixed(2).padStart(8);
    process.stdout.write(
      `auth overhead, ${SECONDS} s per case, concurrency ${CONCURRENCY}, limiter batch ${Math.max(1, Math.min(20, Math.floor(100000000 / 50)))}\n`,
    );
    process.stdout.write(`${'case'.padEnd(56)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}  statuses\n`);
    for (const r of results) process.stdout.write(`${r.name.padEnd(56)} ${fmt(r.rps)} ${fmt(r.p50)} ${fmt(r.p99)}  ${JSON.stringify(r.statuses)}\n`);
    process.stdout.write(
      `${'raw store findOne by _id (driver, no HTTP)'.padEnd(56)} ${fmt(rt.length / SECONDS)} ${fmt(rt[Math.floor(rt.length / 2)]!)} ${fmt(rt[Math.floor(rt.length * 0.99)]!)}\n`,
    );
    const [h, n, a] = results as [Result, Result, Result];
    process.stdout.write(`authenticated / health throughput: ${(a.rps / h.rps).toFixed(2)}; p50 added: ${(a.p50 - h.p50).toFixed(2)} ms\n`);
    process.stdout.write(
      `authenticated 404 / anonymous 404 throughput (the perimeter alone): ${(a.rps / n.rps).toFixed(2)}; p50 added: ${(a.p50 - n.p50).toFixed(2)} ms\n`,
    );
    process.stdout.write(
      `rate-limit store writes per authenticated request: ${(claimed / 20 / a.requests).toFixed(3)} (${claimed} ordinals claimed in batches of 20 for ${a.requests} requests)\n`,
    );
  } finally {
    agent.destroy();
    await api.runtime.db.dropDatabase().catch(() => {});
    await api.stop();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    process.stderr.write(`${err?.stack ?? err}\n`);
    process.exit(1);
  },
);
