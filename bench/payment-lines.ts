/**
 * The account-wide payments list and a settlement's lines with 100 000 payment lines for one
 * partner (and 10 000 of another), through HTTP on the API as it runs, with the indexes the
 * payments module creates: the first page, a page deep in the list (after a cursor), a
 * page back (before), the type and date filters, a page of a settlement's lines and the
 * settlements list; p50/p95/max per kind. Then `explain` of each query shape: the winning
 * plan must be an index scan of an index that starts with partnerId (exit 1 on a COLLSCAN).
 *
 *   npx tsx bench/payment-lines.ts [--lines 100000] [--requests 20]
 *
 * BENCH_MONGO_URL names the store (a MongoDB, to confirm the plans); without it the bench
 * starts a MongoDB-wire server of its own (mongo-java-server with a 2 GiB heap: it holds what
 * it scans in memory, and 100 000 lines would exhaust the shared stack's), and uses the
 * shared stack's Kafka. mongo-java-server answers only exact unique-key queries from an
 * index and has no `explain`: there every page is a scan of the collection, and the
 * figures say so.
 */
import { parseArgs } from 'node:util';
import { MongoClient, type Document } from 'mongodb';
import { newId } from '../platform/ids.js';
import { localDate } from '../platform/dates.js';
import { startTestApi } from '../test/support/api.js';
import { provisionPartner } from '../test/support/partners.js';
import { pct } from './support/pacing.js';
import { resolveStack } from '../scripts/local-stack.js';
import { PrivateMongo } from '../test/support/private-mongo.js';
import type { PaymentLineDoc } from '../modules/payments/payment-lines.model.js';
import { PartnerPaymentsQuery } from '../modules/payments/partner-payments.query.js';
import { MongoPaymentLinesRepository } from '../modules/payments/payment-lines.repository.js';

const { values } = parseArgs({ options: { lines: { type: 'string', default: '100000' }, requests: { type: 'string', default: '20' } } });
const LINES = Number(values.lines);
const REQUESTS = Number(values.requests);
/** a kind stops after this much time (at least 3 requests): a scanning store takes seconds per page */
const BUDGET_MS = 30_000;

function line(partnerId: string, at: number, i: number, settlementId: string | null): PaymentLineDoc {
  const credit = i % 7 === 6;
  const gross = credit ? -(1000 + (i % 5000)) : 10_000 + (i % 90_000);
  const fee = Math.round(gross * 0.025);
  const id = newId();
  const createdAt = new Date(at);
  const body = {
    paymentId: id,
    type: credit ? 'CREDIT_NOTE' : 'PAYOUT',
    date: localDate(createdAt),
    applicationId: newId(),
    value: { amount: gross - fee, currency: 'CZK' },
    grossValue: { amount: gross, currency: 'CZK' },
    fee: { amount: fee, currency: 'CZK' },
    variableSymbol: String(2024000000 + i),
    operationId: newId(),
    operation: { type: credit ? 'RETURN' : 'SEND', items: [{ code: 'KTL-1', quantity: 1, amount: gross }] },
    invoice: {
      fullName: 'Partner Financing s.r.o.',
      address: { streetAddress: 'Na Florenci', streetNumber: '2116/15', city: 'Praha', zip: '11000', country: 'CZ', addressType: 'PERMANENT' },
      dueDate: localDate(createdAt),
      accountNumber: { accountNumber: '2000145399', bankCode: '2010' },
    },
  } as PaymentLineDoc['body'];
  return {
    _id: id,
    partnerId,
    applicationId: body.applicationId,
    type: body.type,
    gross,
    fee,
    net: gross - fee,
    currency: 'CZK',
    date: body.date,
    createdAt,
    orderNumber: `ORD-${i}`,
    variableSymbol: body.variableSymbol!,
    body,
    settlementId,
    settled: settlementId !== null,
  };
}

