/**
 * The flags every service process (the API, the relay) runs Node with, wherever it is
 * started: `npm start` (scripts/start.ts), the tests' and benchmarks' service processes
 * (test/support/service-process.ts), the package scripts `start:api` / `start:relay` and
 * the container (infra/docker-entrypoint.sh). The last two cannot import this list;
 * node-flags.test.ts keeps them in step with it.
 *
 * `--max-semi-space-size=32`: V8's young generation may grow to two 32 MB halves instead
 * of the default 16. A create allocates a few hundred kB that die with the request (the
 * parsed body, joi's clones, BSON buffers, the response); with the larger nursery, fewer
 * of them live long enough to be copied by a scavenge and promoted. Measured on the create
 * benchmark, interleaved: the API's CPU per create fell by about 7 % and throughput rose by
 * about 10 % (docs/applications.md, "Benchmark"). The cost is at most 32 MB more resident
 * memory per process.
 */
export const SERVICE_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=32'];

/**
 * Where `npm start` and the package scripts run the service from: the JavaScript that
 * scripts/images/compile.mjs makes of the sources (the same build as the image's), so a
 * start does not load tsx and transpile ~200 files first (docs/operations.md, "Starting").
 */
export const COMPILED_DIR = 'dist';

/** `api/main.ts` -> `dist/api/main.js`. */
export function compiledEntry(entry: string): string {
  return `${COMPILED_DIR}/${entry.replace(/\.ts$/, '.js')}`;
}

/**
 * The arguments after `node` that run a service entry point: compiled JavaScript as it is,
 * TypeScript through tsx (the tests' service processes).
 */
export function serviceNodeArgs(entry: string, extra: readonly string[] = []): string[] {
  return entry.endsWith('.ts') ? [...SERVICE_NODE_FLAGS, ...extra, '--import', 'tsx', entry] : [...SERVICE_NODE_FLAGS, ...extra, entry];
}
