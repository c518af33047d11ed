/**
 * `npm run bench`: every benchmark in turn, each in its own process so that one's load
 * does not linger into the next. Each prints its own figures (medians, and ratios against
 * a baseline measured in the same run). Needs the local stack (or MONGO_URL/KAFKA_BROKERS).
 *
 *   npm run bench                 all of them
 *   npm run bench -- relay        only the named ones (auth-overhead, applications, relay, latency, first-seconds, lookups, tracing)
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const BENCHES = ['auth-overhead', 'applications', 'relay', 'latency', 'first-seconds', 'lookups', 'tracing'] as const;
const wanted = process.argv.slice(2);
const unknown = wanted.filter((w) => !BENCHES.includes(w as (typeof BENCHES)[number]));
if (unknown.length) {
  process.stderr.write(`unknown benchmark(s): ${unknown.join(', ')}; known: ${BENCHES.join(', ')}\n`);
  process.exit(2);
}
let failed = 0;
for (const name of wanted.length ? wanted : BENCHES) {
  process.stdout.write(`\n=== bench/${name}.ts\n`);
  const res = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(new URL(`./${name}.ts`, import.meta.url))], { stdio: 'inherit' });
  if (res.status !== 0) {
    failed++;
    process.stderr.write(`bench/${name}.ts exited ${res.status ?? res.signal}\n`);
  }
}
process.exit(failed ? 1 : 0);
