import { expect } from 'chai';
import fc from 'fast-check';
import { PartitionTracker } from './offset-tracker.js';

describe('PartitionTracker', () => {
  it('when nothing was dispatched, then there is nothing to commit', () => {
    expect(new PartitionTracker().committable()).to.equal(undefined);
  });

  it('when a later message finishes before an earlier one, then the commit stays at the earlier one', () => {
    const t = new PartitionTracker();
    const [a, b, c] = ['10', '11', '12'].map((o) => t.begin(o));
    t.finish(c!);
    t.finish(b!);
    expect(t.committable()).to.equal('10');
    expect(t.inFlight).to.equal(3);
    t.finish(a!);
    expect(t.committable()).to.equal('13');
    expect(t.inFlight).to.equal(0);
  });

  it('when offsets have gaps (compacted topic, control records), then the commit moves past them', () => {
    const t = new PartitionTracker();
    const a = t.begin('5');
    const b = t.begin('9');
    t.finish(a);
    expect(t.committable()).to.equal('9');
    t.finish(b);
    expect(t.committable()).to.equal('10');
  });

  it('when an offset is dispatched twice or out of order, then it is refused', () => {
    const t = new PartitionTracker();
    t.begin('3');
    expect(() => t.begin('3')).to.throw(/dispatched after/);
  });

  it('when messages finish in any order, then the committable offset is always the lowest unfinished one', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 60 }).chain((n) => fc.tuple(fc.constant(n), fc.shuffledSubarray([...Array(n).keys()], { minLength: n, maxLength: n }))),
        ([n, finishOrder]) => {
          const t = new PartitionTracker();
          const offsets = Array.from({ length: n }, (_, i) => t.begin(String(100 + i)));
          const finished = new Set<number>();
          for (const i of finishOrder) {
            t.finish(offsets[i]!);
            finished.add(i);
            let lowest = 0;
            while (finished.has(lowest)) lowest++;
            expect(t.committable()).to.equal(String(100 + lowest));
          }
        },
      ),
    );
  });

  it('when a message finishes, then a waiter for backpressure is woken', async () => {
    const t = new PartitionTracker();
    const a = t.begin('0');
    const woken = t.changed();
    t.finish(a);
    await woken;
    expect(t.inFlight).to.equal(0);
  });
});
