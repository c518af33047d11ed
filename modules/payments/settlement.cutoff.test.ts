import { expect } from 'chai';
import { cutoffAfter, cutoffAtOrBefore, DEFAULT_CUTOFF, valueDateOf, zonedInstant } from './settlement.cutoff.js';

const at = (iso: string) => new Date(iso);

describe('settlement cut-off: a local time in its zone, across daylight saving', () => {
  it('when it is winter or summer in Prague, then 18:00 local is 17:00 or 16:00 UTC', () => {
    expect(zonedInstant('2026-01-15', '18:00', 'Europe/Prague').toISOString()).to.equal('2026-01-15T17:00:00.000Z');
    expect(zonedInstant('2026-07-15', '18:00', 'Europe/Prague').toISOString()).to.equal('2026-07-15T16:00:00.000Z');
  });

  it("when the clocks change that day, then the cut-off follows the day's own offset", () => {
    // 2026-03-29: 02:00 → 03:00; 2026-10-25: 03:00 → 02:00
    expect(zonedInstant('2026-03-29', '18:00', 'Europe/Prague').toISOString()).to.equal('2026-03-29T16:00:00.000Z');
    expect(zonedInstant('2026-10-25', '18:00', 'Europe/Prague').toISOString()).to.equal('2026-10-25T17:00:00.000Z');
    // a skipped wall time is taken after the jump; a repeated one at its first occurrence
    expect(zonedInstant('2026-03-29', '02:30', 'Europe/Prague').toISOString()).to.equal('2026-03-29T01:30:00.000Z');
    expect(zonedInstant('2026-10-25', '02:30', 'Europe/Prague').toISOString()).to.equal('2026-10-25T00:30:00.000Z');
    expect(zonedInstant('2026-07-15', '09:15', 'America/New_York').toISOString()).to.equal('2026-07-15T13:15:00.000Z');
  });

  it("when asked at, before or after the day's cut-off, then the latest one at or before now and the next one after", () => {
    expect(cutoffAtOrBefore(at('2026-11-26T17:00:00Z'), DEFAULT_CUTOFF).toISOString()).to.equal('2026-11-26T17:00:00.000Z');
    expect(cutoffAtOrBefore(at('2026-11-26T16:59:59Z'), DEFAULT_CUTOFF).toISOString()).to.equal('2026-11-25T17:00:00.000Z');
    expect(cutoffAfter(at('2026-11-26T17:00:00Z'), DEFAULT_CUTOFF).toISOString()).to.equal('2026-11-27T17:00:00.000Z');
    expect(cutoffAfter(at('2026-11-26T10:00:00Z'), DEFAULT_CUTOFF).toISOString()).to.equal('2026-11-26T17:00:00.000Z');
    // the night the clocks go back: Sunday's cut-off is 17:00 UTC, Saturday's was 16:00 UTC
    expect(cutoffAtOrBefore(at('2026-10-25T16:30:00Z'), DEFAULT_CUTOFF).toISOString()).to.equal('2026-10-24T16:00:00.000Z');
  });

  it('when a test sets cut-offs every few seconds, then every instance computes the same ones, on multiples of the period', () => {
    const every = { ...DEFAULT_CUTOFF, everyMs: 2_000 };
    expect(cutoffAtOrBefore(at('2026-11-26T17:00:03.999Z'), every).toISOString()).to.equal('2026-11-26T17:00:02.000Z');
    expect(cutoffAtOrBefore(at('2026-11-26T17:00:04.000Z'), every).toISOString()).to.equal('2026-11-26T17:00:04.000Z');
    expect(cutoffAfter(at('2026-11-26T17:00:04.000Z'), every).toISOString()).to.equal('2026-11-26T17:00:06.000Z');
  });

  it('when a settlement closes on a Friday, then its value date is Monday; on a Wednesday, Thursday', () => {
    expect(valueDateOf(at('2026-11-27T17:00:00Z'), 'Europe/Prague')).to.equal('2026-11-30');
    expect(valueDateOf(at('2026-11-25T17:00:00Z'), 'Europe/Prague')).to.equal('2026-11-26');
  });
});
