import { expect } from 'chai';
import { NO_REPLY } from '../../../platform/idempotency.js';
import { ConcurrencyError } from '../../../platform/errors.js';
import { DuplicateGuard } from './duplicate-guard.js';
import { InMemoryApplicationRepository } from '../store/application.repository.fake.js';
import type { ApplicationDoc } from '../application.model.js';

const WINDOW_MS = 60_000;
const T0 = new Date('2030-01-01T10:00:00Z');
const at = (ms: number) => new Date(T0.getTime() + ms);

function setup() {
  const repo = new InMemoryApplicationRepository();
  const guard = new DuplicateGuard(repo, WINDOW_MS);
  let writes = 0;
  /** what a create's insert does: a new application holding the key, created at `now` */
  const inserter =
    (id: string, now: Date, key = 'k') =>
    () => {
      writes++;
      return repo.insertWithOutbox({ _id: id, dedupKey: key, createdAt: now } as unknown as ApplicationDoc, [], now, NO_REPLY);
    };
  return { repo, guard, inserter, writes: () => writes };
}

describe('duplicate guard (one application per partner and order within the window)', () => {
  it('when the key is new, then the application is written holding it, in one write', async () => {
    const { guard, repo, inserter, writes } = setup();
    const out = await guard.insertOnce('k', T0, inserter('app-1', T0));
    expect(out.created).to.equal(true);
    expect(out.doc._id).to.equal('app-1');
    expect((await repo.findByDedupKey('k'))!._id).to.equal('app-1');
    expect(writes()).to.equal(1);
  });

  it('when the first application holds the key within the window, then the second request gets it and nothing is written', async () => {
    const { guard, repo, inserter } = setup();
    await guard.insertOnce('k', T0, inserter('app-1', T0));
    const out = await guard.insertOnce('k', at(WINDOW_MS - 1), inserter('app-2', at(WINDOW_MS - 1)));
    expect(out).to.deep.include({ created: false });
    expect(out.doc._id).to.equal('app-1');
    expect((await repo.findById('app-2')) !== null).to.equal(false);
  });

  it('when the first application is as old as the window, then it gives the key up and the new request is created holding it', async () => {
    const { guard, repo, inserter } = setup();
    await guard.insertOnce('k', T0, inserter('app-1', T0));
    const out = await guard.insertOnce('k', at(WINDOW_MS), inserter('app-2', at(WINDOW_MS)));
    expect(out.created).to.equal(true);
    expect((await repo.findByDedupKey('k'))!._id).to.equal('app-2');
    expect((await repo.findById('app-1'))!.dedupKey).to.equal(undefined);
  });

  it('when N identical requests race, then exactly one is created and every other answers with it', async () => {
    const { guard, repo, inserter } = setup();
    const outs = await Promise.all(Array.from({ length: 8 }, (_, i) => guard.insertOnce('k', T0, inserter(`app-${i}`, T0))));
    const created = outs.filter((o) => o.created);
    expect(created).to.have.length(1);
    expect(new Set(outs.map((o) => o.doc._id))).to.deep.equal(new Set([created[0]!.doc._id]));
    expect(repo.store.all()).to.have.length(1);
  });

  it('when two requests after the window race for the old key, then one takes it over and the other answers with that one', async () => {
    const { guard, repo, inserter } = setup();
    await guard.insertOnce('k', T0, inserter('app-1', T0));
    const late = at(WINDOW_MS + 5);
    const [a, b] = await Promise.all([guard.insertOnce('k', late, inserter('app-2', late)), guard.insertOnce('k', late, inserter('app-3', late))]);
    expect([a.created, b.created].sort()).to.deep.equal([false, true]);
    expect(a.doc._id).to.equal(b.doc._id);
    expect(repo.store.all()).to.have.length(2);
  });

  it("when the insert fails for another reason, then the error is the caller's and no key is left held", async () => {
    const { guard, repo } = setup();
    const err = await guard
      .insertOnce('k', T0, () => Promise.reject(new Error('store down')))
      .then(
        () => undefined,
        (e) => e,
      );
    expect(err.message).to.equal('store down');
    expect(await repo.findByDedupKey('k')).to.equal(null);
  });

  it('when the key stays taken round after round without a holder in sight, then a retryable 409 rather than a loop', async () => {
    const repo = new InMemoryApplicationRepository();
    // a holder that vanishes each time it is looked up: only a pathological store does this
    const guard = new DuplicateGuard({ findByDedupKey: async () => null, releaseDedupKey: async () => false }, WINDOW_MS);
    await repo.insertWithOutbox({ _id: 'app-1', dedupKey: 'k', createdAt: T0 } as unknown as ApplicationDoc, [], T0, NO_REPLY);
    const err = await guard
      .insertOnce('k', T0, () => repo.insertWithOutbox({ _id: 'app-2', dedupKey: 'k', createdAt: T0 } as unknown as ApplicationDoc, [], T0, NO_REPLY))
      .then(
        () => undefined,
        (e) => e,
      );
    expect(err).to.be.instanceOf(ConcurrencyError);
    expect(err.headers).to.deep.equal({ 'Retry-After': '1' });
  });
});
