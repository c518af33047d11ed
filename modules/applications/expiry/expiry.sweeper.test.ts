import { expect } from 'chai';
import { Counter, Gauge, Registry } from 'prom-client';
import { createLogger } from '../../../platform/logger.js';
import { ExpirySchedule } from './expiry.schedule.js';
import { ExpirySweeper } from './expiry.sweeper.js';
import { InMemoryApplicationRepository } from '../store/application.repository.fake.js';
import { ManualClock } from '../../../platform/clock.js';
import type { ApplicationChanges } from '../change/index.js';

describe('expiry schedule', () => {
  const schedule = () => new ExpirySchedule({ granularityMs: 1000, horizonMs: 60_000 });

  it("when a time is noted, then it is due from its granule's end on, once", () => {
    const s = schedule();
    s.note(new Date(10_200), 0);
    expect(s.takeDue(10_999)).to.equal(false);
    expect(s.takeDue(11_000)).to.equal(true);
    expect(s.takeDue(20_000)).to.equal(false);
  });

  it('when many times fall into one granule, then it is kept once', () => {
    const s = schedule();
    for (let t = 5_001; t <= 6_000; t += 7) s.note(new Date(t), 0);
    expect(s.size).to.equal(1);
  });

  it('when a time is null or beyond the horizon, then nothing is kept (the backstop takes the far ones)', () => {
    const s = schedule();
    s.note(null, 0);
    s.note(undefined, 0);
    s.note(new Date(60_001), 0);
    expect(s.size).to.equal(0);
    s.note(new Date(60_000), 0);
    expect(s.size).to.equal(1);
  });
});

describe('expiry sweeper heartbeat (manual clock: no test waits for time to pass)', () => {
  /** A sweeper over an in-memory store that counts its passes; `batch` ids are "due" at every pass. */
  function sweeper(opts: { fullIntervalMs: number; batch?: number }) {
    const registry = new Registry();
    const sweeps = new Counter({ name: 'expiry_sweeps_total', help: 'passes', labelNames: ['reason'], registers: [registry] });
    const clock = new ManualClock(new Date('2030-01-01T00:00:00Z'));
    const repo = new InMemoryApplicationRepository();
    let queries = 0;
    repo.idsExpiringBy = async () => {
      queries++;
      return Array.from({ length: opts.batch ?? 0 }, (_, i) => `a${i}`);
    };
    const changes = { changeIf: async () => undefined } as unknown as ApplicationChanges;
    const schedule = new ExpirySchedule({ granularityMs: 20, horizonMs: 60_000 });
    const lastSuccess = new Gauge({ name: 'expiry_sweep_last_success_timestamp_seconds', help: 'last pass', registers: [registry] });
    const s = new ExpirySweeper({
      repo,
      changes,
      schedule,
      clock,
      intervalMs: 20,
      fullIntervalMs: opts.fullIntervalMs,
      logger: createLogger({ level: 'silent', name: 'test' }),
      sweeps,
      lastSuccess,
    });
    const passes = async () => Object.fromEntries((await sweeps.get()).values.map((v) => [v.labels.reason, v.value]));
    const lastPassAt = async () => (await lastSuccess.get()).values[0]?.value ?? 0;
    return { s, clock, schedule, passes, lastPassAt, queries: () => queries };
  }

  it('when nothing is due, then after the start pass, at once, no pass runs (it does not poll the store)', async () => {
    const { s, clock, passes, queries, lastPassAt } = sweeper({ fullIntervalMs: 60_000 });
    expect(await lastPassAt()).to.equal(0);
    s.start();
    await clock.advance(0);
    expect(await lastPassAt()).to.equal(clock.now().getTime() / 1000);
    await clock.advance(20);
    await clock.advance(280); // 14 more heartbeats
    await s.stop();
    expect(await passes()).to.deep.equal({ start: 1 });
    expect(queries()).to.equal(1);
  });

  it('when a noted time comes, then one pass runs for it, at the first heartbeat from then on', async () => {
    const { s, clock, schedule, passes } = sweeper({ fullIntervalMs: 60_000 });
    s.start();
    await clock.advance(60);
    schedule.note(new Date(clock.now().getTime() + 50), clock.now().getTime());
    await clock.advance(40);
    expect(await passes()).to.deep.equal({ start: 1 });
    await clock.advance(20);
    expect(await passes()).to.deep.equal({ start: 1, due: 1 });
    await clock.advance(200);
    await s.stop();
    expect(await passes()).to.deep.equal({ start: 1, due: 1 });
  });

  it('when no pass ran for the full-sweep interval, then the backstop runs one', async () => {
    const { s, clock, passes } = sweeper({ fullIntervalMs: 100 });
    s.start();
    await clock.advance(80);
    expect(await passes()).to.deep.equal({ start: 1 });
    await clock.advance(20);
    expect(await passes()).to.deep.equal({ start: 1, backstop: 1 });
    await clock.advance(100);
    await s.stop();
    expect(await passes()).to.deep.equal({ start: 1, backstop: 2 });
  });

  it('when a pass takes a full batch, then the next heartbeat runs another', async () => {
    const { s, clock, passes } = sweeper({ fullIntervalMs: 60_000, batch: 500 });
    s.start();
    await clock.advance(60);
    await s.stop();
    expect(await passes()).to.deep.equal({ start: 1, more: 3 });
  });

  it('when stopped, then no heartbeat is left waiting', async () => {
    const { s, clock } = sweeper({ fullIntervalMs: 60_000 });
    s.start();
    await clock.advance(40);
    await s.stop();
    expect(clock.pending).to.equal(0);
  });
});
