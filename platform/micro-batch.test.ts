import { expect } from 'chai';
import { MicroBatcher } from './micro-batch.js';
import { ManualClock, settle } from './clock.js';

describe('MicroBatcher', () => {
  it('when calls come in one turn, then they go as one batch and each gets its own result or error', async () => {
    const batches: number[][] = [];
    const b = new MicroBatcher<number, number>(async (items) => {
      batches.push(items);
      return items.map((i) => (i === 2 ? new Error('two') : i * 10));
    });
    const results = await Promise.allSettled([1, 2, 3].map((i) => b.add(i)));
    expect(batches).to.deep.equal([[1, 2, 3]]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).to.deep.equal([10, 'two', 30]);
  });

  it('when a linger is set, then calls within it share a batch, and a full batch goes at once', async () => {
    const batches: number[][] = [];
    const clock = new ManualClock();
    const b = new MicroBatcher<number, number>(
      async (items) => {
        batches.push(items);
        return items;
      },
      { lingerMs: 20, maxBatch: 3, clock },
    );
    const first = b.add(1);
    await clock.advance(5);
    expect(batches, 'nothing sent within the linger').to.deep.equal([]);
    const rest = [b.add(2), b.add(3), b.add(4)];
    await settle();
    expect(batches, 'the full batch went at once').to.deep.equal([[1, 2, 3]]);
    await clock.advance(14);
    expect(batches, 'the rest waits for the linger').to.deep.equal([[1, 2, 3]]);
    await clock.advance(1);
    await Promise.all([first, ...rest]);
    expect(batches).to.deep.equal([[1, 2, 3], [4]]);
  });

  it('when the batch fails as a whole, then every caller gets the error', async () => {
    const b = new MicroBatcher<number, number>(async () => {
      throw new Error('down');
    });
    const results = await Promise.allSettled([b.add(1), b.add(2)]);
    expect(results.every((r) => r.status === 'rejected' && (r.reason as Error).message === 'down')).to.equal(true);
  });
});

describe('MicroBatcher, serial', () => {
  it('when calls come while a batch is in flight, then they go together in the next one, in order, and never two at once', async () => {
    const batches: number[][] = [];
    let inFlight = 0;
    let most = 0;
    const b = new MicroBatcher<number, void>(
      async (items) => {
        batches.push(items);
        most = Math.max(most, ++inFlight);
        await settle(3); // in flight across a few turns, while the later calls come in
        inFlight--;
        return items.map(() => undefined);
      },
      { serial: true, maxBatch: 4, sizeOf: (i) => i },
    );
    const calls = [b.add(1), b.add(2), b.add(1), b.add(3), b.add(1)];
    await b.idle();
    await Promise.all(calls);
    expect(batches).to.deep.equal([[1], [2, 1, 3], [1]]);
    expect(most).to.equal(1);
  });
});
