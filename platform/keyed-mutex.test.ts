import { expect } from 'chai';
import { KeyedMutex } from './keyed-mutex.js';
import { settle } from './clock.js';

describe('KeyedMutex', () => {
  it('when work for one key overlaps, then it runs one at a time in arrival order; other keys run alongside', async () => {
    const m = new KeyedMutex();
    const log: string[] = [];
    /** A job that logs its start and ends when the test releases it. */
    const gated = (name: string) => {
      let release!: () => void;
      const gate = new Promise<void>((r) => {
        release = r;
      });
      return {
        release,
        job: async () => {
          log.push(`${name}+`);
          await gate;
          log.push(`${name}-`);
        },
      };
    };
    const [a1, a2, b1] = [gated('a1'), gated('a2'), gated('b1')];
    const runs = [m.run('a', a1.job), m.run('a', a2.job), m.run('b', b1.job)];
    await settle();
    expect(log).to.deep.equal(['a1+', 'b1+']); // a2 waits for a1; b1 does not
    a2.release();
    b1.release();
    await settle();
    expect(log).to.deep.equal(['a1+', 'b1+', 'b1-']);
    a1.release();
    await Promise.all(runs);
    expect(log).to.deep.equal(['a1+', 'b1+', 'b1-', 'a1-', 'a2+', 'a2-']);
    expect(m.size).to.equal(0);
  });

  it('when a job fails, then the next job for the key still runs', async () => {
    const m = new KeyedMutex();
    const failed = m.run('k', async () => {
      throw new Error('boom');
    });
    const next = m.run('k', async () => 42);
    await failed.catch(() => {});
    expect(await next).to.equal(42);
  });
});
