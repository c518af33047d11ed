#!/usr/bin/env node
// `prestart` / `pretest`: makes `npm start` and `npm test` do all set-up on a fresh clone.
// Plain Node with no dependencies (it runs before they exist): when node_modules is
// missing or was installed from another package-lock.json, runs `npm ci`. The fast path
// (nothing to do) is one file hash, a few milliseconds.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const lock = `${root}package-lock.json`;
const stamp = `${root}node_modules/.pf-lock-sha256`;
const want = createHash('sha256').update(readFileSync(lock)).digest('hex');
const have = existsSync(stamp) ? readFileSync(stamp, 'utf8').trim() : '';

if (have !== want || !existsSync(`${root}node_modules/.bin/tsx`)) {
  process.stderr.write('[setup] installing npm packages (npm ci): node_modules is missing or older than package-lock.json\n');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const res = spawnSync(npm, ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) {
    process.stderr.write(`[setup] npm ci failed (exit ${res.status ?? res.signal})\n`);
    process.exit(res.status ?? 1);
  }
  writeFileSync(stamp, `${want}\n`);
}
