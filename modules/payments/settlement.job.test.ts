import { expect } from 'chai';
import { ManualClock } from '../../platform/clock.js';
import { settlementJob, SETTLEMENT_RETRY_MS } from './settlement.job.js';
import type { SettlementMetrics } from './settlement.metrics.js';

const at = (iso: string) => new Date(iso).getTime();
const quiet = { info: () => {}, error: () => {} };

/** The daily cut-off's schedule on a manual clock, the settlement service reduced to what the job calls. */
function world(start: string, failFirst = 0) {
  const clock = new ManualClock(at(start));
  const closes: string[] = [];
  const completed: string[] = [];
  let failing = failFirst;
  const service = {
    rule: { time: '18:00', timeZone: 'Europe/Prague' },
    closeDue: async (cutoff: Date, onError: (partnerId: string, err: unknown) => void = () => {}) => {
      closes.push(`${clock.now().toISOString()} ${cutoff.toISOString()}`);
      if (failing > 0) {
        failing -= 1;
        onError('p1', new Error('store down'));
      }
      return [];
    },
  };
  const metrics: SettlementMetrics = { written: () => {}, failed: () => {}, cutoffCompleted: (cutoff) => void completed.push(cutoff.toISOString()) };
  return { clock, closes, completed, job: settlementJob(service, clock, quiet, metrics) };
}

describe('settlement job: when each instance closes a cut-off', () => {
  it('when an instance starts after a cut-off, then it closes that one at once and the next at 18:00 Prague time the next day', async () => {
    const { clock, closes, completed, job } = world('2026-11-28T12:00:00Z');
    job.start();
    await clock.advance(0);
    // 18:00 in Prague on 27 November (winter: UTC+1) is the latest cut-off before noon UTC on the 28th
    expect(closes).to.deep.equal(['2026-11-28T12:00:00.000Z 2026-11-27T17:00:00.000Z']);
    await clock.advance(at('2026-11-28T17:00:00Z') - at('2026-11-28T12:00:00Z'));
    expect(closes.at(-1)).to.equal('2026-11-28T17:00:00.000Z 2026-11-28T17:00:00.000Z');
    expect(completed).to.deep.equal(['2026-11-27T17:00:00.000Z', '2026-11-28T17:00:00.000Z']);
    await job.stop();
    await clock.advance(86_400_000);
    expect(closes).to.have.length(2);
  });

  it('when a partner close fails, then the cut-off is not reported complete and is closed again a minute later', async () => {
    const { clock, closes, completed, job } = world('2026-11-28T17:00:00Z', 2);
    job.start();
    await clock.advance(0);
    await clock.advance(SETTLEMENT_RETRY_MS);
    expect(completed).to.deep.equal([]);
    await clock.advance(SETTLEMENT_RETRY_MS);
    expect(closes).to.deep.equal([
      '2026-11-28T17:00:00.000Z 2026-11-28T17:00:00.000Z',
      '2026-11-28T17:01:00.000Z 2026-11-28T17:00:00.000Z',
      '2026-11-28T17:02:00.000Z 2026-11-28T17:00:00.000Z',
    ]);
    expect(completed).to.deep.equal(['2026-11-28T17:00:00.000Z']);
    await job.stop();
  });

  it('when a close fails a minute before the next cut-off, then the retry waits for that cut-off instead of closing the old one again', async () => {
    const { clock, closes, job } = world('2026-11-29T16:59:30Z', 1);
    job.start();
    await clock.advance(0);
    await clock.advance(30_000);
    expect(closes).to.deep.equal(['2026-11-29T16:59:30.000Z 2026-11-28T17:00:00.000Z', '2026-11-29T17:00:00.000Z 2026-11-29T17:00:00.000Z']);
    await job.stop();
  });
});
