import { expect } from 'chai';
import { fromPragueLocal, toPragueLocal } from './prague-time.js';

describe("Prague wall-clock times of the portal's inputs", () => {
  it('when a winter and a summer time are typed, then each is the instant of its offset (CET +1, CEST +2)', () => {
    expect(fromPragueLocal('2026-11-26T09:00')!.toISOString()).to.equal('2026-11-26T08:00:00.000Z');
    expect(fromPragueLocal('2026-07-01T09:00')!.toISOString()).to.equal('2026-07-01T07:00:00.000Z');
    expect(toPragueLocal(new Date('2026-07-01T07:00:00Z'))).to.equal('2026-07-01T09:00');
  });

  it('when the value is not a datetime-local value, then it is refused', () => {
    for (const bad of ['', '2026-11-26', '2026-13-40T09:00', 'x2026-11-26T09:00']) expect(fromPragueLocal(bad), bad).to.equal(undefined);
  });
});
