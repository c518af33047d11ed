import { expect } from 'chai';
import { sampleDoc } from '../../test/applications/fixtures.js';
import { ManualClock } from '../../platform/clock.js';
import type { DomainEvent } from '../../platform/events.js';
import type { ApplicationDoc } from '../applications/index.js';
import type { FulfilmentInput } from '../order-rules/index.js';
import { orderSnapshot, type OrderEventData } from '../orders/index.js';
import { decideFulfilment, fulfilmentResult } from '../orders/orders.service.js';
import { LedgerService, type Billing } from './ledger.service.js';
import { InMemoryLedgerRepository } from './ledger.repository.fake.js';
import type { LedgerRecord, PayoutTerms } from './ledger.rules.js';

const billing: Billing = {
  fullName: 'Financing s.r.o.',
  accountNumber: '123456789',
  bankCode: '0100',
  address: { streetAddress: 'Main', streetNumber: '1', city: 'Praha', zip: '11000', country: 'CZ' },
};

type Item = ApplicationDoc['order']['items'][number];

function item(code: string, name: string, pieces: number, amount: number): Item {
  const base = sampleDoc().order.items[0]!;
  const vat = Math.round((amount * 21) / 121);
  return {
    ...base,
    code,
    name,
    quantity: pieces,
    quantityMilli: pieces * 1000,
    unitPrice: { amount: Math.round(amount / pieces), currency: 'CZK' },
    totalPrice: { amount, currency: 'CZK' },
    unitVat: { amount: Math.round(vat / pieces), currency: 'CZK', vatRate: 21 },
    totalVat: { amount: vat, currency: 'CZK', vatRate: 21 },
  };
}

/** An approved application of the given items (prices in minor units that do not divide by the pieces). */
function approved(items: Item[]): ApplicationDoc {
  const doc = sampleDoc();
  const total = items.reduce((a, i) => a + i.totalPrice.amount, 0);
  const vat = items.reduce((a, i) => a + i.totalVat.amount, 0);
  return {
    ...doc,
    state: 'READY',
    stateReason: 'READY_TO_SHIP',
    order: {
      ...doc.order,
      items,
      totalPrice: { amount: total, currency: 'CZK' },
      originalTotalPrice: { amount: total, currency: 'CZK' },
      totalVat: [{ amount: vat, currency: 'CZK', vatRate: 21 }],
    },
  };
}

/**
 * The preview against the real thing: each step is previewed (the orders module's dry run,
 * then the ledger's, as the portal does), then done as `fulfil` and the ledger's consumer do
 * it (the decision, the order event, `LedgerService.apply` on the in-memory repository).
 * The record the preview announced must be the record the ledger made, to the minor unit.
 * `late`: the step's own event reaches the ledger only with the next step's (the consumer
 * lagging behind the API), so the next preview reads a ledger that is one event behind.
 */
async function walk(start: ApplicationDoc, terms: PayoutTerms, steps: Array<FulfilmentInput & { late?: boolean }>) {
  const clock = new ManualClock(new Date('2030-01-01T10:00:00Z'));
  const ledger = new LedgerService(new InMemoryLedgerRepository(), billing, clock);
  let app = start;
  let version = 0;
  const queued: Array<DomainEvent<OrderEventData>> = [];
  const seen: Array<{
    step: string;
    preview?: Pick<LedgerRecord, 'type' | 'gross' | 'fee' | 'net'>;
    made?: Pick<LedgerRecord, 'type' | 'gross' | 'fee' | 'net'>;
  }> = [];
  for (const { late, ...input } of steps) {
    const { outcome, status } = fulfilmentResult(app, input, clock.now());
    const previews = await ledger.preview(app.partnerId, app._id, terms, [orderSnapshot(app.order), orderSnapshot(outcome.order)]);
    const preview = previews[previews.length - 1];
    // the real operation: fulfil's decision and its order event, then the ledger's consumer
    const out = decideFulfilment(app, input, clock.now());
    // the same order but for the fulfilment record's fresh id
    const idless = (o: ApplicationDoc['order']) => JSON.parse(JSON.stringify(o, (k, v) => (k === 'id' ? undefined : v)));
    expect(idless(out.order)).to.deep.equal(idless(outcome.order));
    app = { ...app, ...status, order: out.order, version: app.version + 1 };
    version += 1;
    queued.push({
      id: `ev-${version}`,
      type: 'orders.order.changed',
      schemaVersion: 1,
      occurredAt: clock.now().toISOString(),
      aggregateId: app._id,
      aggregateVersion: version,
      partnerId: app.partnerId,
      data: {
        orderEventVersion: 1,
        lines: out.lines,
        amount: out.amount,
        payout: terms,
        notificationUrl: 'https://shop.example/hooks',
        order: orderSnapshot(out.order),
        operation: { operationId: `op-${version}`, type: input.op },
      },
    } as DomainEvent<OrderEventData>);
    if (late) continue;
    let made: LedgerRecord | undefined;
    for (const event of queued.splice(0)) made = (await ledger.apply(event)) ?? undefined;
    const pick = (r?: LedgerRecord) => (r ? { type: r.type, gross: r.gross, fee: r.fee, net: r.net } : undefined);
    seen.push({ step: `${input.op} ${JSON.stringify(input.items ?? 'all')}`, preview: pick(preview), made: pick(made) });
  }
  return { seen, app, ledger: await ledger.find(start._id) };
}

