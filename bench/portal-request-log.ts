/**
 * What the partner API's request log costs a request: the middleware's own work (measure,
 * build the entry, queue it), timed over many calls with a next() that does nothing, and
 * compared with the same chain without it. Writing goes to the store in batches off the
 * request's path (a stub collection here: the store's time is not the request's).
 *
 *   npx tsx bench/portal-request-log.ts
 */
import type { Db } from 'mongodb';
import { RequestLog } from '../modules/portal/request-log.js';
import { createLogger } from '../platform/logger.js';

const N = 200_000;
let written = 0;
const db = {
  collection: () => ({
    insertMany: async (docs: unknown[]) => {
      written += docs.length;
    },
    createIndex: async () => '',
  }),
} as unknown as Db;
const log = new RequestLog(db, createLogger({ level: 'silent', name: 'bench' }));
const mw = log.middleware();
const ctx = (i: number) => ({
  state: { partner: { id: 'partner-1' }, requestId: `req-${i}` },
  method: 'GET',
  path: '/financing/v1/applications/0190aaaa-0000-7000-8000-000000000000',
  status: 200,
  get: (h: string) => (h === 'Idempotency-Key' ? '' : ''),
});
const noop = async () => {};

async function run(withLog: boolean): Promise<number> {
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < N; i += 1) {
    const c = ctx(i);
    if (withLog) await mw(c as never, noop);
    else await noop();
    if (i % 1000 === 0) await log.flush();
  }
  await log.flush();
  return Number(process.hrtime.bigint() - t0) / N;
}

for (let round = 0; round < 3; round += 1) {
  const base = await run(false);
  const withLog = await run(true);
  console.log(
    `round ${round + 1}: without ${base.toFixed(0)} ns/request, with the request log ${withLog.toFixed(0)} ns/request: +${((withLog - base) / 1000).toFixed(2)} µs`,
  );
}
console.log(`entries queued and written in batches: ${written}`);
