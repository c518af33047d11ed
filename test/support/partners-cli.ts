import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Config } from '../../platform/config.js';
import { processEntry } from './service-process.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface CliResult { code: number; stdout: string; stderr: string; json: any }

/**
 * Runs the partners CLI as an operator would (a separate process) against the test's
 * database; `stdin` is written to it (a password for `--password-stdin`).
 */
export function runPartnersCli(config: Pick<Config, 'mongo'>, args: string[], opts: { stdin?: string; env?: Record<string, string> } = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const entry = processEntry('modules/auth/partners-cli.ts');
    const child = spawn(process.execPath, [...(entry.endsWith('.ts') ? ['--import', 'tsx'] : []), entry, ...args], {
      cwd: ROOT,
      env: { ...process.env, MONGO_URL: config.mongo.url, MONGO_DB: config.mongo.db, ...opts.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => { stdout += d; });
    child.stderr.on('data', (d) => { stderr += d; });
    child.on('error', reject);
    child.on('close', (code) => {
      let json: any;
      try { json = JSON.parse(stdout); } catch { /* not JSON */ }
      resolve({ code: code ?? 1, stdout, stderr, json });
    });
    child.stdin.end(opts.stdin ?? '');
  });
}

/** The CLI's JSON answer of a command that must succeed. */
export async function partnersCliJson(config: Pick<Config, 'mongo'>, args: string[], opts: { stdin?: string; env?: Record<string, string> } = {}): Promise<any> {
  const res = await runPartnersCli(config, args, opts);
  if (res.code !== 0 || res.json === undefined) throw new Error(`partners CLI exited ${res.code}: ${res.stderr}`);
  return res.json;
}
