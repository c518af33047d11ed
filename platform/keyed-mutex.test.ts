import { expect } from 'chai';
import { KeyedMutex } from './keyed-mutex.js';

describe('KeyedMutex', () => {
  it('when work for one key overlaps, then it runs one at a time in arrival order; other keys run alongside', async () => {
    const m = new KeyedMutex();
    const log: string[] = [];
    const step = (name: string, ms: number) => async () => { log.push(`${name}+`); await new Promise((r) => setTimeout(r, ms)); log.push(`${name}-`); };
    await Promise.all([m.run('a', step('a1', 20)), m.run('a', step('a2', 1)), m.run('b', step('b1', 5))]);
    expect(log.indexOf('a1-')).to.be.lessThan(log.indexOf('a2+'));
    expect(log.indexOf('b1+')).to.be.lessThan(log.indexOf('a1-'));
    expect(m.size).to.equal(0);
  });

  it('when a job fails, then the next job for the key still runs', async () => {
    const m = new KeyedMutex();
    const failed = m.run('k', async () => { throw new Error('boom'); });
    const next = m.run('k', async () => 42);
    await failed.catch(() => {});
    expect(await next).to.equal(42);
  });
});
