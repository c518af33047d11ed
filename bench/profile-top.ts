/**
 * The top self-time items of V8 CPU profiles (node --cpu-prof), by function and by package:
 * what to look at first when a figure of bench/latency.ts or bench/relay.ts is too high.
 *
 *   npx tsx bench/profile-top.ts <file.cpuprofile | directory> [--top 25]
 *
 * Self time is a function's own samples, not its callees'. "(garbage collector)", "(idle)"
 * and "(program)" are V8's own buckets; the percentages are of the busy samples (idle
 * excluded).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

interface ProfileNode {
  id: number;
  hitCount?: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Where a frame's code comes from: a package, the project, Node itself, or V8. */
function origin(url: string): string {
  if (!url) return '(V8)';
  if (url.startsWith('node:')) return 'node (built-ins)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  const own = /\/(api|bench|modules|platform|relay|scripts|test)\//.exec(url);
  return own ? `project ${own[1]}/` : url;
}

/** Self time in µs per function and per origin, and the busy total. */
function selfTimes(p: Profile): { byFunction: Map<string, number>; byOrigin: Map<string, number>; busyUs: number } {
  const nodes = new Map(p.nodes.map((n) => [n.id, n]));
  const byFunction = new Map<string, number>();
  const byOrigin = new Map<string, number>();
  let busyUs = 0;
  p.samples.forEach((id, i) => {
    const { callFrame: f } = nodes.get(id)!;
    const us = p.timeDeltas[i + 1] ?? 0; // a sample's time runs until the next one
    if (f.functionName === '(idle)') return;
    busyUs += us;
    const key = `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/(?=(api|bench|modules|platform|relay)\/)/, '')}:${f.lineNumber + 1}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + us);
    const o = f.url ? origin(f.url) : f.functionName;
    byOrigin.set(o, (byOrigin.get(o) ?? 0) + us);
  });
  return { byFunction, byOrigin, busyUs };
}

function top(m: Map<string, number>, busy: number, n: number): string[] {
  return [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, us]) => `  ${((100 * us) / busy).toFixed(1).padStart(5)} %  ${(us / 1000).toFixed(0).padStart(7)} ms  ${k}`);
}

function main() {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { top: { type: 'string', default: '25' } } });
  const n = Number(values.top);
  for (const arg of positionals) {
    const files = statSync(arg).isDirectory()
      ? readdirSync(arg)
          .filter((f) => f.endsWith('.cpuprofile'))
          .map((f) => join(arg, f))
      : [arg];
    for (const file of files) {
      const { byFunction, byOrigin, busyUs } = selfTimes(JSON.parse(readFileSync(file, 'utf8')) as Profile);
      console.log(`\n${file}: ${(busyUs / 1000).toFixed(0)} ms busy`);
      console.log(' by origin:');
      for (const line of top(byOrigin, busyUs, 15)) console.log(line);
      console.log(' by function (self time):');
      for (const line of top(byFunction, busyUs, n)) console.log(line);
    }
  }
}

main();
