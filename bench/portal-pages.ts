/**
 * The partner portal's list pages on a grown store: one partner with many applications
 * (default 100 000) and 20 other partners beside it. Each list query the applications page
 * can run (default list, each filter, each search key, a created range, the second page by
 * cursor) is timed with its counts and the HTML render, p50/p95 over `--runs` rounds after
 * a warm-up; then `explain` shows each query's plan where the store answers it.
 *
 *   npx tsx bench/portal-pages.ts [--applications 100000] [--others 20] [--others-each 500] [--runs 20]
 *
 * MONGO_URL (and nothing else) picks the store; without it, the local stack. The data go
 * to a database of their own, dropped at the end. The documents are the module's own
 * (buildApplication from a valid create request).
 */
import { parseArgs } from 'node:util';
import { MongoClient, type Collection, type Db } from 'mongodb';
import { resolveStack } from '../scripts/local-stack.js';
import { newId } from '../platform/ids.js';
import { createOrderLookupIndexes } from '../modules/applications/store/application.repository.js';
import { ApplicationListing, type ApplicationListQuery } from '../modules/applications/store/application-listing.js';
import { buildApplication, buildCustomer } from '../modules/applications/create/new-application.js';
import { applicationsBody } from '../modules/portal/portal-applications.views.js';
import { CATALOGUES } from '../modules/portal/portal.i18n.js';
import { applicationBody } from '../test/applications/requests.js';
import { summary } from './support/pacing.js';
import { MongoDeliveryRepository } from '../modules/webhooks/delivery.repository.js';
import { endpointHealth, lowestIdAt } from '../modules/webhooks/endpoint-health.js';
import type { DeliveryDoc } from '../modules/webhooks/delivery.model.js';

const { values } = parseArgs({
  options: {
    applications: { type: 'string', default: '100000' },
    others: { type: 'string', default: '20' },
    'others-each': { type: 'string', default: '500' },
    runs: { type: 'string', default: '20' },
    deliveries: { type: 'string', default: '20000' },
  },
});
const COUNT = Number(values.applications);
const OTHERS = Number(values.others);
const OTHERS_EACH = Number(values['others-each']);
const RUNS = Number(values.runs);
const DELIVERIES = Number(values.deliveries);
const STATES = [
  { state: 'READY', stateReason: 'READY_PAID' },
  { state: 'READY', stateReason: 'READY_TO_SHIP' },
  { state: 'CANCELLED', stateReason: 'CANCELLED_NOT_PAID' },
  { state: 'REJECTED', stateReason: 'REJECTED' },
  { state: 'PROCESSING', stateReason: 'PROCESSING_REDIRECT_NEEDED' },
];

