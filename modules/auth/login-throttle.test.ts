import { expect } from 'chai';
import { backoffMs, FREE_FAILURES, LoginThrottle } from './login-throttle.js';
import { InMemoryWindowCounters as FakeCounters } from './window-counters.fake.js';

const WINDOW = 15 * 60_000;
const T0 = 1_800_000_000_000 - (1_800_000_000_000 % WINDOW);

describe('login throttle: per (username, client) pair, a per-username ceiling, exponential backoff', () => {
  const throttle = (over: Partial<ConstructorParameters<typeof LoginThrottle>[1]> = {}) =>
    new LoginThrottle(new FakeCounters(), { maxPerPair: 10, maxPerUsername: 100, maxPerClient: 50, windowMs: WINDOW, ...over });
  const fail = async (t: LoginThrottle, user: string, client: string, now: number) => {
    const a = await t.begin(user, client, now);
    if (a.allowed) await a.settle(false);
    return a;
  };

  it('when a stranger fails again and again at one address, then that pair is slowed and refused, and the partner at its own address still logs in', async () => {
    const t = throttle();
    let now = T0;
    let refusedFor: string | undefined;
    for (let i = 0; i < 40; i++) {
      const a = await fail(t, 'shop', '203.0.113.9', now);
      if (!a.allowed) refusedFor ??= a.reason;
      now += 61_000; // even a patient guesser, past every backoff
    }
    expect(refusedFor).to.equal('pair');
    const partner = await t.begin('shop', '198.51.100.20', now);
    expect(partner.allowed).to.equal(true);
  });

  it('when parallel tries of the free ones arrive out of order, then none is refused for a backoff it does not owe', async () => {
    const t = throttle();
    // a later try is stamped first; an earlier one (its clock read before) comes in after it
    expect((await fail(t, 'shop', 'c1', T0 + 50)).allowed).to.equal(true);
    expect((await fail(t, 'shop', 'c1', T0 + 10)).allowed).to.equal(true);
  });

  it('when failures of a pair pass the free ones, then each next try must wait twice as long (1 s, 2 s, 4 s ... 60 s)', async () => {
    expect([0, 1, 2, 3, 4, 5, 9, 20].map(backoffMs)).to.deep.equal([0, 0, 0, 1_000, 2_000, 4_000, 60_000, 60_000]);
    const t = throttle();
    let now = T0;
    for (let i = 0; i < FREE_FAILURES; i++) expect((await fail(t, 'shop', 'c1', (now += 10))).allowed).to.equal(true);
    const tooSoon = await t.begin('shop', 'c1', now + 500);
    expect(tooSoon).to.include({ allowed: false, reason: 'backoff', retryAfterSeconds: 1 });
    // the refused try counted as a failure and moved the stamp: the next wait is 2 s from it
    const stillTooSoon = await t.begin('shop', 'c1', now + 2_000);
    expect(stillTooSoon).to.include({ allowed: false, reason: 'backoff' });
    expect((await t.begin('shop', 'c1', now + 500 + 2_000 + 4_000 + 10)).allowed).to.equal(true);
  });

  it('when one username fails from many addresses past the ceiling, then it is refused from every address', async () => {
    const t = throttle({ maxPerUsername: 5 });
    for (let i = 0; i < 5; i++) expect((await fail(t, 'shop', `c${i}`, T0)).allowed).to.equal(true);
    expect(await t.begin('shop', 'fresh-address', T0)).to.include({ allowed: false, reason: 'username' });
    expect((await t.begin('other-shop', 'fresh-address', T0)).allowed).to.equal(true);
  });

  it('when attempts are refused for a pair, then they do not count toward the username ceiling', async () => {
    const t = throttle({ maxPerPair: 2, maxPerUsername: 5 });
    for (let i = 0; i < 50; i++) await fail(t, 'shop', 'attacker', T0 + ((i * 61_000) % WINDOW));
    expect((await t.begin('shop', 'partner-office', T0 + 5)).allowed).to.equal(true);
  });

  it('when a login succeeds, then its attempt is refunded from every counter', async () => {
    const t = throttle({ maxPerPair: 2 });
    for (let i = 0; i < 5; i++) {
      const a = await t.begin('shop', 'office', T0 + i);
      expect(a.allowed).to.equal(true);
      if (a.allowed) await a.settle(true);
    }
  });
});
