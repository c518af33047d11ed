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
});
