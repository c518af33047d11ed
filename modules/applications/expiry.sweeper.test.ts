import { expect } from 'chai';
import { Counter, Gauge, Registry } from 'prom-client';
import { createLogger } from '../../platform/logger.js';
import { ExpirySchedule } from './expiry.schedule.js';
import { ExpirySweeper } from './expiry.sweeper.js';
import type { ApplicationRepository } from './application.repository.js';
import type { ApplicationService } from './application.service.js';

describe('expiry schedule', () => {
  const schedule = () => new ExpirySchedule({ granularityMs: 1000, horizonMs: 60_000 });

  it('when a time is noted, then it is due from its granule\'s end on, once', () => {
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

describe('expiry sweeper heartbeat', () => {
  /** A sweeper over a store that records its passes (each pass runs two queries) and finds nothing due. */
  function sweeper(opts: { fullIntervalMs: number; batch?: number }) {
    const registry = new Registry();
    const sweeps = new Counter({ name: 'expiry_sweeps_total', help: 'passes', labelNames: ['reason'], registers: [registry] });
    let queries = 0;
    const find = () => ({ limit: () => ({ toArray: async () => { queries++; return Array.from({ length: opts.batch ?? 0 }, (_, i) => ({ _id: `a${i}` })); } }) });
    const repo = { applications: { find } } as unknown as ApplicationRepository;
    const applications = { changeIf: async () => false } as unknown as ApplicationService;
    const schedule = new ExpirySchedule({ granularityMs: 20, horizonMs: 60_000 });
    const lastSuccess = new Gauge({ name: 'expiry_sweep_last_success_timestamp_seconds', help: 'last pass', registers: [registry] });
    const s = new ExpirySweeper({ repo, applications, schedule, intervalMs: 20, fullIntervalMs: opts.fullIntervalMs, logger: createLogger({ level: 'silent', name: 'test' }), sweeps, lastSuccess });
    const passes = async () => Object.fromEntries((await sweeps.get()).values.map((v) => [v.labels.reason, v.value]));
    const lastPassAt = async () => (await lastSuccess.get()).values[0]?.value ?? 0;
    return { s, schedule, passes, lastPassAt, queries: () => queries / 2 };
  }
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  it('when nothing is due, then after the start pass no pass runs (it does not poll the store)', async () => {
    const { s, passes, queries, lastPassAt } = sweeper({ fullIntervalMs: 60_000 });
    expect(await lastPassAt()).to.equal(0);
    const t0 = Date.now() / 1000;
    s.start();
    await sleep(300); // about 15 heartbeats
    await s.stop();
    expect(await passes()).to.deep.equal({ start: 1 });
    expect(queries()).to.equal(1);
    expect(await lastPassAt()).to.be.within(t0, Date.now() / 1000);
  });

  it('when a noted time comes, then one pass runs for it', async () => {
    const { s, schedule, passes } = sweeper({ fullIntervalMs: 60_000 });
    s.start();
    await sleep(60);
    schedule.note(new Date(Date.now() + 50));
    await sleep(250);
    await s.stop();
    expect(await passes()).to.deep.equal({ start: 1, due: 1 });
  });

  it('when no pass ran for the full-sweep interval, then the backstop runs one', async () => {
    const { s, passes } = sweeper({ fullIntervalMs: 100 });
    s.start();
    await sleep(350);
    await s.stop();
    const p = await passes();
    expect(p.start).to.equal(1);
    expect(p.backstop).to.be.at.least(1);
  });

  it('when a pass takes a full batch, then the next heartbeat runs another', async () => {
    const { s, passes } = sweeper({ fullIntervalMs: 60_000, batch: 500 });
    s.start();
    await sleep(120);
    await s.stop();
    expect((await passes()).more).to.be.greaterThan(0);
  });
});
