import { expect } from 'chai';
import fc from 'fast-check';
import { ManualClock } from '../../platform/clock.js';
import type { DomainEvent } from '../../platform/events.js';
import type { OrderEventData } from '../../modules/orders/index.js';
import { LedgerService, type Billing } from '../../modules/payments/ledger.service.js';
import { InMemoryLedgerRepository } from '../../modules/payments/ledger.repository.fake.js';
import { InMemoryPaymentLinesRepository } from '../../modules/payments/payment-lines.repository.fake.js';
import { InMemorySettlementsRepository } from '../../modules/payments/settlements.repository.fake.js';
import { SettlementService } from '../../modules/payments/settlement.service.js';
import { cutoffAtOrBefore, DEFAULT_CUTOFF } from '../../modules/payments/settlement.cutoff.js';
import { unchangingSettlements } from './support/unchanging.js';
import { feeOf, rangeValue } from '../model/oracle-money.js';

/**
 * Settlements over random histories (fast-check): order events of several partners' applications
 * (sends and returns of pieces, so credit notes follow payouts and nets go negative), cut-offs
 * closed by the daily job, sandbox closes, two instances closing the same cut-off at once, and
 * closes that crashed after their claim. Money is checked against the reference model's own
 * arithmetic (test/model/oracle-money.ts), not the service's.
 *
 * FC_SEED fixes the cases, FC_RUNS sets how many (default 200).
 */
const SEED = Number(process.env.FC_SEED ?? 20261126);
const RUNS = Number(process.env.FC_RUNS ?? 200);

const billing: Billing = {
  fullName: 'Financing s.r.o.',
  accountNumber: '2000145399',
  bankCode: '0800',
  address: { streetAddress: 'Main', streetNumber: '1', city: 'Praha', zip: '11000', country: 'CZ' },
};

interface App {
  id: string;
  partnerId: string;
  total: number;
  Q: number;
  feeBps: number;
  sent: number;
  returned: number;
  version: number;
}

const appArb = fc.record({
  partner: fc.integer({ min: 0, max: 1 }),
  total: fc.integer({ min: 1, max: 5_000_000 }),
  pieces: fc.integer({ min: 1, max: 4 }),
  feeBps: fc.integer({ min: 0, max: 2_000 }),
});

const stepArb = fc.oneof(
  fc.record({ kind: fc.constant('send' as const), app: fc.nat(), pieces: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ kind: fc.constant('return' as const), app: fc.nat(), pieces: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ kind: fc.constant('time' as const), hours: fc.integer({ min: 1, max: 30 }) }),
  fc.record({ kind: fc.constant('job' as const), twice: fc.boolean() }),
  fc.record({ kind: fc.constant('sandbox' as const), partner: fc.integer({ min: 0, max: 1 }) }),
  fc.record({ kind: fc.constant('crash' as const), partner: fc.integer({ min: 0, max: 1 }) }),
);

function orderEvent(app: App, id: string, at: Date): DomainEvent<OrderEventData> {
  const item = {
    code: 'X',
    quantityMilli: app.Q,
    totalPrice: { amount: app.total, currency: 'CZK' },
    totalVat: { vatRate: 0, amount: 0, currency: 'CZK' },
    sentMilli: app.sent,
    deliveredMilli: 0,
    returnedMilli: app.returned,
    cancelledMilli: 0,
  };
  return {
    id,
    type: 'orders.order.changed',
    schemaVersion: 1,
    occurredAt: at.toISOString(),
    aggregateId: app.id,
    aggregateVersion: app.version,
    partnerId: app.partnerId,
    data: {
      orderEventVersion: 1,
      lines: [],
      amount: 0,
      payout: { trigger: 'SENT', feeBps: app.feeBps },
      notificationUrl: 'https://shop.example/hooks',
      order: { currency: 'CZK', totalPrice: app.total, adjustmentsTotal: 0, orderNumber: `N-${app.id}`, items: [item] },
      operation: { operationId: `op-${id}`, type: 'SEND' },
    },
  } as DomainEvent<OrderEventData>;
}

