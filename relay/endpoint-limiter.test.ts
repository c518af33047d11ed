import { expect } from 'chai';
import { Abandon } from './abandon.js';
import { AbortedError, BUSY, EndpointLimiter } from './endpoint-limiter.js';

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((r) => {
    open = r;
  });
  return { open, opened };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('EndpointLimiter', () => {
  it('when more work than the limit arrives for one endpoint, then at most `limit` run and the rest wait in order', async () => {
    const limiter = new EndpointLimiter(2, 10, 10_000);
    const gates = [gate(), gate(), gate(), gate()];
    const started: number[] = [];
    const runs = gates.map((g, i) =>
      limiter.run('a', async () => {
        started.push(i);
        await g.opened;
        return i;
      }),
    );
    await tick();
    expect(started).to.deep.equal([0, 1]);
    expect(limiter.load('a')).to.deep.equal({ active: 2, queued: 2 });
    gates[1]!.open();
    await tick();
    expect(started).to.deep.equal([0, 1, 2]);
    for (const g of gates) g.open();
    expect(await Promise.all(runs)).to.deep.equal([0, 1, 2, 3]);
    expect(limiter.size).to.equal(0);
  });

  it('when a slot is handed to a waiter, then a newcomer in the same tick cannot overtake it past the limit', async () => {
    const limiter = new EndpointLimiter(1, 10, 10_000);
    const g = gate();
    let running = 0;
    let peak = 0;
    const work = async () => {
      running++;
      peak = Math.max(peak, running);
      await tick();
      running--;
    };
    const first = limiter.run('a', async () => {
      await g.opened;
    });
    const waiting = limiter.run('a', work);
    g.open();
    await first;
    const newcomer = limiter.run('a', work);
    await Promise.all([waiting, newcomer]);
    expect(peak).to.equal(1);
  });

  it('when the queue of an endpoint is full, then the next delivery is BUSY at once and other endpoints are unaffected', async () => {
    const limiter = new EndpointLimiter(1, 1, 10_000);
    const g = gate();
    const running = limiter.run('slow', () => g.opened);
    const queued = limiter.run('slow', async () => 'queued');
    expect(await limiter.run('slow', async () => 'never')).to.equal(BUSY);
    expect(await limiter.run('fast', async () => 'other')).to.equal('other');
    g.open();
    await running;
    expect(await queued).to.equal('queued');
  });

  it('when no slot comes free within the wait bound, then the waiting delivery is BUSY and leaves the queue', async () => {
    const limiter = new EndpointLimiter(1, 10, 50);
    const g = gate();
    const running = limiter.run('a', () => g.opened);
    const started = Date.now();
    expect(await limiter.run('a', async () => 'never')).to.equal(BUSY);
    expect(Date.now() - started).to.be.within(45, 1000);
    expect(limiter.load('a')).to.deep.equal({ active: 1, queued: 0 });
    g.open();
    await running;
    expect(limiter.size).to.equal(0);
  });

  it('when a waiting delivery is aborted, then it leaves the queue with AbortedError', async () => {
    const limiter = new EndpointLimiter(1, 5, 10_000);
    const g = gate();
    const running = limiter.run('a', () => g.opened);
    const ac = new Abandon();
    const waiting = limiter.run('a', async () => 'ran', ac);
    ac.abort();
    let err: unknown;
    try {
      await waiting;
    } catch (e) {
      err = e;
    }
    expect(err).to.be.instanceOf(AbortedError);
    expect(limiter.load('a').queued).to.equal(0);
    g.open();
    await running;
    expect(limiter.size).to.equal(0);
  });

  it('when the work throws, then its slot is released', async () => {
    const limiter = new EndpointLimiter(1, 5, 10_000);
    let err: unknown;
    try {
      await limiter.run('a', async () => {
        throw new Error('boom');
      });
    } catch (e) {
      err = e;
    }
    expect((err as Error).message).to.equal('boom');
    expect(await limiter.run('a', async () => 'next')).to.equal('next');
  });
});
