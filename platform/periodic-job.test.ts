import { expect } from 'chai';
import { ManualClock } from './clock.js';
import { PeriodicJob } from './periodic-job.js';

describe('periodic job', () => {
  it('when started, then it runs at once and every interval on the clock; a failed run is logged and the next one still comes; stopped, it runs no more', async () => {
    const clock = new ManualClock(0);
    const runs: number[] = [];
    const errors: unknown[] = [];
    const job = new PeriodicJob(
      'probe',
      async (now) => {
        runs.push(now.getTime());
        if (runs.length === 2) throw new Error('store down');
      },
      clock,
      1000,
      { error: (o: unknown) => void errors.push(o) },
    );
    job.start();
    await clock.advance(3500);
    expect(runs).to.deep.equal([0, 1000, 2000, 3000]);
    expect(errors).to.have.length(1);
    await job.stop();
    await clock.advance(5000);
    expect(runs).to.have.length(4);
  });

  it('when stopped during a long run, then the run sees it and ends, and stop waits for that only', async () => {
    const clock = new ManualClock(0);
    let steps = 0;
    const job = new PeriodicJob(
      'backlog',
      async (_now, stopping) => {
        while (!stopping()) {
          steps++;
          await new Promise((r) => setTimeout(r, 5));
        }
      },
      clock,
      1000,
      { error: () => {} },
    );
    job.start();
    void clock.advance(0);
    await new Promise((r) => setTimeout(r, 50));
    await job.stop();
    const at = steps;
    expect(at).to.be.greaterThan(0);
    await new Promise((r) => setTimeout(r, 30));
    expect(steps, 'no step after stop').to.equal(at);
  });
});
