import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Config } from '../../config/index.js';
import { processEntry } from './service-process.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
  json: any;
}

type Where = { store: Pick<Config['store'], 'url' | 'db'> } & Partial<Pick<Config, 'kafka'>>;

/**
 * Runs the operators' program (`ops <group> <verb> ...`) as an operator would, a separate
 * process, against the test's database; `stdin` is written to it (a password for
 * `--password-stdin`). Its configuration is the services' (MONGO_URL, KAFKA_BROKERS, ...).
 */
export function runOps(config: Where, args: string[], opts: { stdin?: string; env?: Record<string, string> } = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const entry = processEntry('ops/main.ts');
    const kafka = config.kafka ? { KAFKA_BROKERS: config.kafka.brokers.join(','), KAFKA_TOPIC_PREFIX: config.kafka.topicPrefix } : {};
    const child = spawn(process.execPath, [...(entry.endsWith('.ts') ? ['--import', 'tsx'] : []), entry, ...args], {
      cwd: ROOT,
      env: { ...process.env, MONGO_URL: config.store.url, MONGO_DB: config.store.db, ...kafka, ...opts.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      let json: any;
      try {
        json = JSON.parse(stdout);
      } catch {
        /* not JSON */
      }
      resolve({ code: code ?? 1, stdout, stderr, json });
    });
    child.stdin.end(opts.stdin ?? '');
  });
}

/** `ops partners <verb> ...` (what `npm run -s partners -- <verb> ...` runs). */
export function runPartnersCli(config: Where, args: string[], opts: { stdin?: string; env?: Record<string, string> } = {}): Promise<CliResult> {
  return runOps(config, ['partners', ...args], opts);
}

/** The answer of `ops partners <verb>` that must succeed. */
export async function partnersCliJson(config: Where, args: string[], opts: { stdin?: string; env?: Record<string, string> } = {}): Promise<any> {
  const res = await runPartnersCli(config, args, opts);
  if (res.code !== 0 || res.json === undefined) throw new Error(`ops partners exited ${res.code}: ${res.stderr}`);
  return res.json;
}
