import { expect } from 'chai';
import { ManualClock } from './clock.js';

describe('ManualClock', () => {
  it('when advanced, then the timers due on the way fire in time order, each at its own time, and later ones wait', async () => {
    const clock = new ManualClock(0);
    const fired: Array<[string, number]> = [];
    clock.after(30, () => fired.push(['b', clock.now().getTime()]));
    clock.after(10, () => fired.push(['a', clock.now().getTime()]));
    clock.after(50, () => fired.push(['c', clock.now().getTime()]));
    await clock.advance(30);
    expect(fired).to.deep.equal([
      ['a', 10],
      ['b', 30],
    ]);
    expect(clock.now().getTime()).to.equal(30);
    expect(clock.pending).to.equal(1);
  });

  it('when a timer is cancelled, then it never fires', async () => {
    const clock = new ManualClock(0);
    let fired = false;
    const cancel = clock.after(5, () => {
      fired = true;
    });
    cancel();
    await clock.advance(10);
    expect(fired).to.equal(false);
  });

  it('when a timer starts async work that sets the next timer, then advance waits for it and fires the next one too', async () => {
    const clock = new ManualClock(0);
    const ticks: number[] = [];
    const tick = async (): Promise<void> => {
      ticks.push(clock.now().getTime());
      await Promise.resolve();
      clock.after(10, tick);
    };
    clock.after(10, tick);
    await clock.advance(35);
    expect(ticks).to.deep.equal([10, 20, 30]);
  });
});
