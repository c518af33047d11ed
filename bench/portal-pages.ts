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
import { fillSearchTerms } from '../modules/applications/store/search-backfill.js';
import { buildApplication, buildCustomer } from '../modules/applications/create/new-application.js';
import { applicationsBody } from '../modules/portal/portal-applications.views.js';
import { CATALOGUES } from '../modules/portal/portal.i18n.js';
import { applicationBody } from '../test/applications/requests.js';
import { pct, summary } from './support/pacing.js';
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

/** Czech names, so that a name search meets as many namesakes as in a real shop: each last name is about 1 in 48. */
const FIRST = [
  'Jana',
  'Jiří',
  'Petr',
  'Eliška',
  'Tereza',
  'Tomáš',
  'Lucie',
  'Martin',
  'Kateřina',
  'Zdeněk',
  'Anna',
  'Josef',
  'Marie',
  'Pavel',
  'Věra',
  'Jan',
  'Hana',
  'Lukáš',
  'Alena',
  'Ondřej',
  'Markéta',
  'Vojtěch',
  'Šárka',
  'Radek',
  'Ivana',
  'Michal',
  'Žaneta',
  'Dušan',
  'Klára',
  'Miloš',
  'Zuzana',
];
const LAST = [
  'Novák',
  'Svoboda',
  'Novotný',
  'Dvořák',
  'Černý',
  'Procházka',
  'Kučera',
  'Veselý',
  'Horák',
  'Němec',
  'Pokorný',
  'Marek',
  'Pospíšil',
  'Hájek',
  'Jelínek',
  'Král',
  'Růžička',
  'Beneš',
  'Fiala',
  'Sedláček',
  'Doležal',
  'Zeman',
  'Kolář',
  'Navrátil',
  'Čermák',
  'Vaněk',
  'Urban',
  'Blažek',
  'Kříž',
  'Kovář',
  'Bartoš',
  'Vlček',
  'Polák',
  'Musil',
  'Kopecký',
  'Šimek',
  'Konečný',
  'Malý',
  'Holub',
  'Štěpánek',
  'Kadlec',
  'Dostál',
  'Soukup',
  'Šťastný',
  'Mareš',
  'Moravec',
  'Sýkora',
  'Tichý',
];
/** The one customer of that name (the search for a person the shop had once). */
const RARE = { firstName: 'Květoslava', lastName: 'Řeháčková' };
const orderNumber = (n: number) => `EO-2026-${String(n).padStart(6, '0')}`;

