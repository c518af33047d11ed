import { expect } from 'chai';
import { MongoClient, type Db, type Document } from 'mongodb';
import { uniqueSuffix } from '../support/config.js';
import { MongoApplicationRepository } from '../../modules/applications/store/application.repository.js';
import { MongoDeliveryRepository, DELIVERIES_COLLECTION } from '../../modules/webhooks/delivery.repository.js';
import { MongoFeedRepository, FEED_COLLECTION } from '../../modules/events/events.repository.js';
import { MongoLedgerRepository } from '../../modules/payments/ledger.repository.js';
import { WindowCounters } from '../../modules/auth/window-counters.js';
import { MongoConsumerInbox, CONSUMER_INBOX_COLLECTION } from '../../platform/consumer-inbox.js';

/** The stages of a winning plan, outermost first. */
function stages(plan: Document): Document[] {
  const out: Document[] = [];
  for (let s: Document | undefined = plan; s; s = s.inputStage ?? s.inputStages?.[0]) out.push(s);
  return out;
}

/**
 * Every lookup of a request path and every periodic sweep must be served by an index, on
 * whatever MongoDB-wire server the run uses: a collection scan holds the local server's
 * collection lock for as long as it reads every document, which stalls every request on
 * that collection once it is large. The queries here have the shapes the repositories
 * send, on the indexes their migrations create.
 */
describe('store indexes: each hot query is answered from an index', function () {
  if (process.env.PF_MONGO_SERVER === 'ferretdb') return; // FerretDB v1 reports its own plans
  let client: MongoClient;
  let db: Db;

  before(async () => {
    client = new MongoClient(process.env.MONGO_URL!, { retryWrites: false });
    await client.connect();
    db = client.db(`indexes_${uniqueSuffix()}`);
    // the indexes the migrations build (the API and the relay build none at start)
    await MongoApplicationRepository.createIndexes(db);
    await MongoDeliveryRepository.createIndexes(db);
    await MongoFeedRepository.createIndexes(db);
    await MongoLedgerRepository.createIndexes(db);
    await WindowCounters.createIndexes(db);
    await MongoConsumerInbox.createIndexes(db);
  });
  after(async () => {
    await db?.dropDatabase();
    await client?.close();
  });

  const now = new Date();
  const cases: Array<[string, string, Document, Document | undefined, string]> = [
    [
      'orders by order number',
      'applications',
      { partnerId: 'p1', 'order.number': 'O-1' },
      { createdAt: -1, _id: -1 },
      'partnerId_1_order.number_1_createdAt_-1',
    ],
    [
      'orders by variable symbol',
      'applications',
      { partnerId: 'p1', 'order.variableSymbols': '123' },
      { createdAt: -1, _id: -1 },
      'partner_variable_symbol_newest',
    ],
    ['application by id and dedup key', 'applications', { _id: 'a1', dedupKey: 'k' }, undefined, '_id_'],
    ['application expiry sweep', 'applications', { expiresAt: { $lte: now } }, undefined, 'expiresAt_1'],
    ['recurrence end sweep', 'applications', { 'recurrence.state': 'READY', 'recurrence.validUntil': { $lte: now } }, undefined, 'recurrence.validUntil_1'],
    ['outbox sweep', 'applications', { outboxAt: { $lte: now } }, undefined, 'outboxAt_1'],
    ['deliveries page, newest first', DELIVERIES_COLLECTION, { partnerId: 'p1' }, { _id: -1 }, 'partner_newest_first'],
    [
      'deliveries page before a cursor',
      DELIVERIES_COLLECTION,
      { partnerId: 'p1', state: { $in: ['DELIVERED'] }, _id: { $gt: 'd5' } },
      { _id: 1 },
      'partner_newest_first',
    ],
    ['dead-lettered deliveries', DELIVERIES_COLLECTION, { partnerId: 'p1', state: 'DEAD_LETTERED', _id: { $gt: '' } }, { _id: 1 }, 'partner_newest_first'],
    [
      'event feed of an application',
      FEED_COLLECTION,
      { partnerId: 'p1', applicationId: 'a1', seq: { $gt: 0, $lt: 100 }, recordedAt: { $gte: now } },
      { seq: -1 },
      'partner_application_seq',
    ],
    ['ledgers of a partner', 'payment_ledgers', { partnerId: 'p1' }, undefined, 'partner'],
    ['window counter expiry', 'auth_counters', { expiresAt: { $lte: now } }, undefined, 'expiresAt_1'],
    ['consumer inbox, one group', CONSUMER_INBOX_COLLECTION, { _id: { $gte: 'g:', $lt: 'g;' } }, undefined, '_id_'],
    ['consumer inbox retention', CONSUMER_INBOX_COLLECTION, { _id: { $gte: 'g:', $lt: 'g;' }, at: { $lt: now } }, undefined, 'at_1'],
  ];

  for (const [what, collection, filter, sort, index] of cases) {
    it(`when ${what} is explained, then the plan reads the index ${index} and scans no collection`, async () => {
      let cursor = db.collection(collection).find(filter);
      if (sort) cursor = cursor.sort(sort);
      const plan = (await cursor.limit(20).explain('queryPlanner')).queryPlanner.winningPlan as Document;
      const all = stages(plan);
      expect(
        all.map((s) => s.stage),
        JSON.stringify(plan),
      ).to.not.include('COLLSCAN');
      expect(all.find((s) => s.indexName)?.indexName, JSON.stringify(plan)).to.equal(index);
    });
  }

  it('when a filter has no indexed field, then explain says COLLSCAN (the check above can fail)', async () => {
    const plan = (await db.collection('applications').find({ status: 'APPROVED' }).explain('queryPlanner')).queryPlanner.winningPlan as Document;
    expect(stages(plan).map((s) => s.stage)).to.include('COLLSCAN');
  });
});

