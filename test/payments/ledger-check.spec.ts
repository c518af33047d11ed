import { expect } from 'chai';
import { MongoClient } from 'mongodb';
import { newId } from '../../platform/ids.js';
import { uniqueSuffix } from '../support/config.js';
import { runOps } from '../support/partners-cli.js';
import { totalsOf, type SettlementDoc } from '../../modules/payments/settlement.model.js';
import type { PaymentLineDoc } from '../../modules/payments/payment-lines.model.js';

/**
 * `ops ledger check`, as an operator runs it against a store: quiet and exit 0 on a sound
 * ledger; on a line paid twice, totals that do not follow, or payouts above what a customer
 * owes, it names each and exits 1. The damage is written straight into the store, as a defect
 * of an earlier version would have left it.
 */
describe('ops ledger check: the integrity check of payment lines and settlements', function () {
  this.timeout(60_000);
  const dbName = `test_ledger_check_${uniqueSuffix()}`;
  let client: MongoClient;
  const config = () => ({ store: { url: process.env.MONGO_URL!, db: dbName, timeoutMs: 5_000 } });
  const partnerId = newId();
  const at = new Date('2026-11-20T10:00:00Z');

  function line(gross: number, applicationId: string, settlementId: string | null): PaymentLineDoc {
    const id = newId();
    const fee = Math.round(gross * 0.02);
    return {
      _id: id,
      partnerId,
      applicationId,
      type: gross < 0 ? 'CREDIT_NOTE' : 'PAYOUT',
      gross,
      fee,
      net: gross - fee,
      currency: 'CZK',
      date: '2026-11-20',
      createdAt: at,
      body: { paymentId: id } as PaymentLineDoc['body'],
      settlementId,
      settled: settlementId !== null,
    };
  }

  function settlement(number: number, lines: PaymentLineDoc[], prev?: SettlementDoc): SettlementDoc {
    const id = newId();
    return {
      _id: id,
      partnerId,
      number,
      reference: String(number).padStart(10, '0'),
      previousId: prev?._id ?? null,
      cutoffAt: new Date(at.getTime() + number * 86_400_000),
      periodStart: prev?.cutoffAt ?? null,
      valueDate: '2026-11-23',
      currency: 'CZK',
      ...totalsOf(lines, prev?.carriedOut ?? 0),
      lineIds: lines.map((l) => l._id),
      lineCount: lines.length,
      createdAt: at,
      version: 1,
      outbox: {},
    };
  }

  before(async () => {
    client = await new MongoClient(process.env.MONGO_URL!, { retryWrites: false }).connect();
  });
  after(async () => {
    await client.db(dbName).dropDatabase();
    await client.close();
  });

  it('when every line is in one settlement whose totals follow, then it reports nothing and exits 0; when a line is paid twice, totals are wrong and an application is paid more than owed, then it names each and exits 1', async () => {
    const db = client.db(dbName);
    const app = newId();
    await db.collection('applications').insertOne({ _id: app, order: { totalPrice: { amount: 150_000, currency: 'CZK' } } } as never);
    const a = line(100_000, app, null);
    const b = line(50_000, app, null);
    const first = settlement(1, [a, b]);
    a.settlementId = first._id;
    b.settlementId = first._id;
    await db.collection('payment_lines').insertMany([a, b] as never[]);
    await db.collection('settlements').insertOne(first as never);

    const sound = await runOps(config(), ['ledger', 'check']);
    expect(sound.code, sound.stderr).to.equal(0);
    expect(sound.json).to.deep.include({ ok: true, problemCount: 0 });
    expect(sound.json.counted).to.deep.include({ lines: 2, settlements: 1, applications: 1 });

    // what the concurrent closes of the earlier version left: line a listed again, in a
    // settlement whose totals count it, and another payout that takes the application past its total
    const c = line(30_000, app, null);
    const second = settlement(2, [a, c], first);
    c.settlementId = second._id;
    await db.collection('payment_lines').insertOne(c as never);
    await db.collection('settlements').insertOne({ ...second, transfer: second.transfer + 1 } as never);

    const broken = await runOps(config(), ['ledger', 'check']);
    expect(broken.code, 'a problem makes it exit 1').to.equal(1);
    const codes = broken.json.problems.map((p: { code: string }) => p.code).sort();
    expect(codes).to.deep.equal(['LINE_IN_TWO_SETTLEMENTS', 'PAID_MORE_THAN_OWED', 'TOTALS_DO_NOT_FOLLOW']);
    const twice = broken.json.problems.find((p: { code: string }) => p.code === 'LINE_IN_TWO_SETTLEMENTS');
    expect(twice).to.deep.include({ lineId: a._id, settlementId: second._id });
  });
});
