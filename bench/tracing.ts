/**
 * What tracing costs: the API process's CPU per create with tracing off (no OTLP endpoint:
 * the SDK is not loaded), on at 1 % sampling and on at 100 %, each API its own process on
 * its own database and topics, exporting over OTLP/HTTP (protobuf) to a sink in this
 * process that reads and drops what it gets (the backend's own cost is not the service's).
 * RUNS rounds run the three figures back to back; a figure is the median of its runs, a
 * ratio the median of the rounds' ratios against off (this shared machine's speed drifts
 * over minutes, so only figures measured seconds apart are compared).
 *
 *   npx tsx bench/tracing.ts    (BENCH_SECONDS=5 BENCH_RUNS=3 BENCH_WARMUP_SECONDS=5 BENCH_CONNECTIONS=20 by default)
 */
import http from 'node:http';
import autocannon from 'autocannon';
import { resolveStack } from '../scripts/local-stack.js';
import { ApiProcess } from '../test/support/api-process.js';
import { testConfig } from '../test/support/config.js';
import { provisionPartnerByCli } from '../test/support/partners.js';
import { applicationBody } from '../test/applications/requests.js';
import { dropTestResources } from '../test/support/api.js';
import { createKafka } from '../platform/kafka.js';
import { createLogger } from '../platform/logger.js';
import type { Config } from '../config/index.js';
import { cpuMs } from './support/cpu.js';
import { UNIQUE_PLACEHOLDER, uniqueBodies } from './support/unique-bodies.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** An OTLP/HTTP endpoint that reads every export and answers 200 (an empty ExportTraceServiceResponse). */
async function otlpSink(): Promise<{ url: string; exports: () => number; bytes: () => number; close: () => Promise<void> }> {
  let exports = 0;
  let bytes = 0;
  const server = http.createServer((req, res) => {
    req.on('data', (c: Buffer) => {
      bytes += c.length;
    });
    req.on('end', () => {
      exports++;
      res.writeHead(200, { 'content-type': req.headers['content-type'] ?? 'application/x-protobuf' });
      res.end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    exports: () => exports,
    bytes: () => bytes,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

interface Variant {
  name: string;
  env: Record<string, string>;
  config: Config;
  api: ApiProcess;
  headers: Record<string, string>;
  /** CPU µs per create, requests per second: one entry per run */
  cpu: number[];
  rps: number[];
  p50: number[];
}

async function main() {
  if (!process.env.MONGO_URL || !process.env.KAFKA_BROKERS) {
    const stack = await resolveStack({ start: true });
    process.env.MONGO_URL = stack.MONGO_URL;
    process.env.KAFKA_BROKERS = stack.KAFKA_BROKERS;
  }
  const sink = await otlpSink();
  const traced = (ratio: string) => ({
    OTEL_EXPORTER_OTLP_ENDPOINT: sink.url,
    OTEL_EXPORTER_OTLP_PROTOCOL: 'http/protobuf',
    OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
    OTEL_TRACES_SAMPLER_ARG: ratio,
  });
  const common = { LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '100000000', OUTBOX_SWEEP_INTERVAL: '5s', OUTBOX_SWEEP_GRACE: '2s' };
  const variants: Variant[] = [];
  try {
    for (const [name, env] of [
      ['off (no endpoint)', {}],
      ['on, 1 % sampled', traced('0.01')],
      ['on, 100 % sampled', traced('1')],
    ] as const) {
      const config = testConfig();
      const api = new ApiProcess(config, { ...common, ...env });
      variants.push({ name, env, config, api, headers: {}, cpu: [], rps: [], p50: [] });
      await api.prepare();
      api.start();
      await api.healthy();
      const partner = await provisionPartnerByCli(config, api.client);
      variants.at(-1)!.headers = { 'content-type': 'application/json', authorization: `Bearer ${partner.token}` };
    }
    const body = JSON.stringify(applicationBody({}, { number: UNIQUE_PLACEHOLDER }));
    const load = async (v: Variant, duration: number) => {
      const r = await autocannon({
        url: `${v.api.baseUrl}/financing/v1/applications`,
        method: 'POST',
        headers: v.headers,
        body,
        requests: [{ setupRequest: uniqueBodies(body) }],
        connections: CONNECTIONS,
        duration,
      });
      const created = r.statusCodeStats?.['201']?.count ?? 0;
      if (r.errors + r.timeouts > 0 || created !== r.requests.total)
        throw new Error(`${v.name}: ${r.requests.total - created} not 201, ${r.errors} errors, ${r.timeouts} timeouts`);
      return { created, rps: r.requests.average, p50: r.latency.p50 };
    };
    process.stderr.write(`tracing benchmark: ${CONNECTIONS} connections, ${RUNS} × ${SECONDS} s per figure, ${WARMUP_SECONDS} s warm-up each\n`);
    for (const v of variants) await load(v, WARMUP_SECONDS);
    const ratios: Record<string, number[]> = {};
    for (let round = 0; round < RUNS; round++) {
      for (const v of variants) {
        const before = cpuMs(v.api.pid);
        const r = await load(v, SECONDS);
        // the outbox publishes and the feed projector finish the run's creates within a second
        await new Promise((res) => setTimeout(res, 1_000));
        const spent = cpuMs(v.api.pid)! - before!;
        v.cpu.push((spent * 1000) / r.created);
        v.rps.push(r.rps);
        v.p50.push(r.p50);
      }
      const off = variants[0]!.cpu.at(-1)!;
      for (const v of variants.slice(1)) (ratios[v.name] ??= []).push(v.cpu.at(-1)! / off);
    }
    const fmt = (n: number, d = 0) => n.toFixed(d).padStart(9);
    console.log(`\nCPU per create in the API process (median of ${RUNS} runs; ratio: median of the rounds' ratios against off)`);
    console.log(`${'tracing'.padEnd(22)} ${'µs/create'.padStart(9)} ${'req/s'.padStart(9)} ${'p50 ms'.padStart(9)} ${'vs off'.padStart(9)}`);
    for (const v of variants) {
      const ratio = ratios[v.name] ? median(ratios[v.name]!) : 1;
      console.log(`${v.name.padEnd(22)} ${fmt(median(v.cpu))} ${fmt(median(v.rps))} ${fmt(median(v.p50), 1)} ${fmt(ratio, 3)}`);
    }
    console.log(
      `OTLP exports received: ${sink.exports()} requests, ${(sink.bytes() / 1024).toFixed(0)} KiB (the off API has no endpoint: none of them are its)`,
    );
  } finally {
    for (const v of variants) {
      await v.api.dispose();
      await dropTestResources(v.config, createKafka(v.config.kafka, createLogger({ level: 'silent', name: 'bench' })), v.config.kafka.topicPrefix).catch(
        () => {},
      );
    }
    await sink.close();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    process.stderr.write(`${err?.stack ?? err}\n`);
    process.exit(1);
  },
);
