// Checks that the OpenAPI document tells the truth, with schemathesis against an API built
// from this checkout:
//   npm run api:conformance [-- <more schemathesis options>]
// The API runs in-process on its own database and topics of the local stack, a partner is
// provisioned, and schemathesis (pinned, from PyPI, in .cache/schemathesis-venv, made on
// first use) tests every partner operation with a fixed seed for four kinds of failure:
// a server error, an undocumented status, a schema-valid request refused, a response that
// violates its schema. Its settings are in scripts/schemathesis.toml, the rules JSON Schema
// cannot state in scripts/schemathesis_hooks.py (docs/api-conformance.md explains both).
// The exit code is schemathesis's: 0 when it found nothing. test/clients/conformance.spec.ts
// runs this as part of `npm test`.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startTestApi } from '../test/support/api.js';
import { provisionPartner } from '../test/support/partners.js';
import { resolveStack } from './local-stack.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const VENV = path.join(ROOT, '.cache', 'schemathesis-venv');
const SCHEMATHESIS = 'schemathesis==4.32.5';
const CHECKS = ['not_a_server_error', 'status_code_conformance', 'positive_data_acceptance', 'response_schema_conformance'];
const SEED = '20261123';

/**
 * The pinned schemathesis in its own virtualenv, made (or remade, when the pin changed) on
 * first use: python3 -m venv, then pip install. The stamp names the pin it holds.
 */
function ensureSchemathesis(): string {
  const st = path.join(VENV, 'bin', 'st');
  const stamp = path.join(VENV, 'installed.txt');
  if (existsSync(st) && existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === SCHEMATHESIS) return st;
  const steps: Array<[string, string[]]> = [
    ['python3', ['-m', 'venv', VENV]],
    [path.join(VENV, 'bin', 'pip'), ['install', '--quiet', '--disable-pip-version-check', SCHEMATHESIS]],
  ];
  for (const [cmd, args] of steps) {
    const res = spawnSync(cmd, args, { stdio: 'inherit' });
    if (res.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (exit ${res.status ?? res.error?.message})`);
  }
  writeFileSync(stamp, `${SCHEMATHESIS}\n`);
  return st;
}

async function main(extra: string[]): Promise<number> {
  const st = ensureSchemathesis();
  if (!process.env.MONGO_URL || !process.env.KAFKA_BROKERS) {
    const stack = await resolveStack({ start: true });
    process.env.MONGO_URL = stack.MONGO_URL;
    process.env.KAFKA_BROKERS = stack.KAFKA_BROKERS;
  }
  // A limit no run reaches: a 429 (documented on every bearer route) would leave the logic
  // behind it untested. Document URLs are fetched within WEBHOOK_TIMEOUT; generated ones
  // lead nowhere (an address that never answers waits out the whole timeout), so a short one.
  const t = await startTestApi({ SANDBOX: 'true', RATE_LIMIT_PER_MINUTE: '1000000', WEBHOOK_TIMEOUT: '300ms' });
  const dir = await mkdtemp(path.join(tmpdir(), 'api-conformance-'));
  try {
    const partner = await provisionPartner(t);
    const ca = path.join(dir, 'service-cert.pem');
    await writeFile(ca, t.api.tls.cert);
    const args = [
      '--config-file',
      path.join(ROOT, 'scripts', 'schemathesis.toml'),
      'run',
      `${t.baseUrl}/openapi.json`,
      '--url',
      t.baseUrl,
      '--checks',
      CHECKS.join(','),
      '--seed',
      SEED,
      '--max-examples',
      '25',
      '--workers',
      '1',
      '--tls-verify',
      ca,
      '-H',
      `Authorization: Bearer ${partner.token}`,
      // the customer's browser pages and the login throttle are not the partner API under test
      '--exclude-path-regex',
      '^/gateway/',
      '--exclude-operation-id',
      'login',
      // ids are UUIDs: few random strings match their pattern, which is the point of it
      '--suppress-health-check',
      'filter_too_much',
      ...extra,
    ];
    return await new Promise<number>((resolve, reject) => {
      const child = spawn(st, args, { stdio: 'inherit', env: { ...process.env, SCHEMATHESIS_HOOKS: path.join(ROOT, 'scripts', 'schemathesis_hooks.py') } });
      child.on('error', reject);
      child.on('close', (code) => resolve(code ?? 1));
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
    await t.stop();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(`${err instanceof Error ? err.stack : err}\n`);
    process.exit(1);
  },
);
