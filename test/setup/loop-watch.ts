import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';

/**
 * Watches the test process itself. Services under test run in this process, and a store
 * or broker call times out when the event loop cannot run its timers and sockets in time
 * (the store's timeout is 1.5 s), so a long stall shows up as a 503 in some unrelated
 * test. Each test that saw the loop stall, or a long garbage collection, gets a line on
 * stderr naming it, with the heap, so a rare failure in CI can be told apart from a defect.
 */
const STALL_MS = 500;
const GC_MS = 200;

let histogram: ReturnType<typeof monitorEventLoopDelay> | undefined;
const gcPauses: Array<{ kind: number; ms: number }> = [];
let worstStallMs = 0;

function start(): void {
  histogram = monitorEventLoopDelay({ resolution: 20 });
  histogram.enable();
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      if (e.duration >= GC_MS) gcPauses.push({ kind: (e as { detail?: { kind?: number } }).detail?.kind ?? 0, ms: Math.round(e.duration) });
  }).observe({ entryTypes: ['gc'] });
}

function report(title: string): void {
  if (!histogram) return;
  const stalledMs = Math.round(histogram.max / 1e6);
  histogram.reset();
  worstStallMs = Math.max(worstStallMs, stalledMs);
  const gcs = gcPauses.splice(0);
  if (stalledMs < STALL_MS && !gcs.length) return;
  const heapMb = Math.round(process.memoryUsage().heapUsed / 2 ** 20);
  const gcText = gcs.length ? `, long GC pauses ${gcs.map((g) => `${g.ms} ms (kind ${g.kind})`).join(', ')}` : '';
  process.stderr.write(`[test] event loop stalled ${stalledMs} ms during "${title}"${gcText}; heap ${heapMb} MiB\n`);
}

export const loopWatchHooks = {
  beforeAll(this: Mocha.Context) {
    if (!histogram) start();
  },
  afterEach(this: Mocha.Context) {
    report(this.currentTest?.fullTitle() ?? '?');
  },
};

export function worstLoopStallMs(): number {
  return worstStallMs;
}
