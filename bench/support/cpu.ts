import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * CPU time of processes, so that a benchmark can say where a request's cost goes and what
 * the machine's cores allow (Linux /proc; elsewhere the figures are simply absent).
 */

/** CPU milliseconds (user + system) a process has used so far, or undefined when unknown. */
export function cpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  if (pid === process.pid) {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  }
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10; // utime + stime, in ticks of 10 ms (USER_HZ 100)
  } catch {
    return undefined;
  }
}

/** The local stack's store and Kafka processes (infra/stack.sh pid files), when it is this machine's. */
export function stackPids(): { store?: number; kafka?: number } {
  const run = join(process.env.PF_CACHE ?? join(homedir(), '.cache', 'partner-financing'), 'run');
  const read = (name: string) => {
    try {
      return Number(readFileSync(join(run, `${name}.pid`), 'utf8').trim()) || undefined;
    } catch {
      return undefined;
    }
  };
  return { store: read('mongo'), kafka: read('kafka') };
}

/**
 * Write system calls (write, writev) a process has made so far: on this machine a socket
 * write, which wakes the process at the other end, is a large share of a request's CPU, so
 * a benchmark counts them per operation. Undefined when unknown (no /proc).
 */
export function writeCalls(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    return Number(/^syscw: (\d+)$/m.exec(readFileSync(`/proc/${pid}/io`, 'utf8'))?.[1]);
  } catch {
    return undefined;
  }
}

/** Starts counting `read` (a process's running total) for the named processes: `spent()` gives each one's increase since. */
export function meter(
  pids: Record<string, number | undefined>,
  read: (pid: number | undefined) => number | undefined,
): { spent(): Record<string, number | undefined> } {
  const before = Object.fromEntries(Object.entries(pids).map(([k, pid]) => [k, read(pid)]));
  return {
    spent: () =>
      Object.fromEntries(
        Object.entries(pids).map(([k, pid]) => {
          const a = before[k],
            b = read(pid);
          return [k, a === undefined || b === undefined ? undefined : b - a];
        }),
      ),
  };
}

/** Starts measuring the named processes: `spentMs()` gives the CPU milliseconds each has used since. */
export function cpuMeter(pids: Record<string, number | undefined>): { spentMs(): Record<string, number | undefined> } {
  const m = meter(pids, cpuMs);
  return { spentMs: () => m.spent() };
}

/** Measures the CPU the named processes use while `work` runs; per operation in µs. */
export async function cpuPerOp<T>(
  pids: Record<string, number | undefined>,
  work: () => Promise<T>,
  ops: (result: T) => number,
): Promise<{ result: T; perOpUs: Record<string, number | undefined> }> {
  const meter = cpuMeter(pids);
  const result = await work();
  const n = ops(result);
  const perOpUs = Object.fromEntries(Object.entries(meter.spentMs()).map(([k, ms]) => [k, ms === undefined || n === 0 ? undefined : (ms * 1000) / n]));
  return { result, perOpUs };
}
