import { expect } from 'chai';
import { ManualClock } from '../../platform/clock.js';
import { ConcurrencyError } from '../../platform/errors.js';
import { DuplicateGuard } from './application.dedup.js';
import { InMemoryApplicationRepository } from './application.repository.fake.js';
import type { ApplicationDoc } from './application.model.js';

const WINDOW_MS = 60_000;

function setup() {
  const clock = new ManualClock(new Date('2030-01-01T10:00:00Z'));
  const repo = new InMemoryApplicationRepository();
  const guard = new DuplicateGuard(repo, WINDOW_MS, clock);
  const written = (id: string) => repo.insertWithOutbox({ _id: id } as unknown as ApplicationDoc, [], clock.now());
  return { clock, repo, guard, written };
}

describe('duplicate guard (one application per partner and order within the window)', () => {
  it('when the key is new, then the claim is won and stored for the application', async () => {
    const { guard, repo, clock } = setup();
    expect(await guard.claim('k', 'p-1', 'app-1')).to.deep.equal({ won: true });
    expect(await repo.findDedupClaim('k')).to.deep.equal({ _id: 'k', partnerId: 'p-1', applicationId: 'app-1', claimedAt: clock.now() });
  });

  it('when the first application exists within the window, then the second request gets its id', async () => {
    const { guard, written } = setup();
    await guard.claim('k', 'p-1', 'app-1');
    await written('app-1');
    expect(await guard.claim('k', 'p-1', 'app-2')).to.deep.equal({ won: false, applicationId: 'app-1' });
  });

  it('when the claim is older than the window, then it is taken over', async () => {
    const { guard, repo, clock, written } = setup();
    await guard.claim('k', 'p-1', 'app-1');
    await written('app-1');
    await clock.advance(WINDOW_MS);
    expect(await guard.claim('k', 'p-1', 'app-2')).to.deep.equal({ won: true });
    expect((await repo.findDedupClaim('k'))!.applicationId).to.equal('app-2');
  });

  it('when the first request is still writing (a young claim), then the second waits and gets the first application', async () => {
    const { guard, clock, written } = setup();
    await guard.claim('k', 'p-1', 'app-1');
    let outcome: unknown;
    const second = guard.claim('k', 'p-1', 'app-2').then((r) => { outcome = r; });
    await clock.advance(10);
    expect(outcome).to.equal(undefined);
    await written('app-1');
    await clock.advance(10);
    await second;
    expect(outcome).to.deep.equal({ won: false, applicationId: 'app-1' });
  });

  it('when a claim without its application is past the young age but not the orphan grace, then 409 with Retry-After', async () => {
    const { guard, clock } = setup();
    await guard.claim('k', 'p-1', 'app-1');
    await clock.advance(5_000);
    const err = await guard.claim('k', 'p-1', 'app-2').then(() => undefined, (e) => e);
    expect(err).to.be.instanceOf(ConcurrencyError);
    expect(err.headers).to.deep.equal({ 'Retry-After': '25' });
  });

  it('when a claim without its application is past the orphan grace, then the new request takes it over', async () => {
    const { guard, clock, repo } = setup();
    await guard.claim('k', 'p-1', 'app-1');
    await clock.advance(30_000);
    expect(await guard.claim('k', 'p-1', 'app-2')).to.deep.equal({ won: true });
    expect(await repo.findDedupClaim('k')).to.include({ applicationId: 'app-2' });
  });

  it('when released by its own request, then the key is free; released by another, it stays', async () => {
    const { guard, repo } = setup();
    await guard.claim('k', 'p-1', 'app-1');
    await guard.release('k', 'app-2');
    expect(await repo.findDedupClaim('k')).not.to.equal(null);
    await guard.release('k', 'app-1');
    expect(await repo.findDedupClaim('k')).to.equal(null);
  });
});