async function fill(applications: Collection, partnerId: string, count: number, start: number): Promise<void> {
  const body = applicationBody() as any;
  for (let i = 0; i < count; i += 1000) {
    const docs = Array.from({ length: Math.min(1000, count - i) }, (_, j) => {
      const n = i + j;
      const order = { ...body.order, number: `ORD-${n}`, variableSymbols: [String(1_000_000 + n)] };
      const customer = buildCustomer({ ...body.customer, email: `buyer-${n}@example.com` });
      const doc = buildApplication({ ...body, type: n % 3 ? 'DEFERRED_PAYMENT' : 'PAY_IN_THREE', order, customer }, [], {
        id: newId(),
        partnerId,
        status: STATES[n % STATES.length] as any,
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

async function plan(db: Db, filter: object, sort: object): Promise<string> {
  try {
    const out = await db.command({ explain: { find: 'applications', filter, sort, limit: 26 }, verbosity: 'queryPlanner' });
    const stages: string[] = [];
    const walk = (p: any) => {
      if (!p) return;
      stages.push(p.indexName ? `${p.stage}(${p.indexName})` : p.stage);
      walk(p.inputStage);
      (p.inputStages ?? []).forEach(walk);
    };
    walk(out.queryPlanner?.winningPlan);
    return stages.join(' <- ') || JSON.stringify(out).slice(0, 80);
  } catch (err) {
    return `explain not answered (${(err as Error).message.slice(0, 60)})`;
  }
}

async function countPlan(db: Db, query: object): Promise<string> {
  const out = await db.command({ explain: { count: 'applications', query }, verbosity: 'queryPlanner' }).catch((err) => ({ error: (err as Error).message }));
  const stages: string[] = [];
  const walk = (p: any) => {
    if (!p) return;
    stages.push(p.indexName ? `${p.stage}(${p.indexName})` : p.stage);
    walk(p.inputStage);
  };
  walk((out as any).queryPlanner?.winningPlan);
  return stages.join(' <- ') || JSON.stringify(out).slice(0, 80);
}

/**
 * The webhooks page's endpoint health over the last 24 hours: the newest 5 000 deliveries of
 * the window (the page's bound), read with only the fields health needs, against the same
 * read of whole delivery records (payloads included) as it was before.
 */
async function webhooksPage(db: Db, partnerId: string): Promise<void> {
  const repo = new MongoDeliveryRepository(db);
  await MongoDeliveryRepository.createIndexes(db);
  const now = Date.now();
  const payload = JSON.stringify({ ...applicationBody(), padding: 'x'.repeat(200) });
  for (let i = 0; i < DELIVERIES; i += 1000) {
    const docs = Array.from({ length: Math.min(1000, DELIVERIES - i) }, (_, j): DeliveryDoc => {
      const at = new Date(now - 86_000_000 + (i + j) * Math.floor(86_000_000 / DELIVERIES));
      const ok = (i + j) % 10 !== 0;
      const attempt = {
        round: 0,
        attempt: 1,
        outcome: ok ? 'ACKNOWLEDGED' : 'HTTP_ERROR',
        startedAt: at,
        finishedAt: new Date(at.getTime() + 40),
        durationMs: 40,
        statusCode: ok ? 200 : 503,
        ...(ok ? {} : { responseExcerpt: 'Service Unavailable' }),
      } as const;
      return {
        _id: `${lowestIdAt(at).slice(0, 14)}${newId().slice(14)}`,
        version: 1,
        partnerId,
        webhookId: newId(),
        kind: 'APPLICATION',
        url: `https://shop-${(i + j) % 3}.example/hooks`,
        payload,
        sourceEventId: newId(),
        key: newId(),
        notificationCreatedAt: at,
        createdAt: at,
        updatedAt: at,
        round: 0,
        lastAttempt: 1,
        state: ok ? 'DELIVERED' : 'RETRY_SCHEDULED',
        attemptCount: 1,
        attempts: { r0a1: attempt },
        nextAttemptAt: null,
        deliveredAt: ok ? at : null,
        deadLetteredAt: null,
      };
    });
    await repo.collection.insertMany(docs, { ordered: false });
  }
  const since = new Date(now - 86_400_000);
  const variants: Array<[string, () => Promise<unknown>]> = [
    ['health, fields it reads (now)', async () => endpointHealth(await repo.attemptsSince(partnerId, lowestIdAt(since), 5000), since)],
    ['health, whole records (before)', async () => endpointHealth(await repo.since(partnerId, lowestIdAt(since), 5000), since)],
  ];
  console.log(`\nwebhooks page: ${DELIVERIES} deliveries of the partner in the last 24 h, the newest 5 000 read; ${RUNS} rounds, interleaved, ms`);
  const times = variants.map(() => [] as number[]);
  for (const [, run] of variants) await run(); // warm-up
  for (let r = 0; r < RUNS; r += 1) {
    for (const [k, [, run]] of variants.entries()) {
      const t = performance.now();
      await run();
      times[k]!.push(performance.now() - t);
    }
  }
  variants.forEach(([name], k) => console.log(`  ${name.padEnd(32)} ${summary(times[k]!)}`));
}

async function main() {
  const url = process.env.MONGO_URL ?? (await resolveStack({ start: true })).MONGO_URL;
  const client = new MongoClient(url, { retryWrites: false });
  await client.connect();
  const db = client.db(`bench_portal_${newId().slice(-8)}`);
  try {
    const listing = new ApplicationListing(db);
    await ApplicationListing.createIndexes(db);
    const applications = db.collection('applications');
    await createOrderLookupIndexes(applications as any);
    const partnerId = newId();
    const start = Date.now() - COUNT * 1000;
    const t0 = performance.now();
    await fill(applications, partnerId, COUNT, start);
    for (let p = 0; p < OTHERS; p += 1) await fill(applications, newId(), OTHERS_EACH, start);
    console.log(
      `\nportal list pages: ${COUNT} applications of one partner, ${OTHERS} other partners with ${OTHERS_EACH} each (inserted in ${((performance.now() - t0) / 1000).toFixed(1)} s); ${RUNS} rounds, ms (query + counts + render)`,
    );
    const mid = Math.floor(COUNT / 2);
    const firstPage = await listing.list(partnerId, { limit: 25 });
    const last = firstPage.items[firstPage.items.length - 1]!;
    const cases: Array<[string, Omit<ApplicationListQuery, 'limit'>]> = [
      ['newest first', {}],
      ['state READY', { state: 'READY' }],
      ['stateReason READY_PAID', { stateReason: 'READY_PAID' }],
      ['type PAY_IN_THREE', { type: 'PAY_IN_THREE' }],
      ['created in one day', { createdFrom: new Date(start + mid * 1000), createdTo: new Date(start + mid * 1000 + 86_400_000) }],
      ['search order number', { search: `ORD-${mid}` }],
      ['search variable symbol', { search: String(1_000_000 + mid) }],
      ['search e-mail', { search: `buyer-${mid}@example.com` }],
      ['second page (cursor)', { after: { createdAt: last.createdAt, id: last._id } }],
    ];
    const m = CATALOGUES.en;
    const page = async (q: Omit<ApplicationListQuery, 'limit'>) => {
      const [{ items }, counts] = await Promise.all([listing.list(partnerId, { ...q, limit: 25 }), listing.counts(partnerId)]);
      return applicationsBody(m, { filters: {}, items, counts }).text.length;
    };
    for (const [, q] of cases) await page(q); // warm-up
    for (const [name, q] of cases) {
      const times: number[] = [];
      for (let r = 0; r < RUNS; r += 1) {
        const t = performance.now();
        await page(q);
        times.push(performance.now() - t);
      }
      console.log(`  ${name.padEnd(26)} ${summary(times)}`);
    }
    console.log('  plans (explain):');
    console.log(`    newest first:        ${await plan(db, { partnerId }, { createdAt: -1, _id: -1 })}`);
    console.log(`    state READY:         ${await plan(db, { partnerId, state: 'READY' }, { createdAt: -1, _id: -1 })}`);
    console.log(`    count state READY:   ${await countPlan(db, { partnerId, state: 'READY' })}`);
    for (const key of ['order.number', 'order.variableSymbols', 'customer.email']) {
      console.log(`    search ${key.padEnd(22)} ${await plan(db, { partnerId, [key]: 'x' }, { createdAt: -1, _id: -1 })}`);
    }
    await webhooksPage(db, partnerId);
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