describe('the preview of a return or cancel (dry run) against the real operation', () => {
  it('when items whose prices do not divide by their pieces are sent, then returned in parts, then each credit note is the one previewed, fee included', async () => {
    const app = approved([item('KTL', 'Kettle', 3, 10000), item('MUG', 'Mug', 7, 100001), item('TWN', 'Kettle, red', 1, 3333)]);
    const { seen, ledger } = await walk(app, { trigger: 'SENT', feeBps: 275 }, [
      { op: 'SEND' },
      { op: 'RETURN', items: [{ code: 'KTL', quantity: 1 }] },
      { op: 'RETURN', items: [{ code: 'MUG', quantity: 2 }] },
      {
        op: 'RETURN',
        items: [
          { code: 'MUG', quantity: 1.5 },
          { code: 'KTL', quantity: 1 },
        ],
      },
      { op: 'RETURN', items: [], totalPrice: { amount: 1234, currency: 'CZK' } },
      { op: 'RETURN' },
    ]);
    for (const s of seen) expect(s.preview, s.step).to.deep.equal(s.made);
    // something to compare: a payout, then a credit note for every return
    expect(seen.map((s) => s.made?.type)).to.deep.equal(['PAYOUT', 'CREDIT_NOTE', 'CREDIT_NOTE', 'CREDIT_NOTE', 'CREDIT_NOTE', 'CREDIT_NOTE']);
    // one kettle of three at 100.00: 33.33 back; the fee is of the cumulative gross (31.17 on
    // 1 133.34, 30.25 on 1 100.01), so 0.92 of it is given back, not 2.75 % of 33.33 (0.91)
    expect(seen[1]!.made).to.deep.equal({ type: 'CREDIT_NOTE', gross: -3333, fee: -92, net: -3241 });
    const sum = ledger!.records.reduce((a, r) => a + r.gross, 0);
    expect(sum).to.equal(0);
  });

  it('when the partner is paid on delivery, then a return before delivery previews no credit note, and one after a partial delivery previews the one the ledger makes', async () => {
    const app = approved([item('KTL', 'Kettle', 3, 10000), item('TWN', 'Kettle, red', 1, 3333)]);
    const { seen } = await walk(app, { trigger: 'DELIVERED', feeBps: 0 }, [
      { op: 'SEND' },
      { op: 'RETURN', items: [{ code: 'TWN', quantity: 1 }] },
      { op: 'DELIVER', items: [{ code: 'KTL', quantity: 2 }] },
      { op: 'RETURN', items: [{ code: 'KTL', quantity: 1 }] },
    ]);
    for (const s of seen) expect(s.preview, s.step).to.deep.equal(s.made);
    expect(seen.map((s) => s.made?.type)).to.deep.equal([undefined, undefined, 'PAYOUT', 'CREDIT_NOTE']);
    expect(seen[3]!.made).to.deep.equal({ type: 'CREDIT_NOTE', gross: -3333, fee: 0, net: -3333 });
  });

  it("when the ledger has not yet applied the send's event, then the return's preview still names the credit note it will make after the payout", async () => {
    const app = approved([item('KTL', 'Kettle', 3, 10000), item('MUG', 'Mug', 7, 100001)]);
    const { seen, ledger } = await walk(app, { trigger: 'SENT', feeBps: 199 }, [
      { op: 'SEND', late: true },
      { op: 'RETURN', items: [{ code: 'MUG', quantity: 3 }] },
    ]);
    expect(seen).to.have.length(1);
    expect(seen[0]!.preview).to.deep.equal(seen[0]!.made);
    expect(seen[0]!.made!.type).to.equal('CREDIT_NOTE');
    expect(ledger!.records.map((r) => r.type)).to.deep.equal(['PAYOUT', 'CREDIT_NOTE']);
  });

  it('when unsent items are cancelled on a partly sent order, then the preview and the ledger agree to the minor unit the rounding moves, and the new total is the one written', async () => {
    const app = approved([item('KTL', 'Kettle', 3, 10000), item('MUG', 'Mug', 7, 100001)]);
    const { seen, app: after } = await walk(app, { trigger: 'SENT', feeBps: 275 }, [
      { op: 'SEND', items: [{ code: 'KTL', quantity: 1 }] },
      { op: 'CANCEL', items: [{ code: 'MUG', quantity: 7 }] },
      { op: 'CANCEL', items: [{ code: 'KTL', quantity: 1 }] },
    ]);
    for (const s of seen) expect(s.preview, s.step).to.deep.equal(s.made);
    expect(seen.map((s) => s.made?.type)).to.deep.equal(['PAYOUT', undefined, 'PAYOUT']);
    // the two kettles left share 66.67: the sent one is now worth 33.34, one minor unit more
    expect(seen[2]!.made).to.deep.equal({ type: 'PAYOUT', gross: 1, fee: 0, net: 1 });
    expect(after.order.totalPrice.amount).to.equal(10000 - 3333);
  });
});