/**
 * An index only narrows which documents are read; the answers must be those of a scan.
 * Random documents, updated and deleted so that index keys move and go, and queries of
 * every shape the server plans through secondary indexes, compared with the same filter
 * evaluated here in the test.
 */
describe('store indexes: queries answered through an index return what a scan returns', () => {
  let client: MongoClient;
  let db: Db;
  type Doc = { _id: string; p: string; n?: number; tags: string[]; at: Date | null; s: string };
  const docs = new Map<string, Doc>();

  before(async () => {
    client = new MongoClient(process.env.MONGO_URL!, { retryWrites: false });
    await client.connect();
    db = client.db(`indexes_${uniqueSuffix()}`);
    const col = db.collection<Doc>('c');
    await col.createIndex({ p: 1, n: -1 });
    await col.createIndex({ tags: 1 });
    await col.createIndex({ at: 1 });
    await col.createIndex({ p: 1, _id: -1 } as any);
    let seed = 7;
    const rnd = (k: number) => {
      seed = (seed * 48271) % 2147483647;
      return seed % k;
    };
    const batch: Doc[] = [];
    for (let i = 0; i < 1500; i++) {
      const d: Doc = {
        _id: `d${String(i).padStart(5, '0')}`,
        p: `p${rnd(5)}`,
        tags: Array.from({ length: rnd(3) }, () => `t${rnd(8)}`),
        at: rnd(4) === 0 ? null : new Date(1_700_000_000_000 + rnd(1000) * 1000),
        s: `s${rnd(3)}`,
      };
      if (rnd(5) !== 0) d.n = rnd(50);
      batch.push(d);
      docs.set(d._id, d);
    }
    await col.insertMany(batch);
    // move keys: change p, n, tags and at of some, delete others
    for (let i = 0; i < 1500; i += 7) {
      const id = `d${String(i).padStart(5, '0')}`;
      const d = docs.get(id)!;
      if (i % 2) {
        await col.deleteOne({ _id: id });
        docs.delete(id);
      } else {
        d.p = 'p9';
        d.n = 99;
        d.tags = ['moved'];
        d.at = new Date(1_700_000_500_000);
        await col.updateOne({ _id: id }, { $set: { p: d.p, n: d.n, tags: d.tags, at: d.at } });
      }
    }
  });
  after(async () => {
    await db?.dropDatabase();
    await client?.close();
  });

  const t0 = 1_700_000_000_000;
  const cases: Array<[string, Document, (d: Doc) => boolean, Document | undefined, number | undefined]> = [
    ['equality on a prefix', { p: 'p2' }, (d) => d.p === 'p2', { _id: 1 }, undefined],
    [
      'equality and a range on the next key',
      { p: 'p1', n: { $gte: 10, $lt: 20 } },
      (d) => d.p === 'p1' && d.n !== undefined && d.n >= 10 && d.n < 20,
      { n: -1, _id: 1 },
      undefined,
    ],
    ['sorted by the index, with a limit', { p: 'p3' }, (d) => d.p === 'p3', { _id: -1 }, 7],
    ['sorted against the index, with a limit', { p: 'p3' }, (d) => d.p === 'p3', { _id: 1 }, 7],
    ['$in on a prefix', { p: { $in: ['p0', 'p4', 'p9'] }, s: 's1' }, (d) => ['p0', 'p4', 'p9'].includes(d.p) && d.s === 's1', { _id: 1 }, undefined],
    ['a multikey equality', { tags: 't3' }, (d) => d.tags.includes('t3'), { _id: 1 }, undefined],
    ['a multikey $in (no duplicates)', { tags: { $in: ['t1', 't2'] } }, (d) => d.tags.includes('t1') || d.tags.includes('t2'), { _id: 1 }, undefined],
    ['a moved key', { tags: 'moved', p: 'p9' }, (d) => d.tags.includes('moved') && d.p === 'p9', { _id: 1 }, undefined],
    [
      'a date range without a lower bound (no nulls)',
      { at: { $lte: new Date(t0 + 300_000) } },
      (d) => d.at !== null && +d.at <= t0 + 300_000,
      { _id: 1 },
      undefined,
    ],
    [
      'a date range with both bounds',
      { at: { $gt: new Date(t0 + 100_000), $lt: new Date(t0 + 200_000) } },
      (d) => d.at !== null && +d.at > t0 + 100_000 && +d.at < t0 + 200_000,
      { _id: 1 },
      undefined,
    ],
    [
      'a range of string ids',
      { _id: { $gte: 'd00100', $lt: 'd00200' }, s: 's2' },
      (d) => d._id >= 'd00100' && d._id < 'd00200' && d.s === 's2',
      { _id: 1 },
      undefined,
    ],
    ['a sort read from an index without a condition, with a limit', {}, () => true, { p: 1, n: -1, _id: 1 }, 30],
    ['equality on null (missing too)', { p: 'p2', n: null }, (d) => d.p === 'p2' && d.n === undefined, { _id: 1 }, undefined],
  ];

  for (const [what, filter, pred, sort, limit] of cases) {
    it(`when ${what}, then the documents are those the filter matches`, async () => {
      let cursor = db.collection<Doc>('c').find(filter);
      if (sort) cursor = cursor.sort(sort);
      if (limit) cursor = cursor.limit(limit);
      const got = (await cursor.toArray()).map((d) => d._id);
      const keys = Object.keys(sort ?? {});
      let want = [...docs.values()]
        .filter(pred)
        .sort((a: any, b: any) => {
          for (const k of keys) {
            const dir = (sort as any)[k];
            const x = a[k] ?? -Infinity;
            const y = b[k] ?? -Infinity;
            if (x < y) return -dir;
            if (x > y) return dir;
          }
          return 0;
        })
        .map((d) => d._id);
      if (limit) want = want.slice(0, limit);
      expect(want.length, 'the case selects something').to.be.greaterThan(0);
      expect(got).to.deep.equal(want);
    });
  }

  it('when the count of a filter is asked, then it is the number of matching documents', async () => {
    expect(await db.collection<Doc>('c').countDocuments({ p: 'p1' })).to.equal([...docs.values()].filter((d) => d.p === 'p1').length);
  });

  // The `count` command: answered from index entries alone where they decide the match
  // (COUNT_SCAN), from the documents otherwise; the same number either way.
  const counts: Array<[string, Document, (d: Doc) => boolean, boolean]> = [
    ['equality on a prefix', { p: 'p2' }, (d) => d.p === 'p2', true],
    ['equality on two keys', { p: 'p1', n: 7 }, (d) => d.p === 'p1' && d.n === 7, true],
    // MongoDB reads the documents for these (null also matches a missing key; a multikey
    // index may hold a document twice); the local store counts them from the index too
    ['equality on null (missing too)', { p: 'p2', n: null }, (d) => d.p === 'p2' && d.n === undefined, false],
    ['a multikey equality', { tags: 't3' }, (d) => d.tags.includes('t3'), false],
    ['a multikey $in (each document once)', { tags: { $in: ['t1', 't2'] } }, (d) => d.tags.includes('t1') || d.tags.includes('t2'), false],
    ['a moved key', { p: 'p9' }, (d) => d.p === 'p9', true],
    ['a range', { p: 'p1', n: { $gte: 10, $lt: 20 } }, (d) => d.p === 'p1' && d.n !== undefined && d.n >= 10 && d.n < 20, false],
    ['a field outside the index', { p: 'p1', s: 's0' }, (d) => d.p === 'p1' && d.s === 's0', false],
  ];
  for (const [what, query, pred, covered] of counts) {
    it(`when the count command has ${what}, then it is the number of matching documents${covered ? ', read from the index alone' : ''}`, async () => {
      const want = [...docs.values()].filter(pred).length;
      expect(want, 'the case selects something').to.be.greaterThan(0);
      expect((await db.command({ count: 'c', query })).n).to.equal(want);
      expect((await db.command({ count: 'c', query, skip: 2, limit: 3 })).n).to.equal(Math.min(3, Math.max(0, want - 2)));
      if (process.env.PF_MONGO_SERVER === 'ferretdb') return; // FerretDB v1 reports its own plans
      const plan = (await db.command({ explain: { count: 'c', query }, verbosity: 'queryPlanner' })).queryPlanner.winningPlan;
      const names = stages(plan).map((s) => s.stage);
      expect(names).to.not.include('COLLSCAN');
      if (covered) expect(names).to.include('COUNT_SCAN');
    });
  }
});
