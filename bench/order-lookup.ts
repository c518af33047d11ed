/**
 * GET /financing/v1/orders' look-up (the applications module's findNewestByOrder) at a
 * partner with many applications: by order number and by variable symbol, with the
 * collection's indexes as the module creates them ("with"), and again without the
 * variable-symbol index (the index set before it existed, "without"), in the same run;
 * the two kinds interleaved, after a warm-up round.
 *
 *   npx tsx bench/order-lookup.ts [--applications 20000] [--lookups 15]
 *
 * The documents are the module's own (buildApplication from a valid create request), one
 * partner holding all of them, each with its own order number and variable symbol.
 * mongo-java-server (the local store) answers from an index only when the query's keys
 * are exactly those of a unique index, so there both figures are scans; on MongoDB the
 * indexes take the look-up straight to the matching application.
 */
import { parseArgs } from 'node:util';
import { MongoClient, type Collection } from 'mongodb';
import { resolveStack } from '../scripts/local-stack.js';
import { newId } from '../platform/ids.js';
import type { OutboxPublisher } from '../platform/outbox-publisher.js';
import { MongoApplicationRepository, type ApplicationRepository } from '../modules/applications/store/application.repository.js';
import { buildApplication, buildCustomer } from '../modules/applications/create/new-application.js';
import { applicationBody } from '../test/applications/requests.js';
import { summary } from './support/pacing.js';

const { values } = parseArgs({ options: { applications: { type: 'string', default: '20000' }, lookups: { type: 'string', default: '15' } } });
const COUNT = Number(values.applications);
const LOOKUPS = Number(values.lookups);
const VS_INDEX = 'partner_variable_symbol_newest';

/** The outbox's part of init: its sweeper's index (nothing is published here). */
const outbox = { register: (c: { createIndex(k: object): Promise<string> }) => c.createIndex({ outboxAt: 1 }) } as unknown as OutboxPublisher;

async function fill(applications: Collection, partnerId: string): Promise<void> {
  const body = applicationBody() as any;
  const start = Date.now() - COUNT * 1000;
  for (let i = 0; i < COUNT; i += 1000) {
    const docs = Array.from({ length: Math.min(1000, COUNT - i) }, (_, j) => {
      const n = i + j;
      const order = { ...body.order, number: `ORD-${n}`, variableSymbols: [String(1_000_000 + n)] };
      const doc = buildApplication({ ...body, order, customer: buildCustomer(body.customer) }, [], {
        id: newId(),
        partnerId,
        status: { state: 'PROCESSING', stateReason: 'PROCESSING_REDIRECT_NEEDED' } as any,
        event: 'APPLICATION_CREATED',
        now: new Date(start + n * 1000),
        applicationTtlMs: 3_600_000,
        gatewayTokenTtlMs: 3_600_000,
      });
      return { ...doc, version: 1, outbox: {} };
    });
    await applications.insertMany(docs as any[], { ordered: false });
  }
}

/** `LOOKUPS` rounds of one look-up per query kind, interleaved (the store warms up over the first ones); ms per kind. */
async function timeLookups(
  repo: ApplicationRepository,
  partnerId: string,
  kinds: Array<(n: number) => { orderNumber?: string; orderVariableSymbol?: string }>,
): Promise<number[][]> {
  const times = kinds.map(() => [] as number[]);
  for (let i = 0; i < LOOKUPS; i++) {
    for (const [k, query] of kinds.entries()) {
      const n = Math.floor(Math.random() * COUNT);
      const t0 = performance.now();
      const doc = await repo.findNewestByOrder(partnerId, query(n));
      times[k]!.push(performance.now() - t0);
      if (doc?.order.number !== `ORD-${n}`) throw new Error(`look-up ${JSON.stringify(query(n))} found ${doc?.order.number}`);
    }
  }
  return times;
}

async function main() {
  const stack = await resolveStack({ start: true });
  const client = new MongoClient(stack.MONGO_URL, { retryWrites: false });
  await client.connect();
  const db = client.db(`bench_orders_${newId().slice(-8)}`);
  try {
    const repo = new MongoApplicationRepository(db, outbox);
    const applications = db.collection('applications');
    await repo.init();
    const partnerId = newId();
    const t0 = performance.now();
    await fill(applications, partnerId);
    console.log(
      `\norder look-ups: ${COUNT} applications of one partner (inserted in ${((performance.now() - t0) / 1000).toFixed(1)} s), ${LOOKUPS} look-ups each, ms`,
    );
    const byNumber = (n: number) => ({ orderNumber: `ORD-${n}` });
    const bySymbol = (n: number) => ({ orderVariableSymbol: String(1_000_000 + n) });
    await timeLookups(repo, partnerId, [byNumber, bySymbol]); // warm-up
    const [withNumber, withSymbol] = await timeLookups(repo, partnerId, [byNumber, bySymbol]);
    await applications.dropIndex(VS_INDEX);
    const [withoutNumber, withoutSymbol] = await timeLookups(repo, partnerId, [byNumber, bySymbol]);
    const rows: Array<[string, number[]]> = [
      ['by order number, with the indexes', withNumber!],
      ['by variable symbol, with the indexes', withSymbol!],
      ['by order number, without the new index', withoutNumber!],
      ['by variable symbol, without its index', withoutSymbol!],
    ];
    for (const [name, times] of rows) console.log(`  ${name.padEnd(40)} ${summary(times)}`);
    const indexes = (await applications.listIndexes().toArray()).map((i) => i.name).join(', ');
    console.log(`  (indexes at the end: ${indexes})`);
  } finally {
    await db.dropDatabase().catch(() => {});
    await client.close();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    process.stderr.write(`${err?.stack ?? err}\n`);
    process.exit(1);
  },
);
