import { expect } from 'chai';
import { backoffMs, pause, retryWithBackoff } from './retry.js';

describe('retryWithBackoff', () => {
  it('when failures go on, then the wait doubles from 100 ms up to the cap', () => {
    expect([1, 2, 3, 6, 7, 20].map((f) => backoffMs(f))).to.deep.equal([100, 200, 400, 3200, 5000, 5000]);
    expect(backoffMs(4, 500)).to.equal(500);
  });

  it('when a step fails twice, then it is tried a third time and its result returned; onFailure saw 1 and 2', async () => {
    const seen: number[] = [];
    let tries = 0;
    const result = await retryWithBackoff(
      async () => {
        if (++tries < 3) throw new Error('down');
        return 'ok';
      },
      {
        capMs: 1,
        onFailure: (_err, failures) => {
          seen.push(failures);
        },
      },
    );
    expect(result).to.equal('ok');
    expect(seen).to.deep.equal([1, 2]);
  });

  it('when onFailure throws, then the loop stops with that error', async () => {
    const err = await retryWithBackoff(
      async () => {
        throw new Error('defect');
      },
      {
        capMs: 1,
        onFailure: (e, failures) => {
          if (failures >= 2) throw e;
        },
      },
    ).catch((e: Error) => e);
    expect((err as Error).message).to.equal('defect');
  });

  it('when the interrupt fires, then a long wait ends at once', async () => {
    let wake: (() => void) | undefined;
    const waiting = pause(60_000, (w) => {
      wake = w;
      return () => {
        wake = undefined;
      };
    });
    wake!();
    await waiting;
    expect(wake).to.equal(undefined);
  });
});
