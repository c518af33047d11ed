import { expect } from 'chai';
import { MongoClient, type Db } from 'mongodb';
import { uniqueSuffix } from '../support/config.js';
import { newId } from '../../platform/ids.js';
import { ApplicationListing } from '../../modules/applications/store/application-listing.js';
import { createOrderLookupIndexes } from '../../modules/applications/store/application.repository.js';
import { buildApplication, buildCustomer } from '../../modules/applications/create/new-application.js';
import { applicationBody } from './requests.js';

/**
 * The portal's list on the real store: a search is three queries (order number, variable
 * symbol, e-mail) merged newest first, so it must page like one query would: no gap, no
 * repeat, the same order, whichever key each application matched by.
 */
describe('application listing: the search merged from one query per key', function () {
  this.timeout(60_000);
  let client: MongoClient;
  let db: Db;
  let listing: ApplicationListing;
  const partnerId = newId();
  const TERM = 'SHARED-7';
  const t0 = Date.UTC(2026, 10, 1);
  /** the ids the search must find, newest first */
  const want: string[] = [];

  const doc = (n: number, order: { number: string; symbol: string }, email: string, at = new Date(t0 + n * 1000), owner = partnerId) => {
    const body = applicationBody() as any;
    const built = buildApplication(
      { ...body, order: { ...body.order, number: order.number, variableSymbols: [order.symbol] }, customer: buildCustomer({ ...body.customer, email }) },
      [],
      {
        id: newId(),
        partnerId: owner,
        status: { state: 'READY', stateReason: 'READY_TO_SHIP' } as any,
        event: 'APPLICATION_CREATED',
        now: at,
        applicationTtlMs: 3_600_000,
        gatewayTokenTtlMs: 3_600_000,
      },
    );
    return { ...built, version: 1, outbox: {} };
  };

  before(async () => {
    client = new MongoClient(process.env.MONGO_URL!, { retryWrites: false });
    await client.connect();
    db = client.db(`listing_${uniqueSuffix()}`);
    listing = new ApplicationListing(db);
    await ApplicationListing.createIndexes(db);
    await createOrderLookupIndexes(db.collection('applications') as any);
    const docs = [];
    for (let n = 0; n < 60; n++) {
      // every third matches by a different key; two share one instant (the id breaks the tie)
      const by = n % 3;
      const at = n === 31 ? new Date(t0 + 30 * 1000) : undefined;
      const d = doc(
        n,
        { number: by === 0 ? TERM : `ORD-${n}`, symbol: by === 1 ? TERM : String(9_000_000 + n) },
        by === 2 ? TERM.toLowerCase() + '@example.com' : `b${n}@example.com`,
        at,
      );
      docs.push(d);
    }
    // an e-mail match too (stored lower case, searched as typed), and noise
    docs.push(doc(100, { number: 'ORD-100', symbol: '100' }, 'shared-7@example.com'));
    for (let n = 0; n < 40; n++) docs.push(doc(200 + n, { number: `X-${n}`, symbol: String(8_000_000 + n) }, `x${n}@example.com`));
    docs.push(doc(300, { number: TERM, symbol: '300' }, 'other@example.com', undefined, newId())); // another partner's
    await db.collection('applications').insertMany(docs as any[]);
    const cmp = (a: any, b: any) => b.createdAt.getTime() - a.createdAt.getTime() || (a._id < b._id ? 1 : -1);
    const matches = docs.filter((d: any) => d.partnerId === partnerId && (d.order.number === TERM || d.order.variableSymbols.includes(TERM)));
    want.push(...matches.sort(cmp).map((d: any) => d._id));
  });
  after(async () => {
    await db?.dropDatabase();
    await client?.close();
  });

  it('when a term matches applications by order number and by variable symbol, then pages of 7 walk them newest first, forwards and back, without a gap or a repeat', async () => {
    expect(want.length).to.equal(40);
    const seen: string[] = [];
    let page = await listing.list(partnerId, { search: TERM, limit: 7 });
    for (;;) {
      seen.push(...page.items.map((i) => i._id));
      if (!page.more) break;
      const last = page.items[page.items.length - 1]!;
      page = await listing.list(partnerId, { search: TERM, limit: 7, after: { createdAt: last.createdAt, id: last._id } });
    }
    expect(seen).to.deep.equal(want);
    const at = await listing.position(partnerId, want[20]!);
    const back = await listing.list(partnerId, { search: TERM, limit: 7, before: at! });
    expect(back.items.map((i) => i._id)).to.deep.equal(want.slice(13, 20));
    expect(back.more).to.equal(true);
  });

  it('when a term is an e-mail typed in capitals, then the application whose e-mail it is (stored lower case) is found, and a filter narrows the search', async () => {
    const byMail = await listing.list(partnerId, { search: 'SHARED-7@example.com', limit: 50 });
    expect(byMail.items.length).to.equal(21);
    expect(byMail.items.every((i) => i.customer.email === 'shared-7@example.com')).to.equal(true);
    const none = await listing.list(partnerId, { search: TERM, state: 'REJECTED', limit: 50 });
    expect(none.items).to.deep.equal([]);
  });
});
