/**
 * The relay benchmark's processes: the relay as deployed and the relay floor, each in its
 * own process with the services' Node flags, and the wait for a drain's last record.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { serviceNodeArgs } from '../../platform/node-flags.js';
import { now } from '../support/pacing.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * `entry` as its own process, with the services' Node flags (the relay as deployed, and the
 * floor run the same way): `onLine` sees each line it prints, `onExit` its exit code.
 */
function spawnWithLines(
  entry: string,
  nodeArgs: string[],
  env: Record<string, string>,
  onLine: (line: string) => void,
  onExit: (code: number | null) => void,
): ChildProcess {
  const child = spawn(process.execPath, serviceNodeArgs(entry, nodeArgs), { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  let buffered = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    const lines = (buffered + chunk.toString()).split('\n');
    buffered = lines.pop()!;
    for (const line of lines) onLine(line);
  });
  child.once('exit', onExit);
  return child;
}

/** The relay as deployed: its own process; resolves once it logged that it runs. */
export function startRelay(env: Record<string, string>): Promise<ChildProcess> {
  const extra = process.env.BENCH_RELAY_NODE_ARGS?.split(' ').filter(Boolean) ?? []; // e.g. --cpu-prof
  return new Promise((resolve, reject) => {
    const child = spawnWithLines(
      'relay/main.ts',
      extra,
      env,
      (line) => {
        if (line.includes('"relay running"')) resolve(child);
      },
      (code) => reject(new Error(`relay exited with ${code}`)),
    );
  });
}

/**
 * The relay floor (bench/relay/floor.ts); resolves once its consumer joined, with a promise
 * of the time its `count`-th record was written.
 */
export function startFloor(env: Record<string, string>, count: number): Promise<{ child: ChildProcess; allRecorded: Promise<number> }> {
  let recorded!: (at: number) => void;
  let failed!: (err: Error) => void;
  const allRecorded = new Promise<number>((resolve, reject) => {
    recorded = resolve;
    failed = reject;
  });
  allRecorded.catch(() => {}); // observed by whoever awaits it; never an unhandled rejection
  return new Promise((resolve, reject) => {
    const child = spawnWithLines(
      'bench/relay/floor.ts',
      [],
      env,
      (line) => {
        if (line === 'floor running') resolve({ child, allRecorded });
        else if (Number(line.split(' ')[1]) >= count) recorded(now());
      },
      (code) => {
        const err = new Error(`relay floor exited with ${code}`);
        reject(err);
        failed(err); // no-op once every record was written
      },
    );
  });
}

/** When `collection` holds `count` documents (polled, for at most `maxMs`): the relay's last record of a drain. */
export async function recordedAt(collection: { countDocuments(): Promise<number> }, count: number, maxMs = 60_000): Promise<number> {
  const end = Date.now() + maxMs;
  while ((await collection.countDocuments()) < count) {
    if (Date.now() > end) throw new Error(`fewer than ${count} delivery records after ${maxMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return now();
}

export function stopRelay(child: ChildProcess): Promise<void> {
  return new Promise((r) => {
    child.once('exit', () => r());
    child.kill('SIGTERM');
  });
}
