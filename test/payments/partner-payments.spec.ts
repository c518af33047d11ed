import { expect } from 'chai';
import { MongoClient, type Collection, type Db } from 'mongodb';
import { uniqueSuffix } from '../support/config.js';
import { newId } from '../../platform/ids.js';
import { MongoPaymentLinesRepository } from '../../modules/payments/payment-lines.repository.js';
import { PartnerPaymentsQuery, totalsPerDay } from '../../modules/payments/partner-payments.query.js';
import type { PaymentLineDoc } from '../../modules/payments/payment-lines.model.js';

/**
 * The money page's reads on the real store: totals per day kept and checked against the
 * day's line count, so a line written after the totals were kept is never missing from
 * them; pages and the export in (date, paymentId) order; another partner's lines never in.
 */
describe('partner payments across applications: kept day totals, pages, the export', function () {
  this.timeout(60_000);
  let client: MongoClient;
  let db: Db;
  let lines: Collection<PaymentLineDoc>;
  let query: PartnerPaymentsQuery;
  const partnerId = newId();
  const all: PaymentLineDoc[] = [];
  let n = 0;

  const line = (date: string, amount: number, currency = 'CZK', owner = partnerId): PaymentLineDoc => {
    const id = newId();
    const type = amount < 0 ? 'CREDIT_NOTE' : 'PAYOUT';
    const body = {
      paymentId: id,
      type,
      date,
      applicationId: `a-${n++}`,
      value: { amount, currency },
      grossValue: { amount, currency },
      fee: { amount: 0, currency },
    } as unknown as PaymentLineDoc['body'];
    return {
      _id: id,
      partnerId: owner,
      applicationId: body.applicationId,
      type,
      gross: amount,
      fee: 0,
      net: amount,
      currency,
      date,
      createdAt: new Date(),
      body,
      settlementId: null,
      settled: false,
    };
  };
  const add = async (...docs: PaymentLineDoc[]) => {
    await lines.insertMany(docs);
    all.push(...docs.filter((d) => d.partnerId === partnerId));
  };
  const expected = (from: string, to: string) => totalsPerDay(all.filter((l) => l.date >= from && l.date <= to).map((l) => l.body));

  before(async () => {
    client = new MongoClient(process.env.MONGO_URL!, { retryWrites: false });
    await client.connect();
    db = client.db(`partner_payments_${uniqueSuffix()}`);
    const repo = new MongoPaymentLinesRepository(db);
    await MongoPaymentLinesRepository.createIndexes(db);
    lines = repo.collection;
    query = new PartnerPaymentsQuery(repo);
    for (const date of ['2026-11-20', '2026-11-21', '2026-11-23']) {
      await add(...Array.from({ length: 40 }, (_, i) => line(date, i % 5 === 4 ? -(1000 + i) : 10_000 + i * 7, i % 9 === 0 ? 'EUR' : 'CZK')));
    }
    await add(line('2026-11-21', 999_999, 'CZK', newId())); // another partner's
  });
  after(async () => {
    await db?.dropDatabase();
    await client?.close();
  });

  it('when the totals of a range are read twice, then both equal the sums of the lines per day and currency, newest first, and the days are kept', async () => {
    const want = expected('2026-11-19', '2026-11-24');
    expect(await query.dayTotals(partnerId, '2026-11-19', '2026-11-24')).to.deep.equal(want);
    expect(await db.collection('payment_day_totals').countDocuments({})).to.equal(3);
    expect(await query.dayTotals(partnerId, '2026-11-19', '2026-11-24')).to.deep.equal(want);
    expect(await query.dayTotals(partnerId, '2026-11-21', '2026-11-21')).to.deep.equal(expected('2026-11-21', '2026-11-21'));
  });

  it('when a line of a day whose totals are kept is written late (a redelivered event after a crash), then the next read counts it', async () => {
    await query.dayTotals(partnerId, '2026-11-20', '2026-11-20');
    await add(line('2026-11-20', 123_456));
    const got = await query.dayTotals(partnerId, '2026-11-20', '2026-11-20');
    expect(got).to.deep.equal(expected('2026-11-20', '2026-11-20'));
    expect(got.find((t) => t.currency === 'CZK')!.count).to.equal(all.filter((l) => l.date === '2026-11-20' && l.currency === 'CZK').length);
  });

  it("when a range is paged by 7 and exported, then both hold exactly the partner's lines in (date, paymentId) order; an unknown cursor says so", async () => {
    const want = all
      .filter((l) => l.date >= '2026-11-21')
      .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a._id < b._id ? -1 : 1))
      .map((l) => l._id);
    const seen: string[] = [];
    let after: string | undefined;
    for (;;) {
      const page = await query.page(partnerId, '2026-11-21', '2026-11-30', 7, after);
      seen.push(...page.payments.map((p) => p.paymentId));
      if (!page.more) break;
      after = page.payments.at(-1)!.paymentId;
    }
    expect(seen).to.deep.equal(want);
    const exported: string[] = [];
    for await (const p of query.each(partnerId, '2026-11-21', '2026-11-30')) exported.push(p.paymentId);
    expect(exported).to.deep.equal(want);
    expect((await query.page(partnerId, '2026-11-21', '2026-11-30', 7, newId())).unknownCursor).to.equal(true);
  });
});
