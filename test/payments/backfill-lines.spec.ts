import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freshDatabasePerTest } from '../support/fresh-db.js';
import { newId } from '../../platform/ids.js';
import type { LedgerDoc, LedgerEntryDoc } from '../../modules/payments/payments.model.js';
import type { PaymentLineDoc } from '../../modules/payments/payment-lines.model.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function run(db: string): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'ops/main.ts', 'ledger', 'backfill-lines'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, MONGO_URL: process.env.MONGO_URL, MONGO_DB: db, KAFKA_BROKERS: process.env.KAFKA_BROKERS },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      err += d;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, out, err }));
  });
}

/** A ledger of partner p-1 paid on SENT, at `version`, holding `records`. */
function ledger(id: string, version: number, records: LedgerEntryDoc[]): LedgerDoc {
  return {
    _id: id,
    version,
    outbox: {},
    partnerId: 'p-1',
    terms: { trigger: 'SENT', feeBps: 0 },
    currency: 'CZK',
    lastAggregateVersion: version,
    processedEventIds: [],
    records,
    createdAt: new Date(),
    updatedAt: new Date(),
  } as LedgerDoc;
}

describe('backfill of payment lines for ledger records made before them', function () {
  this.timeout(60_000);
  const fresh = freshDatabasePerTest('backfill_lines');

  it('when a ledger has records without lines, then the command writes each missing line once, open; run again it writes nothing', async () => {
    const db = fresh();
    const record = (gross: number): LedgerEntryDoc => {
      const paymentId = newId();
      return {
        paymentId,
        type: gross > 0 ? 'PAYOUT' : 'CREDIT_NOTE',
        gross,
        fee: 0,
        net: gross,
        currency: 'CZK',
        sourceEventId: newId(),
        createdAt: new Date('2026-11-20T10:00:00Z'),
        body: { paymentId, date: '2026-11-20', variableSymbol: '2024000123' } as LedgerEntryDoc['body'],
      };
    };
    const records = [record(100000), record(-40000)];
    await db.collection<LedgerDoc>('payment_ledgers').insertOne(ledger('app-1', 3, records));
    // the first record's line exists already (written by the ledger)
    await db
      .collection<PaymentLineDoc>('payment_lines')
      .insertOne({ _id: records[0]!.paymentId, partnerId: 'p-1', settlementId: 'settled-before', settled: true } as PaymentLineDoc);
    const first = await run(db.databaseName);
    expect(first.code, first.err).to.equal(0);
    expect(JSON.parse(first.out)).to.deep.equal({ ok: true, ledgers: 1, lines: 1, withdrawn: 0, settledWithoutRecord: [] });
    const written = await db.collection<PaymentLineDoc>('payment_lines').findOne({ _id: records[1]!.paymentId });
    expect(written).to.deep.include({
      partnerId: 'p-1',
      applicationId: 'app-1',
      type: 'CREDIT_NOTE',
      gross: -40000,
      net: -40000,
      date: '2026-11-20',
      settlementId: null,
      settled: false,
    });
    expect((await db.collection<PaymentLineDoc>('payment_lines').findOne({ _id: records[0]!.paymentId }))!.settlementId).to.equal('settled-before');
    const again = await run(db.databaseName);
    expect(JSON.parse(again.out)).to.deep.equal({ ok: true, ledgers: 1, lines: 0, withdrawn: 0, settledWithoutRecord: [] });
  });

  it('when lines have no ledger record (a dump taken while the service wrote), then an open one is withdrawn and a settled one is reported and kept', async () => {
    const db = fresh();
    await db.collection<LedgerDoc>('payment_ledgers').insertOne(ledger('app-2', 1, []));
    const line = (id: string, settlementId: string | null) =>
      ({ _id: id, partnerId: 'p-1', applicationId: 'app-2', gross: 100000, settlementId, settled: settlementId !== null }) as PaymentLineDoc;
    await db.collection<PaymentLineDoc>('payment_lines').insertMany([line('open-orphan', null), line('settled-orphan', 'settlement-1')]);
    const first = await run(db.databaseName);
    expect(first.code, 'a settled line without its record is for a person').to.equal(1);
    expect(JSON.parse(first.out)).to.deep.equal({ ok: false, ledgers: 1, lines: 0, withdrawn: 1, settledWithoutRecord: ['settled-orphan'] });
    const left = await db.collection<PaymentLineDoc>('payment_lines').find({}).toArray();
    expect(left.map((l) => l._id)).to.deep.equal(['settled-orphan']);
    expect(left[0]!.settlementId).to.equal('settlement-1');
    const again = await run(db.databaseName);
    expect(JSON.parse(again.out)).to.deep.include({ withdrawn: 0, settledWithoutRecord: ['settled-orphan'] });
  });
});
