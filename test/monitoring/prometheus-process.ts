import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PROMETHEUS, RULES_FILE, requireBinary } from './support.js';
import { waitFor } from '../support/wait.js';

export interface PromResult {
  status: 'success' | 'error';
  error?: string;
  data?: { resultType: string; result: { metric: Record<string, string>; value: [number, string] }[] };
}

export interface TestPrometheus {
  url: string;
  /** an instant query through the HTTP API */
  query(expr: string): Promise<PromResult>;
  get(pathAndQuery: string): Promise<any>;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

/**
 * Debian's Prometheus on 127.0.0.1 and a free port, with a temporary data directory, the
 * project's alert rules, and a 1 s scrape and evaluation interval over `targets`
 * (job name -> host:port). `stop` kills it and deletes the data. While Kafka is down a
 * scrape takes up to 2 s (the lag sampler's bound): `scrapeSeconds` gives it room.
 */
export async function startPrometheus(targets: Record<string, string>, scrapeSeconds = 1): Promise<TestPrometheus> {
  requireBinary(PROMETHEUS);
  const dir = mkdtempSync(path.join(tmpdir(), 'pf-prometheus-'));
  const port = await freePort();
  const config = {
    global: { scrape_interval: `${scrapeSeconds}s`, scrape_timeout: `${scrapeSeconds * 900}ms`, evaluation_interval: '1s' },
    rule_files: [RULES_FILE],
    scrape_configs: Object.entries(targets).map(([job, target]) => ({ job_name: job, static_configs: [{ targets: [target] }] })),
  };
  // JSON is YAML: no serializer needed
  writeFileSync(path.join(dir, 'prometheus.yml'), JSON.stringify(config));
  let output = '';
  const child: ChildProcess = spawn(
    PROMETHEUS,
    [
      `--config.file=${path.join(dir, 'prometheus.yml')}`,
      `--storage.tsdb.path=${path.join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
      '--log.level=warn',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout!.on('data', (c: Buffer) => {
    output += c.toString();
  });
  child.stderr!.on('data', (c: Buffer) => {
    output += c.toString();
  });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(killer);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const get = async (p: string): Promise<any> => (await fetch(`${url}${p}`, { signal: AbortSignal.timeout(5_000) })).json();
  try {
    await waitFor(
      `Prometheus ready on ${url}`,
      async () => {
        if (child.exitCode !== null) throw new Error(`prometheus exited ${child.exitCode}: ${output}`);
        return (await fetch(`${url}/-/ready`).catch(() => undefined))?.status === 200;
      },
      { maxWait: 20_000, interval: 100 },
    );
  } catch (err) {
    await stop();
    throw new Error(`${(err as Error).message}\n${output}`);
  }
  return {
    url,
    get,
    query: (expr) => get(`/api/v1/query?query=${encodeURIComponent(expr)}`),
    stop,
  };
}
