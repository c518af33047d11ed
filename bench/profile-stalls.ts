/**
 * The longest busy stretches of a V8 CPU profile (node --cpu-prof): runs of samples with no
 * idle sample between them, which is when the event loop ran nothing else. For each, its
 * start (seconds since the profile began), its length, and the functions it spent its time
 * in, by self time and by the project or package frame nearest the top of the stack: what
 * held the loop when bench/latency.ts' loop monitor saw a long delay.
 *
 *   npx tsx bench/profile-stalls.ts <file.cpuprofile> [--top 8] [--within 60]
 *
 * `--within`: only stretches that start in the first that many seconds of the profile.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface ProfileNode {
  id: number;
  parent?: number;
  children?: number[];
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { top: { type: 'string', default: '8' }, within: { type: 'string', default: '1e9' } },
});
const profile = JSON.parse(readFileSync(positionals[0]!, 'utf8')) as Profile;
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
for (const n of profile.nodes) for (const c of n.children ?? []) nodes.get(c)!.parent = n.id;

const label = (n: ProfileNode) =>
  `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.replace(/^.*\/(node_modules|work\/wt\/[^/]+)\//, '')}:${n.callFrame.lineNumber + 1}`;
const isIdle = (n: ProfileNode) => n.callFrame.functionName === '(idle)';

/** The frame nearest the top of the stack that is the project's own code, else a package's. */
function nearestOwn(id: number): string {
  let pkg: string | undefined;
  for (let n = nodes.get(id); n; n = n.parent === undefined ? undefined : nodes.get(n.parent)) {
    const url = n.callFrame.url;
    if (/\/(api|modules|platform|relay)\//.test(url) && !url.includes('node_modules')) return label(n);
    pkg ??= /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  }
  return pkg ? `(in ${pkg})` : '(node or V8)';
}

interface Stretch {
  startUs: number;
  us: number;
  samples: Array<{ id: number; us: number }>;
}
const stretches: Stretch[] = [];
let t = 0;
let current: Stretch | undefined;
profile.samples.forEach((id, i) => {
  const dt = profile.timeDeltas[i + 1] ?? 0;
  if (isIdle(nodes.get(id)!)) current = undefined;
  else {
    if (!current) stretches.push((current = { startUs: t, us: 0, samples: [] }));
    current.us += dt;
    current.samples.push({ id, us: dt });
  }
  t += profile.timeDeltas[i] ?? 0;
});

const top = (m: Map<string, number>, n: number, total: number) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, us]) => `${((100 * us) / total).toFixed(0)}% ${k}`);
const within = Number(values.within) * 1e6;
for (const s of stretches
  .filter((x) => x.startUs < within)
  .sort((a, b) => b.us - a.us)
  .slice(0, Number(values.top))) {
  const self = new Map<string, number>();
  const own = new Map<string, number>();
  for (const { id, us } of s.samples) {
    const n = nodes.get(id)!;
    self.set(label(n), (self.get(label(n)) ?? 0) + us);
    own.set(nearestOwn(id), (own.get(nearestOwn(id)) ?? 0) + us);
  }
  console.log(`\nat ${(s.startUs / 1e6).toFixed(2)} s: busy ${(s.us / 1000).toFixed(0)} ms`);
  console.log(`  self:     ${top(self, 5, s.us).join('\n            ')}`);
  console.log(`  own code: ${top(own, 5, s.us).join('\n            ')}`);
}