describe('settlements over random histories (property-based, fast-check)', () => {
  it(`when orders, cut-offs, sandbox closes, concurrent and crashed closes interleave, then every line is in exactly one settlement, totals and carried balances are exact, and settlements never change (seed ${SEED}, ${RUNS} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(appArb, { minLength: 1, maxLength: 4 }), fc.array(stepArb, { minLength: 1, maxLength: 40 }), async (appSpecs, steps) => {
        const clock = new ManualClock(new Date('2026-11-26T08:00:00Z'));
        const lines = new InMemoryPaymentLinesRepository();
        const settlements = new InMemorySettlementsRepository();
        const ledger = new LedgerService(new InMemoryLedgerRepository(), billing, clock, lines);
        const service = new SettlementService(
          settlements,
          lines,
          { bankAccount: async () => '2000145399/0800', announcesSettlements: async () => true },
          DEFAULT_CUTOFF,
          clock,
        );
        const apps: App[] = appSpecs.map((a, i) => ({
          id: `app-${i}`,
          partnerId: `p-${a.partner}`,
          total: a.total,
          Q: a.pieces * 1000,
          feeBps: a.feeBps,
          sent: 0,
          returned: 0,
          version: 0,
        }));
        const remember = unchangingSettlements();
        let n = 0;
        for (const step of steps) {
          if (step.kind === 'send' || step.kind === 'return') {
            const app = apps[step.app % apps.length]!;
            const pieces = step.pieces * 1000;
            if (step.kind === 'send') app.sent = Math.min(app.Q, app.sent + pieces);
            else app.returned = Math.min(app.sent, app.returned + pieces);
            app.version++;
            await ledger.apply(orderEvent(app, `ev-${n++}`, clock.now()));
          } else if (step.kind === 'time') {
            await clock.advance(step.hours * 3600_000);
          } else if (step.kind === 'job') {
            const cutoff = cutoffAtOrBefore(clock.now(), DEFAULT_CUTOFF);
            const runs = step.twice ? [service.closeDue(cutoff), service.closeDue(cutoff)] : [service.closeDue(cutoff)];
            for (const done of await Promise.all(runs)) done.forEach(remember);
          } else if (step.kind === 'sandbox') {
            remember(await service.close(`p-${step.partner}`, clock.now(), { sandbox: true }));
          } else {
            // a close that died after its claim, before it wrote anything
            const partnerId = `p-${step.partner}`;
            const [newest] = await settlements.latest(partnerId, 1);
            await lines.claim(partnerId, (newest?.number ?? 0) + 1, clock.now());
            await clock.advance(1);
          }
        }
        // the end of time: every open line is settled, each partner at its own last cut-off
        await clock.advance(48 * 3600_000);
        (await service.closeDue(cutoffAtOrBefore(clock.now(), DEFAULT_CUTOFF))).forEach(remember);
        for (const p of ['p-0', 'p-1']) remember(await service.close(p, clock.now()));

        const all = [...settlements.docs.values()];
        for (const s of all) remember(s);
        const owner = new Map<string, string>();
        for (const s of all) {
          for (const id of s.lineIds) {
            expect(owner.has(id), `line ${id} is in one settlement only`).to.equal(false);
            owner.set(id, s._id);
          }
        }
        for (const l of lines.lines.values()) {
          expect(owner.get(l._id), `line ${l._id} is in a settlement`).to.be.a('string');
          expect(l.settlementId, 'the line names its settlement').to.equal(owner.get(l._id));
        }
        for (const p of ['p-0', 'p-1']) {
          const chain = all.filter((s) => s.partnerId === p).sort((a, b) => a.number - b.number);
          let carried = 0;
          let paid = 0;
          chain.forEach((s, i) => {
            expect(s.number).to.equal(i + 1);
            expect(s.reference).to.equal(String(i + 1).padStart(10, '0'));
            if (i > 0) expect(s.cutoffAt.getTime()).to.be.greaterThan(chain[i - 1]!.cutoffAt.getTime());
            const own = s.lineIds.map((id) => lines.lines.get(id)!);
            expect(
              own.every((l) => l.createdAt.getTime() < s.cutoffAt.getTime()),
              'a line was recorded before its cut-off',
            ).to.equal(true);
            const sum = (f: (l: (typeof own)[number]) => number) => own.reduce((a, l) => a + f(l), 0);
            expect(s.linesNet, "the settlement's net of lines is the sum of its lines").to.equal(sum((l) => l.net));
            expect(s.gross + s.refunds - s.fees).to.equal(s.linesNet);
            expect(s.fees).to.equal(sum((l) => l.fee));
            expect(s.carriedIn, 'the balance carried in is what the settlement before carried out').to.equal(carried);
            expect(s.net).to.equal(s.linesNet + s.carriedIn);
            expect(s.transfer).to.equal(Math.max(0, s.net));
            expect(s.carriedOut).to.equal(Math.min(0, s.net));
            carried = s.carriedOut;
            paid += s.transfer;
          });
          // nothing lost: what was transferred plus what is still owed is every line's net
          const allNet = [...lines.lines.values()].filter((l) => l.partnerId === p).reduce((a, l) => a + l.net, 0);
          expect(paid + carried, `${p}: transfers + the balance carried = the sum of its lines`).to.equal(allNet);
        }
        // the lines themselves against the reference model: gross = value of the open sent pieces, fees = fee of that total
        for (const app of apps) {
          const own = [...lines.lines.values()].filter((l) => l.applicationId === app.id);
          // the returned pieces are the first ones sent: what stays paid is thousandths [returned, sent)
          const base = rangeValue([app.total], app.Q, app.returned, app.sent);
          expect(
            own.reduce((a, l) => a + l.gross, 0),
            `${app.id} gross`,
          ).to.equal(base);
          expect(
            own.reduce((a, l) => a + l.fee, 0),
            `${app.id} fees`,
          ).to.equal(feeOf(base, app.feeBps));
        }
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});
