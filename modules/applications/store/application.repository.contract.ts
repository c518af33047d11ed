import { expect } from 'chai';
import { NO_REPLY } from '../../../platform/idempotency.js';
import type { ApplicationDoc } from '../application.model.js';
import { DedupKeyTakenError, type ApplicationRepository } from './application.repository.js';
import type { OutboxEntry } from '../../../platform/outbox.js';

/**
 * What every ApplicationRepository must do, run against the in-memory fake (unit tests)
 * and against the store (test/applications/repository-contract.spec.ts): the fake the use
 * case tests rely on stays true to the real thing. `make` gives an empty repository.
 */
export function applicationRepositoryContract(make: () => Promise<ApplicationRepository>): void {
  const t0 = new Date('2030-01-01T10:00:00Z');
  const at = (s: number) => new Date(t0.getTime() + s * 1000);
  const entry = (id: string): OutboxEntry => ({ id, topic: 'applications.events', key: 'a', value: '{}', createdAt: t0 });
  const app = (id: string, over: Record<string, unknown> = {}) =>
    ({
      _id: id,
      partnerId: 'p-1',
      createdAt: t0,
      expiresAt: null,
      order: { number: 'N-1', variableSymbols: ['VS-1'] },
      ...over,
    }) as unknown as ApplicationDoc;
  let repo: ApplicationRepository;
  beforeEach(async () => {
    repo = await make();
  });

  it('when an application is inserted with entries, then it reads back at version 1 with them pending', async () => {
    const doc = await repo.insertWithOutbox(app('a1'), [entry('e1')], t0, NO_REPLY);
    expect(doc.version).to.equal(1);
    const read = (await repo.findById('a1'))!;
    expect(Object.keys(read.outbox)).to.deep.equal(['e1']);
    expect(read.outboxAt).to.deep.equal(t0);
    expect((await repo.findById('a1')) !== null).to.equal(true);
    expect((await repo.findById('nope')) !== null).to.equal(false);
  });

  it('when the id is taken, then the insert is refused', async () => {
    await repo.insertWithOutbox(app('a1'), [], t0, NO_REPLY);
    await repo.insertWithOutbox(app('a1'), [], t0, NO_REPLY).then(
      () => expect.fail('inserted twice'),
      (err) => expect(err.code).to.equal(11000),
    );
  });

  it('when another partner asks for an application, then it reads as unknown', async () => {
    await repo.insertWithOutbox(app('a1'), [], t0, NO_REPLY);
    expect(await repo.findForPartner('p-2', 'a1')).to.equal(null);
    expect((await repo.findForPartner('p-1', 'a1'))!._id).to.equal('a1');
  });

  it('when a change is decided, then it is written with a new version and its entries', async () => {
    await repo.insertWithOutbox(app('a1'), [], t0, NO_REPLY);
    const { doc, result } = await repo.mutate(
      'a1',
      () => repo.findById('a1'),
      () => ({ set: { expiresAt: at(5) }, entries: [entry('e2')], result: 'ok' }),
      { notFound: () => new Error('404'), reply: NO_REPLY },
    );
    expect(result).to.equal('ok');
    expect(doc.version).to.equal(2);
    const read = (await repo.findById('a1'))!;
    expect(read.expiresAt).to.deep.equal(at(5));
    expect(Object.keys(read.outbox)).to.deep.equal(['e2']);
  });

  it("when the application is missing, then mutate gives the caller's not-found error", async () => {
    await repo
      .mutate(
        'zz',
        () => repo.findById('zz'),
        () => ({ set: {}, entries: [] }),
        { notFound: () => new Error('404'), reply: NO_REPLY },
      )
      .then(
        () => expect.fail('changed'),
        (err) => expect(err.message).to.equal('404'),
      );
  });

  it('when asked for the newest by order, then every criterion must match and the newest wins', async () => {
    await repo.insertWithOutbox(app('a1'), [], t0, NO_REPLY);
    await repo.insertWithOutbox(app('a2', { createdAt: at(1) }), [], t0, NO_REPLY);
    await repo.insertWithOutbox(app('a3', { createdAt: at(2), order: { number: 'N-2', variableSymbols: ['VS-1'] } }), [], t0, NO_REPLY);
    expect((await repo.findNewestByOrder('p-1', { orderNumber: 'N-1' }))!._id).to.equal('a2');
    expect((await repo.findNewestByOrder('p-1', { orderVariableSymbol: 'VS-1' }))!._id).to.equal('a3');
    expect(await repo.findNewestByOrder('p-1', { orderNumber: 'N-1', orderVariableSymbol: 'VS-2' })).to.equal(null);
    expect(await repo.findNewestByOrder('p-2', { orderNumber: 'N-1' })).to.equal(null);
  });

  it('when times come, then only what is due is listed for expiry', async () => {
    await repo.insertWithOutbox(app('a1', { expiresAt: at(10) }), [], t0, NO_REPLY);
    await repo.insertWithOutbox(app('a2', { expiresAt: at(20) }), [], t0, NO_REPLY);
    await repo.insertWithOutbox(app('r1', { recurrence: { id: 'r', state: 'READY', validUntil: at(10) } }), [], t0, NO_REPLY);
    await repo.insertWithOutbox(app('r2', { recurrence: { id: 's', state: 'CANCELLED', validUntil: at(10) } }), [], t0, NO_REPLY);
    expect(await repo.idsExpiringBy(at(9), 10)).to.deep.equal([]);
    expect(await repo.idsExpiringBy(at(10), 10)).to.deep.equal(['a1']);
    expect((await repo.idsExpiringBy(at(30), 10)).sort()).to.deep.equal(['a1', 'a2']);
    expect(await repo.idsExpiringBy(at(30), 1)).to.have.length(1);
    expect(await repo.idsWithRecurrenceEndedBy(at(10), 10)).to.deep.equal(['r1']);
  });

  it('when a second application comes with a duplicate key another holds, then it is refused as such and nothing is written; once given up, the key is free', async () => {
    await repo.insertWithOutbox(app('a1', { dedupKey: 'k' }), [entry('e1')], t0, NO_REPLY);
    await repo.insertWithOutbox(app('a2'), [], t0, NO_REPLY);
    await repo.insertWithOutbox(app('a3'), [], t0, NO_REPLY); // applications without a key do not collide
    await repo.insertWithOutbox(app('a4', { dedupKey: 'k' }), [entry('e4')], t0, NO_REPLY).then(
      () => expect.fail('inserted'),
      (err) => expect(err).to.be.instanceOf(DedupKeyTakenError),
    );
    expect((await repo.findById('a4')) !== null).to.equal(false);
    expect((await repo.findByDedupKey('k'))!._id).to.equal('a1');
    expect(await repo.findByDedupKey('other')).to.equal(null);
    expect(await repo.releaseDedupKey('a2', 'k'), 'a2 does not hold it').to.equal(false);
    expect(await repo.releaseDedupKey('a1', 'k')).to.equal(true);
    expect(await repo.releaseDedupKey('a1', 'k'), 'given up once').to.equal(false);
    expect(await repo.findByDedupKey('k')).to.equal(null);
    const a1 = (await repo.findById('a1'))!;
    expect(a1.version, 'the key is no part of the state').to.equal(1);
    expect(a1).not.to.have.property('dedupKey');
    await repo.insertWithOutbox(app('a4', { dedupKey: 'k' }), [], t0, NO_REPLY);
    expect((await repo.findByDedupKey('k'))!._id).to.equal('a4');
  });

  it('when the id is taken as well as the key, then the insert is refused for its id', async () => {
    await repo.insertWithOutbox(app('a1', { dedupKey: 'k' }), [], t0, NO_REPLY);
    await repo.insertWithOutbox(app('a1', { dedupKey: 'k' }), [], t0, NO_REPLY).then(
      () => expect.fail('inserted twice'),
      (err) => expect(err.code).to.equal(11000),
    );
  });

  it('when approvals are added, then each application counts once and GOLD is set only from BASIC', async () => {
    expect(await repo.account('c')).to.deep.equal({ level: 'BASIC', approvedIds: [] });
    await repo.addApproval('c', 'a1', t0);
    const doc = await repo.addApproval('c', 'a1', at(1));
    expect(doc).to.include({ level: 'BASIC' });
    expect(doc.approvedApplicationIds).to.deep.equal(['a1']);
    await repo.promoteToGold('c', at(2));
    expect(await repo.accountLevel('c')).to.equal('GOLD');
    await repo.promoteToGold('nobody', at(2));
    expect(await repo.accountLevel('nobody')).to.equal('BASIC');
  });

  it('when recurrence pointers and module keys are stored, then the first one stands', async () => {
    await repo.insertRecurrencePointer({ _id: 'r', applicationId: 'a1', partnerId: 'p-1' });
    await repo.insertRecurrencePointer({ _id: 'r', applicationId: 'a2', partnerId: 'p-1' }).then(
      () => expect.fail('inserted twice'),
      (err) => expect(err.code).to.equal(11000),
    );
    expect(await repo.findRecurrencePointer('r')).to.deep.equal({ _id: 'r', applicationId: 'a1', partnerId: 'p-1' });
    const first = await repo.moduleKey({ _id: 'key', secret: 's1', createdAt: t0 });
    const second = await repo.moduleKey({ _id: 'key', secret: 's2', createdAt: at(1) });
    expect(first.secret).to.equal('s1');
    expect(second.secret).to.equal('s1');
  });
}
