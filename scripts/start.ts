import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { resolveStack, stopStack } from './local-stack.js';
import { COMPILED_DIR, compiledEntry, serviceNodeArgs } from '../platform/node-flags.js';
import { forgetLocalApi, localApiUrl, recordLocalApi } from './local-api.js';
import { ensureSandboxPartner, sandboxOn } from './sandbox-credentials.js';

/**
 * `npm start`: with no MONGO_URL / KAFKA_BROKERS it brings the local Kafka and FerretDB up
 * (infra/stack.sh), then runs the API and the relay as two processes. Ctrl-C (or SIGTERM)
 * drains both and stops the stack if this command started it. When either process dies,
 * the other is stopped too and the exit code is non-zero.
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));

function run(name: string, entry: string, env: NodeJS.ProcessEnv): ChildProcess {
  // Own process group: a terminal's Ctrl-C reaches this script only, which then drains the
  // children once, in order. The IPC channel tells a child when this script is gone.
  const child = spawn(process.execPath, serviceNodeArgs(entry), {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  child.on('error', (err) => process.stderr.write(`[start] ${name}: ${err.message}\n`));
  return child;
}

function exited(child: ChildProcess): Promise<number> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode ?? 1);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code ?? 1)));
}

/**
 * The services run compiled JavaScript (dist/, the image's build): built here when a source
 * changed since the last build (a fingerprint check of a few ms otherwise; a build takes
 * about a second), so `npm start` stays one command on a fresh clone.
 */
function buildIfStale(): void {
  const res = spawnSync(process.execPath, ['scripts/images/compile.mjs', COMPILED_DIR, '--if-stale'], { cwd: ROOT, stdio: 'inherit' });
  if (res.status !== 0) throw new Error(`building ${COMPILED_DIR}/ failed (exit ${res.status ?? res.signal})`);
}

async function main(): Promise<number> {
  buildIfStale();
  const stack = await resolveStack({ start: true });
  const env = { ...process.env, MONGO_URL: stack.MONGO_URL, KAFKA_BROKERS: stack.KAFKA_BROKERS };
  if (stack.local) process.stderr.write(`[start] local stack: MONGO_URL=${stack.MONGO_URL} KAFKA_BROKERS=${stack.KAFKA_BROKERS}\n`);
  const children = [run('api', compiledEntry('api/main.ts'), env), run('relay', compiledEntry('relay/main.ts'), env)];
  recordLocalApi(localApiUrl(env)); // for `npm run -s cert`
  if (sandboxOn(env)) void ensureSandboxPartner(env, (line) => process.stderr.write(`[start] ${line}\n`));

  let stopping = false;
  const stopAll = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill(signal);
  };
  process.on('SIGINT', () => stopAll('SIGTERM'));
  process.on('SIGTERM', () => stopAll('SIGTERM'));

  // The first exit (a crash, or the drain after a signal) stops the other process too.
  const first = await Promise.race(children.map(exited));
  const crashed = !stopping;
  stopAll('SIGTERM');
  const codes = await Promise.all(children.map(exited));
  forgetLocalApi();
  if (stack.started) {
    process.stderr.write('[start] stopping the local stack\n');
    await stopStack();
  }
  if (crashed) {
    process.stderr.write(`[start] a process exited (code ${first}): everything was stopped\n`);
    return first || 1;
  }
  return codes.some((c) => c !== 0) ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(`[start] ${err?.message ?? err}\n`);
    process.exit(1);
  },
);
