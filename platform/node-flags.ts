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

/** The arguments after `node` that run a service entry point (TypeScript through tsx). */
export function serviceNodeArgs(entry: string, extra: readonly string[] = []): string[] {
  return [...SERVICE_NODE_FLAGS, ...extra, '--import', 'tsx', entry];
}
