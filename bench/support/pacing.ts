import { performance } from 'node:perf_hooks';

/** Wall-clock milliseconds with sub-millisecond resolution (comparable across this machine's processes). */
export const now = () => performance.timeOrigin + performance.now();

/**
 * Opens `count` calls at `rate`/s (open loop: a slow call never delays the next one);
 * resolves with each call's result → the time the call started. Rejects once every call
 * has settled when any failed (a failure never goes unhandled while the others run), except
 * the failures `tolerate` accepts (it counts them; the calls are left out of the result).
 */
export async function paced(
  count: number,
  rate: number,
  call: (i: number) => Promise<string>,
  tolerate?: (err: unknown) => boolean,
): Promise<Map<string, number>> {
  const sent = new Map<string, number>();
  const failures: unknown[] = [];
  const calls: Promise<void>[] = [];
  const start = now();
  for (let i = 0; i < count; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    const t0 = now();
    calls.push(
      call(i).then(
        (id) => {
          sent.set(id, t0);
        },
        (err) => {
          if (!tolerate?.(err)) failures.push(err);
        },
      ),
    );
  }
  await Promise.all(calls);
  if (failures.length) throw new AggregateError(failures, `${failures.length} of ${count} calls failed, the first: ${(failures[0] as Error)?.message}`);
  return sent;
}

/** The `p` quantile (0..1) of ascending `sorted`. */
export const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

/** p50/p99/max of `values` (any order), in ms with one decimal. */
export function summary(values: number[]): string {
  if (values.length === 0) return 'no values';
  const s = [...values].sort((a, b) => a - b);
  const f = (v: number) => v.toFixed(1).padStart(7);
  return `p50 ${f(pct(s, 0.5))}  p99 ${f(pct(s, 0.99))}  max ${f(s[s.length - 1]!)}`;
}
