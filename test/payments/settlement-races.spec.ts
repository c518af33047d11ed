import { expect } from 'chai';
import fc from 'fast-check';
import { ManualClock } from '../../platform/clock.js';
import type { DomainEvent } from '../../platform/events.js';
import type { OrderEventData } from '../../modules/orders/index.js';
import { LedgerService, type Billing } from '../../modules/payments/ledger.service.js';
import { InMemoryLedgerRepository } from '../../modules/payments/ledger.repository.fake.js';
import { InMemoryPaymentLinesRepository } from '../../modules/payments/payment-lines.repository.fake.js';
import { InMemorySettlementsRepository } from '../../modules/payments/settlements.repository.fake.js';
import type { PaymentLinesRepository } from '../../modules/payments/payment-lines.repository.js';
import type { SettlementsRepository } from '../../modules/payments/settlements.repository.js';
import { SettlementService } from '../../modules/payments/settlement.service.js';
import { cutoffAtOrBefore, DEFAULT_CUTOFF } from '../../modules/payments/settlement.cutoff.js';
import { unchangingSettlements } from './support/unchanging.js';
import { checkSettlements } from '../../modules/payments/ledger.check.js';

/**
 * Settlements while closes overlap, in every order the store could answer them: each call a
 * close makes to its repositories is one step of fast-check's scheduler, which interleaves
 * the steps of concurrent closes (sandbox closes a few milliseconds apart, the daily job on
 * two instances at the same cut-off, payment lines recorded in between) in a random order.
 * After each history the operators' integrity check must find nothing, and the money must
 * add up: every line in at most one settlement, written settlements never changing, and
 * transfers + carried balance = every settled line's net.
 *
 * FC_SEED fixes the cases, FC_RUNS sets how many (default 300).
 */
const SEED = Number(process.env.FC_SEED ?? 20261128);
const RUNS = Number(process.env.FC_RUNS ?? 300);

const billing: Billing = {
  fullName: 'Financing s.r.o.',
  accountNumber: '2000145399',
  bankCode: '0800',
  address: { streetAddress: 'Main', streetNumber: '1', city: 'Praha', zip: '11000', country: 'CZ' },
};

/** Every method of `target` as one scheduled step: its call waits for the scheduler's turn. */
function scheduled<T extends object>(s: fc.Scheduler, target: T, label: string): T {
  return new Proxy(target, {
    get(t, prop, receiver) {
      const v = Reflect.get(t, prop, receiver);
      if (typeof v !== 'function' || prop === 'init') return v;
      return (...args: unknown[]) => s.schedule(Promise.resolve(label + '.' + String(prop))).then(() => v.apply(t, args));
    },
  });
}

interface App {
  id: string;
  total: number;
  sent: number;
  version: number;
}

function sendEvent(app: App, id: string, at: Date): DomainEvent<OrderEventData> {
  const item = {
    code: 'X',
    quantityMilli: 3000,
    totalPrice: { amount: app.total, currency: 'CZK' },
    totalVat: { vatRate: 0, amount: 0, currency: 'CZK' },
    sentMilli: app.sent,
    deliveredMilli: 0,
    returnedMilli: 0,
    cancelledMilli: 0,
  };
  return {
    id,
    type: 'orders.order.changed',
    schemaVersion: 1,
    occurredAt: at.toISOString(),
    aggregateId: app.id,
    aggregateVersion: app.version,
    partnerId: 'p-0',
    data: {
      orderEventVersion: 1,
      lines: [],
      amount: 0,
      payout: { trigger: 'SENT', feeBps: 250 },
      notificationUrl: 'https://shop.example/hooks',
      order: { currency: 'CZK', totalPrice: app.total, adjustmentsTotal: 0, orderNumber: `N-${app.id}`, items: [item] },
      operation: { operationId: `op-${id}`, type: 'SEND' },
    },
  } as DomainEvent<OrderEventData>;
}

const roundArb = fc.record({
  sends: fc.array(fc.integer({ min: 0, max: 2 }), { maxLength: 3 }),
  sandboxCloses: fc.integer({ min: 0, max: 4 }),
  jobOnTwoInstances: fc.boolean(),
  hours: fc.integer({ min: 0, max: 20 }),
});

describe('settlements while closes overlap (every interleaving of their store calls, fast-check scheduler)', function () {
  this.timeout(Math.max(30_000, RUNS * 100));
  it(`when sandbox closes milliseconds apart, the daily job on two instances and new payment lines interleave in any order, then no line is settled twice, no written settlement changes and the money adds up (seed ${SEED}, ${RUNS} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), fc.array(roundArb, { minLength: 1, maxLength: 6 }), async (s, rounds) => {
        const clock = new ManualClock(new Date('2026-11-26T08:00:00Z'));
        const lines = new InMemoryPaymentLinesRepository();
        const settlements = new InMemorySettlementsRepository();
        const ledger = new LedgerService(new InMemoryLedgerRepository(), billing, clock, scheduled(s, lines, 'lines'));
        const partners = { bankAccount: async () => '2000145399/0800', announcesSettlements: async () => true };
        // two API instances: their own services over the same store
        const instances = [0, 1].map(
          () =>
            new SettlementService(
              scheduled(s, settlements, 'settlements') as SettlementsRepository,
              scheduled(s, lines, 'lines') as PaymentLinesRepository,
              partners,
              DEFAULT_CUTOFF,
              clock,
            ),
        );
        const apps: App[] = [0, 1, 2].map((i) => ({ id: `app-${i}`, total: 97_500 * (i + 1), sent: 0, version: 0 }));
        const remember = unchangingSettlements();
        let n = 0;
        for (const round of rounds) {
          const work: Promise<unknown>[] = [];
          for (const a of round.sends) {
            const app = apps[a]!;
            if (app.sent >= 3000) continue;
            app.sent += 1000;
            app.version++;
            work.push(ledger.apply(sendEvent(app, `ev-${n++}`, clock.now())));
            await clock.advance(7);
          }
          for (let i = 0; i < round.sandboxCloses; i++) {
            work.push(instances[i % 2]!.close('p-0', clock.now(), { sandbox: true }).then(remember));
            await clock.advance(13);
          }
          if (round.jobOnTwoInstances) {
            const cutoff = cutoffAtOrBefore(clock.now(), DEFAULT_CUTOFF);
            for (const instance of instances) work.push(instance.closeDue(cutoff).then((done) => done.forEach(remember)));
          }
          await s.waitFor(Promise.all(work));
          await clock.advance(round.hours * 3600_000);
        }
        // the end of time: a last close takes whatever is still open
        await clock.advance(48 * 3600_000);
        const last = instances[0]!.close('p-0', clock.now());
        await s.waitFor(last);
        remember(await last);

        for (const doc of settlements.docs.values()) remember(doc);
        const report = await checkSettlements({ lines: () => [...lines.lines.values()], settlements: () => [...settlements.docs.values()] });
        expect(report.problems, 'the integrity check finds nothing').to.deep.equal([]);
        const chain = [...settlements.docs.values()].sort((a, b) => a.number - b.number);
        const paid = chain.reduce((a, doc) => a + doc.transfer, 0);
        const carried = chain.at(-1)?.carriedOut ?? 0;
        const allNet = [...lines.lines.values()].reduce((a, l) => a + l.net, 0);
        expect(paid + carried, 'transfers + the balance carried = the sum of every line').to.equal(allNet);
        for (const l of lines.lines.values()) expect(l.settlementId, `line ${l._id} settled at the end`).to.be.a('string');
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});
