import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const STACK = fileURLToPath(new URL('../infra/stack.sh', import.meta.url));

export interface StackEnv {
  MONGO_URL: string;
  KAFKA_BROKERS: string;
}

/** Runs `infra/stack.sh <cmd>`; its stdout (KEY=VALUE lines) is parsed, stderr passes through. */
function runStack(cmd: 'up' | 'env' | 'down', quiet = false): Promise<{ code: number; env: Partial<StackEnv> }> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', [STACK, cmd], { stdio: ['ignore', 'pipe', quiet ? 'ignore' : 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const env: Record<string, string> = {};
      for (const line of out.split('\n')) {
        const i = line.indexOf('=');
        if (i > 0) env[line.slice(0, i)] = line.slice(i + 1);
      }
      resolve({ code: code ?? 1, env });
    });
  });
}

/**
 * Where the project's commands find MongoDB and Kafka: MONGO_URL (or MONGO_URL_FILE) and
 * KAFKA_BROKERS when both are given, otherwise the local stack (`infra/stack.sh`), started when `start` is set
 * and none runs. `started` tells whether this call brought the stack up.
 */
export async function resolveStack(opts: { start: boolean }): Promise<StackEnv & { started: boolean; local: boolean }> {
  const { MONGO_URL, MONGO_URL_FILE, KAFKA_BROKERS } = process.env;
  // MONGO_URL_FILE gives the store as well (the service reads it); MONGO_URL stays empty then
  const store = MONGO_URL || MONGO_URL_FILE;
  if (store && KAFKA_BROKERS) return { MONGO_URL: MONGO_URL ?? '', KAFKA_BROKERS, started: false, local: false };
  if (store || KAFKA_BROKERS) {
    throw new Error('set both MONGO_URL (or MONGO_URL_FILE) and KAFKA_BROKERS, or neither (then the local stack is used)');
  }
  const running = await runStack('env', true);
  if (running.code === 0 && running.env.MONGO_URL && running.env.KAFKA_BROKERS) {
    return { ...(running.env as StackEnv), started: false, local: true };
  }
  if (!opts.start) {
    throw new Error('no MONGO_URL/KAFKA_BROKERS given and no local stack runs: start one with `npm start` or `npm run infra -- up`');
  }
  const up = await runStack('up');
  if (up.code !== 0 || !up.env.MONGO_URL || !up.env.KAFKA_BROKERS) {
    throw new Error(`infra/stack.sh up failed (exit ${up.code})`);
  }
  return { ...(up.env as StackEnv), started: true, local: true };
}

export async function stopStack(): Promise<void> {
  await runStack('down');
}