async function main(): Promise<number> {
  if (!process.env.MONGO_URL || !process.env.KAFKA_BROKERS) Object.assign(process.env, await resolveStack({ start: true }));
  const own = process.env.BENCH_MONGO_URL ? undefined : await new PrivateMongo({ heapMb: 2048 }).start();
  try {
    return await bench(process.env.BENCH_MONGO_URL ?? own!.url);
  } finally {
    await own?.dispose();
  }
}

async function bench(mongoUrl: string): Promise<number> {
  const t = await startTestApi({ MONGO_URL: mongoUrl, STORE_TIMEOUT: '60s', LOG_LEVEL: 'warn' });
  const mongo = await new MongoClient(t.config.store.url, { retryWrites: false }).connect();
  try {
    const db = mongo.db(t.config.store.db);
    const partner = await provisionPartner(t);
    const other = await provisionPartner(t);
    const lines = db.collection<PaymentLineDoc>('payment_lines');
    const settlementId = newId();
    const start = Date.now() - 30 * 86_400_000;
    const step = (30 * 86_400_000) / LINES;
    const t0 = performance.now();
    for (let i = 0; i < LINES; i += 2000) {
      // the first thousand lines are a settlement's
      await lines.insertMany(
        Array.from({ length: Math.min(2000, LINES - i) }, (_, j) => line(partner.id, start + (i + j) * step, i + j, i + j < 1000 ? settlementId : null)),
        { ordered: false },
      );
    }
    for (let i = 0; i < 10_000; i += 2000)
      await lines.insertMany(
        Array.from({ length: 2000 }, (_, j) => line(other.id, start + (i + j) * 250_000, i + j, null)),
        { ordered: false },
      );
    await db.collection('settlements').insertOne({
      _id: settlementId as any,
      version: 1,
      outbox: {},
      partnerId: partner.id,
      number: 1,
      reference: '0000000001',
      previousId: null,
      cutoffAt: new Date(start + 1000 * step),
      periodStart: null,
      valueDate: localDate(new Date(start + 2 * 86_400_000)),
      currency: 'CZK',
      gross: 0,
      refunds: 0,
      fees: 0,
      linesNet: 0,
      carriedIn: 0,
      net: 0,
      transfer: 0,
      carriedOut: 0,
      lineIds: (await lines.find({ settlementId }, { projection: { _id: 1 } }).toArray()).map((l) => l._id),
      lineCount: 1000,
      createdAt: new Date(),
    });
    process.stdout.write(`seeded ${LINES} lines of one partner and 10000 of another in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);

    const ids = (await lines.find({ partnerId: partner.id }, { projection: { _id: 1 }, sort: { _id: 1 } }).toArray()).map((l) => l._id);
    const mid = () => ids[Math.floor(ids.length * (0.2 + Math.random() * 0.6))]!;
    const day = localDate(new Date(start + 15 * 86_400_000));
    const kinds: Array<[string, () => string]> = [
      ['first page (limit 100)', () => '/financing/v1/payments?limit=100'],
      ['after a cursor deep in the list', () => `/financing/v1/payments?limit=100&after=${mid()}`],
      ['before a cursor', () => `/financing/v1/payments?limit=100&before=${mid()}`],
      ['type=CREDIT_NOTE after a cursor', () => `/financing/v1/payments?limit=100&type=CREDIT_NOTE&after=${mid()}`],
      ['one day (from=to)', () => `/financing/v1/payments?limit=100&from=${day}&to=${day}`],
      ["a settlement's lines", () => `/financing/v1/settlements/${settlementId}?limit=100`],
      ['the settlements list', () => '/financing/v1/settlements'],
    ];
    let worst = 0;
    process.stdout.write(
      `\n${'request'.padEnd(36)}      p50      p95      max       n   (ms, up to ${REQUESTS} each within ${BUDGET_MS / 1000} s, after one warm-up)\n`,
    );
    for (const [label, path] of kinds) {
      await t.client.get(path(), { token: partner.token, timeoutMs: 120_000 });
      const ms: number[] = [];
      const budget = performance.now() + BUDGET_MS;
      for (let i = 0; i < REQUESTS && (i < 3 || performance.now() < budget); i++) {
        const p = path();
        const a = performance.now();
        const res = await t.client.get(p, { token: partner.token, timeoutMs: 120_000 });
        ms.push(performance.now() - a);
        if (res.status !== 200) throw new Error(`${p}: ${res.status} ${res.text}`);
      }
      ms.sort((x, y) => x - y);
      const p95 = pct(ms, 0.95);
      worst = Math.max(worst, p95);
      const f = (v: number) => v.toFixed(1).padStart(8);
      process.stdout.write(`${label.padEnd(36)} ${f(pct(ms, 0.5))} ${f(p95)} ${f(ms.at(-1)!)} ${String(ms.length).padStart(7)}\n`);
    }
    process.stdout.write(`\nworst p95: ${worst.toFixed(1)} ms (target < 100 ms)\n`);

    // the portal's money page reads: the totals per day of a range and its first page of 50,
    // side by side as the page reads them; the first read of a day sums its lines and keeps
    // the totals, later reads count the day's lines and use them
    const money = new PartnerPaymentsQuery(new MongoPaymentLinesRepository(db));
    const today = localDate(new Date());
    process.stdout.write(`\n${'portal money page (day totals + page of 50)'.padEnd(44)}      p50      p95      max    first   lines\n`);
    for (const days of [1, 7, 30]) {
      const from = localDate(new Date(Date.now() - (days - 1) * 86_400_000));
      const ms: number[] = [];
      let lineCount = 0;
      let first = 0;
      for (let i = 0; i < Math.min(REQUESTS, 10) + 1; i++) {
        const a = performance.now();
        const [totals] = await Promise.all([money.dayTotals(partner.id, from, today), money.page(partner.id, from, today, 50)]);
        if (i > 0) ms.push(performance.now() - a);
        else first = performance.now() - a;
        lineCount = totals.reduce((n, t) => n + t.count, 0);
      }
      ms.sort((x, y) => x - y);
      const f = (v: number) => v.toFixed(1).padStart(8);
      process.stdout.write(
        `${`last ${days} day(s)`.padEnd(44)} ${f(pct(ms, 0.5))} ${f(pct(ms, 0.95))} ${f(ms.at(-1)!)} ${f(first)} ${String(lineCount).padStart(7)}\n`,
      );
    }

    // the query shapes the repository sends, explained
    const m = mid();
    const shapes: Array<[string, Document, Document]> = [
      ['list', { partnerId: partner.id, _id: { $gt: m } }, { _id: 1 }],
      ['list by type', { partnerId: partner.id, type: 'CREDIT_NOTE', _id: { $gt: m } }, { _id: 1 }],
      ['list by date', { partnerId: partner.id, date: { $gte: day, $lte: day } }, { date: 1, _id: 1 }],
      ["a settlement's lines", { partnerId: partner.id, settlementId }, { _id: 1 }],
    ];
    let scans = 0;
    process.stdout.write('\nexplain (queryPlanner):\n');
    for (const [label, filter, sort] of shapes) {
      try {
        const plan = await lines.find(filter, { sort, limit: 101 }).explain('queryPlanner');
        const text = JSON.stringify(plan.queryPlanner?.winningPlan ?? plan);
        const indexes = [...text.matchAll(/"indexName":"([^"]+)"/g)].map((x) => x[1]);
        const collscan = text.includes('COLLSCAN');
        if (collscan) scans++;
        process.stdout.write(`  ${label.padEnd(22)} ${collscan ? 'COLLSCAN' : `IXSCAN ${indexes.join(', ')}`}\n`);
      } catch (err) {
        process.stdout.write(`  ${label.padEnd(22)} explain not answered by this store: ${(err as Error).message}\n`);
      }
    }
    return scans ? 1 : 0;
  } finally {
    await mongo.close();
    await t.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(`${err?.stack ?? err}\n`);
    process.exit(1);
  },
);
