import { expect } from 'chai';
import { retryFetchWaitMs } from './lane.js';

describe('retry lane fetch wait', () => {
  it('when a retry topic has a delay, then a due retry may start at most a tenth of it late, between 100 ms and a second', () => {
    expect(retryFetchWaitMs(50)).to.equal(100);
    expect(retryFetchWaitMs(2_000)).to.equal(200);
    expect(retryFetchWaitMs(60_000)).to.equal(1_000);
    expect(retryFetchWaitMs(300_000)).to.equal(1_000);
  });
});
