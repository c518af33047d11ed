import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compiledEntry, serviceNodeArgs } from '../platform/node-flags.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * `npm start` with the sandbox on: a ready-made sandbox partner, as the sandbox image has
 * one, so that a newcomer's first request needs no CLI. Made with the partners CLI the first
 * time, its credentials printed then and kept in the project cache (mode 0600); later starts
 * name the file. Made again when the store no longer knows it (a new local store).
 */
export const CREDENTIALS_FILE = path.join(process.env.PF_CACHE ?? path.join(homedir(), '.cache', 'partner-financing'), 'sandbox-partner.json');
const USERNAME = 'sandbox-shop';

export interface SandboxPartner {
  username: string;
  password: string;
  webhookSecret: string;
  id: string;
}

/** Whether the service `npm start` runs has the sandbox on (its own default: on unless production). */
export function sandboxOn(env: NodeJS.ProcessEnv): boolean {
  if (env.SANDBOX !== undefined) return env.SANDBOX === 'true';
  return env.NODE_ENV !== 'production';
}

function partnersCli(args: string[], env: NodeJS.ProcessEnv, stdin = ''): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const cli = spawn(process.execPath, [...serviceNodeArgs(compiledEntry('ops/main.ts')), 'partners', ...args], {
      cwd: ROOT,
      env: { ...env, LOG_LEVEL: 'warn' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    cli.stdout.on('data', (d) => {
      out += d;
    });
    cli.stderr.on('data', (d) => {
      err += d;
    });
    cli.on('error', reject);
    cli.stdin.end(stdin);
    cli.once('close', (code) => resolve({ code, out, err }));
  });
}

/** Prints the sandbox partner's credentials (made now) or where the kept ones are; never throws. */
export async function ensureSandboxPartner(env: NodeJS.ProcessEnv, say: (line: string) => void, file = CREDENTIALS_FILE): Promise<void> {
  try {
    if (existsSync(file)) {
      const kept = JSON.parse(readFileSync(file, 'utf8')) as SandboxPartner;
      if ((await partnersCli(['show', '--username', kept.username], env)).code === 0) {
        say(`sandbox partner ${kept.username}: its password and webhook secret are in ${file}`);
        return;
      }
    }
    const password = randomBytes(18).toString('base64url');
    const made = await partnersCli(['create', '--username', USERNAME, '--password-stdin', '--payout-trigger', 'DELIVERED'], env, `${password}\n`);
    if (made.code !== 0) {
      say(`no sandbox partner made (partners CLI exit ${made.code}): ${made.err.trim()}`);
      return;
    }
    const view = JSON.parse(made.out) as Omit<SandboxPartner, 'password'>;
    const partner: SandboxPartner = { id: view.id, username: view.username, password, webhookSecret: view.webhookSecret };
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify(partner, null, 2)}\n`, { mode: 0o600 });
    say(`sandbox partner ${partner.username} (id ${partner.id}): password ${partner.password}, webhook secret ${partner.webhookSecret}`);
    say(`kept in ${file}; log in with POST /authentication/v1/partner {"username": "${partner.username}", "password": "…"}`);
  } catch (err) {
    say(`no sandbox partner: ${(err as Error).message}`);
  }
}
