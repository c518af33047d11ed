import { expect } from 'chai';
import { ManualClock } from '../../platform/clock.js';
import { TOPICS } from '../../platform/kafka.js';
import type { DomainEvent } from '../../platform/events.js';
import type { OrderEventData } from '../orders/index.js';
import { CREDIT_NOTE_DUE_DAYS, LedgerService, type Billing } from './ledger.service.js';
import { InMemoryLedgerRepository } from './ledger.repository.fake.js';
import { PAYMENT_EVENTS, PAYMENT_TOPICS } from './payments.events.js';
import { InMemoryPaymentLinesRepository } from './payment-lines.repository.fake.js';

const billing: Billing = {
  fullName: 'Financing s.r.o.',
  accountNumber: '123456789',
  bankCode: '0100',
  address: { streetAddress: 'Main', streetNumber: '1', city: 'Praha', zip: '11000', country: 'CZ' },
};

/** An order event of application `app-1`: one item of 1 000.01 CZK (2 pieces), counters in thousandths. */
function orderEvent(version: number, counters: { sent?: number; returned?: number }, id = `ev-${version}`): DomainEvent<OrderEventData> {
  const item = {
    code: 'KTL',
    quantityMilli: 2000,
    totalPrice: { amount: 100001, currency: 'CZK' },
    totalVat: { vatRate: 21, amount: 17356, currency: 'CZK' },
    sentMilli: counters.sent ?? 0,
    deliveredMilli: 0,
    returnedMilli: counters.returned ?? 0,
    cancelledMilli: 0,
  };
  return {
    id,
    type: 'orders.order.changed',
    schemaVersion: 1,
    occurredAt: '2030-01-01T10:00:00Z',
    aggregateId: 'app-1',
    aggregateVersion: version,
    partnerId: 'p-1',
    data: {
      orderEventVersion: 1,
      lines: [],
      amount: 0,
      payout: { trigger: 'SENT', feeBps: 275 },
      notificationUrl: 'https://shop.example/hooks',
      order: { currency: 'CZK', totalPrice: 100001, adjustmentsTotal: 0, variableSymbol: 'VS-1', orderNumber: 'N-1', items: [item] },
    },
  } as DomainEvent<OrderEventData>;
}

function setup() {
  const clock = new ManualClock(new Date('2030-01-01T10:00:00Z'));
  const repo = new InMemoryLedgerRepository();
  return { clock, repo, ledger: new LedgerService(repo, billing, clock) };
}

describe('payments ledger (use case on the in-memory repository)', () => {
  it('when one of two pieces is sent, then a payout of half the gross less the fee, exact to the minor unit, leaves with its event and notification', async () => {
    const { ledger, repo } = setup();
    const entry = (await ledger.apply(orderEvent(1, { sent: 1000 })))!;
    // half of 100 001 rounds half up to 50 001; 2.75 % of it is 1375.03 → 1375
    expect(entry).to.include({ type: 'PAYOUT', gross: 50001, fee: 1375, net: 48626, currency: 'CZK' });
    expect(entry.body).to.deep.include({ type: 'PAYOUT', applicationId: 'app-1', date: '2030-01-01', variableSymbol: 'VS-1' });
    expect(entry.body.value).to.deep.equal({ amount: 48626, currency: 'CZK' });
    expect(entry.body.invoice.dueDate).to.equal('2030-01-01');
    expect(repo.store.written.map((e) => e.topic)).to.deep.equal([PAYMENT_TOPICS.events, TOPICS.notifications]);
    expect(JSON.parse(repo.store.written[0]!.value)).to.include({ type: PAYMENT_EVENTS.created, aggregateId: 'app-1' });
    expect(JSON.parse(repo.store.written[1]!.value)).to.deep.include({ kind: 'PAYMENT', partnerId: 'p-1', url: 'https://shop.example/hooks' });
  });

  it('when the same event comes again, or an older one, then nothing is paid twice', async () => {
    const { ledger, repo } = setup();
    await ledger.apply(orderEvent(2, { sent: 2000 }));
    expect(await ledger.apply(orderEvent(2, { sent: 2000 }))).to.equal(undefined);
    expect(await ledger.apply(orderEvent(1, { sent: 1000 }))).to.equal(undefined);
    expect((await repo.findByApplication('app-1'))!.records).to.have.length(1);
  });

  it('when goods come back after the payout, then a credit note for the difference, due in 14 days, and the fees sum to the fee of the total', async () => {
    const { ledger, repo, clock } = setup();
    await ledger.apply(orderEvent(1, { sent: 2000 }));
    await clock.advance(24 * 3600_000);
    const note = (await ledger.apply(orderEvent(2, { sent: 2000, returned: 1000 })))!;
    // the base falls from 100 001 to the other half, 50 000
    expect(note).to.include({ type: 'CREDIT_NOTE', gross: -50001 });
    expect(note.body.date).to.equal('2030-01-02');
    expect(note.body.invoice.dueDate).to.equal(new Date(Date.UTC(2030, 0, 2 + CREDIT_NOTE_DUE_DAYS)).toISOString().slice(0, 10));
    const records = (await repo.findByApplication('app-1'))!.records;
    const sum = (k: 'gross' | 'fee' | 'net') => records.reduce((a, r) => a + r[k], 0);
    expect(sum('gross')).to.equal(50000);
    expect(sum('fee')).to.equal(1375); // 2.75 % of 50 000
    expect(sum('net')).to.equal(50000 - 1375);
    expect(JSON.parse(repo.store.written.at(-2)!.value)).to.include({ type: PAYMENT_EVENTS.creditNoteIssued });
  });

  it('when nothing reached the payout trigger, then the ledger opens with no record and nothing is sent', async () => {
    const { ledger, repo } = setup();
    expect(await ledger.apply(orderEvent(1, {}))).to.equal(undefined);
    const doc = (await repo.findByApplication('app-1'))!;
    expect(doc).to.deep.include({ partnerId: 'p-1', currency: 'CZK', lastAggregateVersion: 1, records: [] });
    expect(repo.store.written).to.deep.equal([]);
  });
});

describe("payments ledger: the partner's payment lines", () => {
  it("when the line's write fails after the ledger's, then the redelivered event writes it, once", async () => {
    const clock = new ManualClock(new Date('2030-01-01T10:00:00Z'));
    const lines = new InMemoryPaymentLinesRepository();
    let fail = true;
    const flaky = {
      record: async (l: Parameters<typeof lines.record>[0]) => {
        if (fail) {
          fail = false;
          throw new Error('store down');
        }
        return lines.record(l);
      },
    };
    const ledger = new LedgerService(new InMemoryLedgerRepository(), billing, clock, flaky);
    const event = orderEvent(1, { sent: 2000 });
    let thrown: unknown;
    try {
      await ledger.apply(event);
    } catch (err) {
      thrown = err;
    }
    expect(thrown).to.be.an('error');
    expect(lines.lines.size).to.equal(0);
    expect(await ledger.apply(event)).to.equal(undefined);
    expect(await ledger.apply(event)).to.equal(undefined);
    const [line] = [...lines.lines.values()];
    expect(lines.lines.size).to.equal(1);
    expect(line).to.deep.include({ partnerId: 'p-1', applicationId: 'app-1', type: 'PAYOUT', orderNumber: 'N-1', variableSymbol: 'VS-1', settlementId: null });
    expect(line!.net).to.equal(line!.gross - line!.fee);
  });
});
