import { expect } from 'chai';
import { startTestApi, type TestApi } from '../support/api.js';
import { provisionPartner } from '../support/partners.js';
import { ManualClock } from '../../platform/clock.js';

const UNKNOWN_APP = '/financing/v1/applications/0190d3f0-0000-7000-8000-000000000000';

describe('per-partner rate limit shared by every API instance (RATE_LIMIT_PER_MINUTE)', () => {
  let one: TestApi;
  let two: TestApi; // second instance, same database
  // both instances on one clock, which a test puts at the start of a minute: a burst never
  // straddles two windows, and no test waits for the wall clock to reach one
  let clock: ManualClock;
  const freshMinute = () => clock.advance(60_000 - (clock.now().getTime() % 60_000));
  before(async () => {
    clock = new ManualClock(Math.ceil(Date.now() / 60_000) * 60_000); // when the suite runs, not when mocha loads it
    one = await startTestApi({ RATE_LIMIT_PER_MINUTE: '100' }, { clock });
    two = await startTestApi({ RATE_LIMIT_PER_MINUTE: '100', MONGO_DB: one.config.store.db, KAFKA_TOPIC_PREFIX: one.config.kafka.topicPrefix }, { clock });
  });
  after(async () => {
    await two?.stop();
    await one?.stop();
  });

  it('when a partner makes an authenticated request, then the answer (even an error) carries the three headers', async () => {
    const p = await provisionPartner(one);
    const res = await one.client.get(UNKNOWN_APP, { token: p.token });
    expect(res.status).to.equal(404);
    expect(res.headers['x-rate-limit-limit']).to.equal('100');
    expect(Number(res.headers['x-rate-limit-remaining'])).to.be.within(0, 99);
    expect(Number(res.headers['x-rate-limit-reset'])).to.be.within(1, 60);
  });

  it('when requests without a token or to health arrive, then no rate-limit headers (not an authenticated response)', async () => {
    expect((await one.client.get(UNKNOWN_APP)).headers).not.to.have.property('x-rate-limit-limit');
    expect((await one.client.get('/v1/health')).headers).not.to.have.property('x-rate-limit-limit');
  });

  it('when one partner spreads a burst over two instances, then together they allow exactly the limit and refuse the rest', async () => {
    const p = await provisionPartner(one);
    await freshMinute();
    const results = await Promise.all(Array.from({ length: 140 }, (_, i) => (i % 2 ? two : one).client.get(UNKNOWN_APP, { token: p.token })));
    const allowed = results.filter((r) => r.status === 404).length;
    const refused = results.filter((r) => r.status === 429);
    // never above the limit; at most (batch - 1) per instance lost to unused claims (batch = 2 here)
    expect(allowed).to.be.within(98, 100);
    expect(refused.length).to.equal(140 - allowed);
    expect(refused[0]!.body.errors[0]).to.include({ code: 'RATE_LIMIT_EXCEEDED', severity: 'ERROR' });
    expect(refused[0]!.headers['x-rate-limit-remaining']).to.equal('0');
    expect(refused[0]!.headers['retry-after']).to.equal(refused[0]!.headers['x-rate-limit-reset']);
  });

  it('when the store counted the requests, then one counter document per partner and window holds them', async () => {
    const p = await provisionPartner(one);
    await freshMinute();
    for (let i = 0; i < 5; i++) await two.client.get(UNKNOWN_APP, { token: p.token });
    const docs = await one.api.runtime.db
      .collection('auth_counters')
      .find({ _id: { $regex: `^rate\\|${p.id}\\|` } as any })
      .toArray();
    expect(docs).to.have.length(1);
    expect(docs[0]!.n).to.be.within(5, 6); // claims of 2: the last may hold one spare
  });
});
