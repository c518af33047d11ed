import { expect } from 'chai';
import { PartnerRateLimiter, type ClaimFn } from './partner-rate-limiter.js';

/** The store's counter, in memory: what WindowCounters.add does, with a count of calls. */
function fakeStore() {
  const counts = new Map<string, number>();
  let calls = 0;
  const claim: ClaimFn = async (key, windowMs, by, now) => {
    calls++;
    await new Promise((r) => setImmediate(r));
    const start = Math.floor(now / windowMs) * windowMs;
    const id = `${key}|${start}`;
    counts.set(id, (counts.get(id) ?? 0) + by);
    return { count: counts.get(id)!, resetAt: start + windowMs };
  };
  return { claim, calls: () => calls };
}

describe('PartnerRateLimiter (quota claimed in batches from a shared counter)', () => {
  const T0 = 1_700_000_080_000; // 40 s into a minute

  it('when several instances share one counter, then together they never allow more than the limit', async () => {
    const store = fakeStore();
    const instances = [1, 2, 3].map(() => new PartnerRateLimiter(store.claim, 100, 60_000, 7));
    const grants = await Promise.all(Array.from({ length: 300 }, (_, i) => instances[i % 3]!.take('p', T0)));
    const allowed = grants.filter((g) => g.allowed).length;
    expect(allowed).to.be.at.most(100);
    expect(allowed).to.be.at.least(100 - 3 * 6);
  });

  it('when requests come one by one, then the store is asked once per batch (plus the one claimed ahead), not once per request', async () => {
    const store = fakeStore();
    const limiter = new PartnerRateLimiter(store.claim, 1000, 60_000, 10);
    for (let i = 0; i < 100; i++) expect((await limiter.take('p', T0)).allowed).to.equal(true);
    expect(store.calls()).to.equal(11);
  });

  it('when a burst arrives at once, then the waiting requests share one claim in flight', async () => {
    const store = fakeStore();
    const limiter = new PartnerRateLimiter(store.claim, 1000, 60_000, 20);
    const grants = await Promise.all(Array.from({ length: 20 }, () => limiter.take('p', T0)));
    expect(grants.every((g) => g.allowed)).to.equal(true);
    expect(store.calls()).to.equal(2); // the first claim, and the next one started at half
  });

  it('when half of a batch is used, then the next batch is claimed before anyone has to wait', async () => {
    const store = fakeStore();
    const limiter = new PartnerRateLimiter(store.claim, 1000, 60_000, 10);
    for (let i = 0; i < 6; i++) await limiter.take('p', T0);
    await new Promise((r) => setImmediate(r));
    expect(store.calls()).to.equal(2);
  });

  it('when the window is used up, then refusals cost the store nothing until the next window', async () => {
    const store = fakeStore();
    const limiter = new PartnerRateLimiter(store.claim, 5, 60_000, 1);
    for (let i = 0; i < 5; i++) expect((await limiter.take('p', T0)).allowed).to.equal(true);
    const refused = await limiter.take('p', T0);
    expect(refused).to.deep.equal({ allowed: false, limit: 5, remaining: 0, resetSeconds: 20 });
    const calls = store.calls();
    for (let i = 0; i < 50; i++) await limiter.take('p', T0 + 1000);
    expect(store.calls()).to.equal(calls);
    expect((await limiter.take('p', T0 + 20_000)).allowed).to.equal(true); // next minute
  });

  it('when requests are allowed, then Remaining counts down across instances and Reset is the seconds to the window end', async () => {
    const store = fakeStore();
    const a = new PartnerRateLimiter(store.claim, 10, 60_000, 1);
    const b = new PartnerRateLimiter(store.claim, 10, 60_000, 1);
    expect(await a.take('p', T0)).to.include({ remaining: 9, resetSeconds: 20 });
    expect(await b.take('p', T0)).to.include({ remaining: 8 });
    expect(await a.take('q', T0)).to.include({ remaining: 9 }); // partners are counted apart
  });

  it('when the limit is small, then the batch is 1 (exact); when large, at most 20', () => {
    expect(new PartnerRateLimiter(fakeStore().claim, 60).batch).to.equal(1);
    expect(new PartnerRateLimiter(fakeStore().claim, 600).batch).to.equal(12);
    expect(new PartnerRateLimiter(fakeStore().claim, 1_000_000).batch).to.equal(20);
  });
});
