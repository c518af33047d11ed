import { expect } from 'chai';
import { NO_REPLY } from '../../../platform/idempotency.js';
import { ManualClock } from '../../../platform/clock.js';
import { TOPICS } from '../../../platform/kafka.js';
import type { AuthenticatedPartner } from '../../../platform/http/state.js';
import { CreateApplication, type CreateConfig } from './create-application.js';
import { InMemoryApplicationRepository } from '../store/application.repository.fake.js';
import { APPLICATION_EVENTS, APPLICATION_TOPICS } from '../application.events.js';
import type { CreateApplicationInput } from './create.schemas.js';

const partner = { id: 'p-1' } as AuthenticatedPartner;
const cfg: CreateConfig = {
  currencies: ['CZK'],
  applicationTtlMs: 24 * 3600_000,
  gatewayTokenTtlMs: 3600_000,
  duplicateWindowMs: 60_000,
  allowPrivateNetworks: false,
};

/** A valid create request (what the route hands over after the schema). */
function input(number = 'ORD-1', over: Partial<CreateApplicationInput> = {}): CreateApplicationInput {
  return {
    type: 'DEFERRED_PAYMENT',
    customer: { firstName: 'Jana', lastName: 'Nováková', email: 'jana@example.com', phone: '+420777123456' },
    order: {
      number,
      totalPrice: { amount: 150000, currency: 'CZK' },
      totalVat: [{ vatRate: 21, amount: 26033, currency: 'CZK' }],
      items: [
        {
          code: 'KTL-1',
          name: 'Kettle',
          type: 'PHYSICAL',
          quantity: 1,
          totalPrice: { amount: 150000, currency: 'CZK' },
          totalVat: { vatRate: 21, amount: 26033, currency: 'CZK' },
        },
      ],
      variableSymbols: ['2024000123'],
    },
    merchantUrls: {
      approvedRedirect: 'https://shop.example/ok',
      rejectedRedirect: 'https://shop.example/no',
      notificationEndpoint: 'https://shop.example/hooks',
    },
    ...over,
  } as CreateApplicationInput;
}

function setup() {
  const clock = new ManualClock(new Date('2030-01-01T10:00:00Z'));
  const repo = new InMemoryApplicationRepository();
  const create = new CreateApplication(repo, cfg, { prepare: async () => [] }, clock);
  return { clock, repo, create };
}

describe('create application (use case on the in-memory repository)', () => {
  it('when the request is new, then the application is stored at version 1 with its created event and notification in the outbox', async () => {
    const { repo, create, clock } = setup();
    const out = await create.create(partner, input(), NO_REPLY);
    expect(out.created).to.equal(true);
    const stored = (await repo.findById(out.doc._id))!;
    expect(stored).to.include({ partnerId: 'p-1', version: 1, state: 'PROCESSING', stateReason: 'PROCESSING_REDIRECT_NEEDED' });
    expect(stored.expiresAt!.getTime()).to.equal(clock.now().getTime() + cfg.applicationTtlMs);
    expect(stored.gateway.expiresAt.getTime()).to.equal(clock.now().getTime() + cfg.gatewayTokenTtlMs);
    const entries = Object.values(stored.outbox);
    expect(entries.map((e) => e.topic).sort()).to.deep.equal([APPLICATION_TOPICS.events, TOPICS.notifications].sort());
    const event = JSON.parse(entries.find((e) => e.topic === APPLICATION_TOPICS.events)!.value);
    expect(event).to.include({ type: APPLICATION_EVENTS.created, aggregateId: stored._id });
    expect(stored.outboxAt).to.deep.equal(clock.now());
    expect(repo.store.written).to.have.length(2);
  });

  it('when a recurring application is created, then its recurrence pointer is stored with it', async () => {
    const { repo, create } = setup();
    const out = await create.create(partner, input('ORD-R', { isRecurring: true }), NO_REPLY);
    const pointer = await repo.findRecurrencePointer(out.doc.recurrence!.id);
    expect(pointer).to.deep.equal({ _id: out.doc.recurrence!.id, applicationId: out.doc._id, partnerId: 'p-1' });
  });

  it('when the same partner sends the same order again within the window, then the first application is returned and nothing new is written', async () => {
    const { repo, create, clock } = setup();
    const first = await create.create(partner, input(), NO_REPLY);
    await clock.advance(cfg.duplicateWindowMs - 1);
    const again = await create.create(partner, input(), NO_REPLY);
    expect(again.created).to.equal(false);
    expect(again.doc._id).to.equal(first.doc._id);
    expect(repo.store.docs.size).to.equal(1);
    expect(repo.store.written).to.have.length(2);
  });

  it('when the same order comes after the window, then a new application', async () => {
    const { repo, create, clock } = setup();
    const first = await create.create(partner, input(), NO_REPLY);
    await clock.advance(cfg.duplicateWindowMs);
    const later = await create.create(partner, input(), NO_REPLY);
    expect(later.created).to.equal(true);
    expect(later.doc._id).not.to.equal(first.doc._id);
    expect(repo.store.docs.size).to.equal(2);
  });

  it('when another partner sends the same order, then it is not a duplicate', async () => {
    const { create } = setup();
    const first = await create.create(partner, input(), NO_REPLY);
    const other = await create.create({ id: 'p-2' } as AuthenticatedPartner, input(), NO_REPLY);
    expect(other.created).to.equal(true);
    expect(other.doc._id).not.to.equal(first.doc._id);
  });

  it('when another customer sends the same order within the window, then it is not a duplicate; the same customer is', async () => {
    const { create } = setup();
    const first = await create.create(partner, input(), NO_REPLY);
    const petr = input();
    petr.customer = { ...petr.customer, email: 'petr@example.com' };
    const other = await create.create(partner, petr, NO_REPLY);
    expect(other.created).to.equal(true);
    expect(other.doc._id).not.to.equal(first.doc._id);
    const jana = input();
    jana.customer = { ...jana.customer, email: 'JANA+eshop@Example.com' };
    const again = await create.create(partner, jana, NO_REPLY);
    expect(again.created).to.equal(false);
    expect(again.doc._id).to.equal(first.doc._id);
  });

  it('when the write fails, then nothing holds the duplicate key (the retry is not refused as a duplicate)', async () => {
    const { repo, create } = setup();
    const insert = repo.insertWithOutbox.bind(repo);
    repo.insertWithOutbox = async () => {
      throw new Error('store down');
    };
    await create.create(partner, input(), NO_REPLY).then(
      () => expect.fail('created'),
      (err) => expect(err.message).to.equal('store down'),
    );
    expect(repo.store.docs.size).to.equal(0);
    repo.insertWithOutbox = insert;
    expect((await create.create(partner, input(), NO_REPLY)).created).to.equal(true);
  });

  it('when a currency is not offered, then 422 and nothing is stored', async () => {
    const { repo, create } = setup();
    const bad = input();
    bad.order.totalPrice = { amount: 150000, currency: 'EUR' };
    await create.create(partner, bad, NO_REPLY).then(
      () => expect.fail('created'),
      (err) => expect(err.status).to.equal(422),
    );
    expect(repo.store.docs.size).to.equal(0);
  });
});