async function fill(applications: Collection, partnerId: string, count: number, start: number, rareAt = -1): Promise<void> {
  const body = applicationBody() as any;
  for (let i = 0; i < count; i += 1000) {
    const docs = Array.from({ length: Math.min(1000, count - i) }, (_, j) => {
      const n = i + j;
      const order = { ...body.order, number: orderNumber(n), variableSymbols: [String(1_000_000 + n)] };
      const name = n === rareAt ? RARE : { firstName: FIRST[(n * 7) % FIRST.length]!, lastName: LAST[n % LAST.length]! };
      const customer = buildCustomer({ ...body.customer, ...name, email: `buyer-${n}@example.com` });
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

/**
 * What the name and order-part searches find (the one customer, only this partner's), the
 * unanchored regex they replace, timed once beside them, and how long the migration that
 * fills the terms of documents written without them takes.
 */
async function searchChecks(listing: ApplicationListing, db: Db, partnerId: string, mid: number, probe: number): Promise<void> {
  const rare = await listing.list(partnerId, { search: 'Řeháčková', limit: 25 });
  if (rare.items.length !== 1 || rare.items[0]!.order.number !== orderNumber(mid)) throw new Error(`the one customer: found ${rare.items.length}`);
  const part = await listing.list(partnerId, { search: orderNumber(probe).slice(-6), limit: 25 });
  if (part.items.length !== 1) throw new Error(`order part: found ${part.items.length}, not only this partner's one`);
  const applications = db.collection('applications');
  const part4 = orderNumber(probe).slice(-4);
  const regex = async () =>
    applications
      .find({ partnerId, $and: [{ 'order.number': new RegExp(part4, 'i') }] }, { projection: { _id: 1 } })
      .sort({ createdAt: -1, _id: -1 })
      .limit(26)
      .toArray();
  const times: number[] = [];
  let found = 0;
  for (let r = 0; r < 3; r += 1) {
    const t = performance.now();
    found = (await regex()).length;
    times.push(performance.now() - t);
  }
  const terms = await listing.list(partnerId, { search: part4, limit: 25 });
  console.log(
    `  unanchored regex /${part4}/i (not used)    ${times.map((t) => t.toFixed(0)).join(' / ')} ms, ${found} found; the terms find ${terms.items.length}`,
  );
  const unset = await applications.updateMany({ partnerId }, { $unset: { search: '' } });
  const t = performance.now();
  const filled = await fillSearchTerms(db);
  console.log(`  migration applications-0003 filled ${filled} of ${unset.modifiedCount} applications in ${((performance.now() - t) / 1000).toFixed(1)} s`);
}

async function main() {
  const url = process.env.MONGO_URL ?? (await resolveStack({ start: true })).MONGO_URL;
  const client = new MongoClient(url, { retryWrites: false });
  await client.connect();
  const db = client.db(`bench_portal_${newId().slice(-8)}`);
  try {
    const listing = new ApplicationListing(db);
    await ApplicationListing.createIndexes(db);
    await ApplicationListing.createSearchIndex(db);
    const applications = db.collection('applications');
    await createOrderLookupIndexes(applications as any);
    const partnerId = newId();
    const start = Date.now() - COUNT * 1000;
    const t0 = performance.now();
    const mid = Math.floor(COUNT / 2);
    await fill(applications, partnerId, COUNT, start, mid);
    // the other partners have the same names and order numbers: none of them may be found
    for (let p = 0; p < OTHERS; p += 1) await fill(applications, newId(), OTHERS_EACH, start, p === 0 ? mid % OTHERS_EACH : -1);
    console.log(
      `\nportal list pages: ${COUNT} applications of one partner, ${OTHERS} other partners with ${OTHERS_EACH} each (inserted in ${((performance.now() - t0) / 1000).toFixed(1)} s); ${RUNS} rounds, ms (query + counts + render)`,
    );
    const probe = 73_519 % COUNT;
    const firstPage = await listing.list(partnerId, { limit: 25 });
    const last = firstPage.items[firstPage.items.length - 1]!;
    const cases: Array<[string, Omit<ApplicationListQuery, 'limit'>]> = [
      ['newest first', {}],
      ['state READY', { state: 'READY' }],
      ['stateReason READY_PAID', { stateReason: 'READY_PAID' }],
      ['type PAY_IN_THREE', { type: 'PAY_IN_THREE' }],
      ['created in one day', { createdFrom: new Date(start + mid * 1000), createdTo: new Date(start + mid * 1000 + 86_400_000) }],
      ['search order number', { search: orderNumber(mid) }],
      ['search variable symbol', { search: String(1_000_000 + mid) }],
      ['search e-mail', { search: `buyer-${mid}@example.com` }],
      ['second page (cursor)', { after: { createdAt: last.createdAt, id: last._id } }],
      ['name: last (dvorak)', { search: 'dvorak' }],
      ['name: first last (Jana Dvořák)', { search: 'Jana Dvořák' }],
      ['name: last first, none', { search: 'dvořák marie' }],
      ['name: the one customer', { search: 'řeháčková květoslava' }],
      ['name: start of a word (dvo)', { search: 'dvo' }],
      ['order part: 6 digits', { search: orderNumber(probe).slice(-6) }],
      ['order part: 4 digits', { search: orderNumber(probe).slice(-4) }],
      ['order part: common (2026)', { search: '2026' }],
      ['order part: none (99x99)', { search: '99x99' }],
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
      console.log(
        `  ${name.padEnd(30)} ${summary(times)}  p95 ${pct(
          [...times].sort((a, b) => a - b),
          0.95,
        )
          .toFixed(1)
          .padStart(7)}`,
      );
    }
    // the runs' counts are kept for minutes (ApplicationListing.termCount): the first search of a text counts them
    for (const [name, text] of [
      ['order part: common, first time', '2026'],
      ['order part: 4 digits, first time', orderNumber(probe).slice(-4)],
      ['whole order number, first time', orderNumber(mid)],
    ] as const) {
      const times: number[] = [];
      for (let r = 0; r < RUNS; r += 1) {
        const fresh = new ApplicationListing(db);
        const t = performance.now();
        const [{ items }, counts] = await Promise.all([fresh.list(partnerId, { search: text, limit: 25 }), fresh.counts(partnerId)]);
        applicationsBody(m, { filters: {}, items, counts });
        times.push(performance.now() - t);
      }
      console.log(
        `  ${name.padEnd(30)} ${summary(times)}  p95 ${pct(
          [...times].sort((a, b) => a - b),
          0.95,
        )
          .toFixed(1)
          .padStart(7)}`,
      );
    }
    await searchChecks(listing, db, partnerId, mid, probe);
    console.log('  plans (explain):');
    console.log(`    newest first:        ${await plan(db, { partnerId }, { createdAt: -1, _id: -1 })}`);
    console.log(`    state READY:         ${await plan(db, { partnerId, state: 'READY' }, { createdAt: -1, _id: -1 })}`);
    console.log(`    count state READY:   ${await countPlan(db, { partnerId, state: 'READY' })}`);
    for (const key of ['order.number', 'order.variableSymbols', 'customer.email']) {
      console.log(`    search ${key.padEnd(22)} ${await plan(db, { partnerId, [key]: 'x' }, { createdAt: -1, _id: -1 })}`);
    }
    console.log(`    search terms:        ${await plan(db, { partnerId, search: 'n:dvorak', $and: [{ search: 'n:jana' }] }, { createdAt: -1, _id: -1 })}`);
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
