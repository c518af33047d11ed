import type { Logger } from 'pino';
import type { Clock } from '../../platform/clock.js';
import { PeriodicJob } from '../../platform/periodic-job.js';
import { cutoffAfter, cutoffAtOrBefore } from './settlement.cutoff.js';
import type { SettlementService } from './settlement.service.js';
import { NO_SETTLEMENT_METRICS, type SettlementMetrics } from './settlement.metrics.js';

/** A failed close is tried again this soon (or at the next cut-off, if that comes first). */
export const SETTLEMENT_RETRY_MS = 60_000;

/**
 * The daily cut-off, on the module's clock. Every API instance runs it: at start it closes
 * the latest cut-off already past (an instance that was down at 18:00 catches up), then it
 * waits for the next one. Instances closing the same cut-off at once write each settlement
 * once (SettlementService.close); a run in which any partner's close failed throws once all
 * partners were tried, and is tried again a minute later.
 */
export function settlementJob(
  service: Pick<SettlementService, 'rule' | 'closeDue'>,
  clock: Clock,
  log: Pick<Logger, 'info' | 'error'>,
  metrics: SettlementMetrics = NO_SETTLEMENT_METRICS,
): PeriodicJob {
  const run = async (now: Date) => {
    const cutoff = cutoffAtOrBefore(now, service.rule);
    let failures = 0;
    const closed = await service.closeDue(cutoff, (partnerId, err) => {
      failures += 1;
      log.error({ err, partnerId, cutoff }, 'settlement close failed; retried');
    });
    if (closed.length) log.info({ cutoff, settlements: closed.length }, 'settlements closed');
    if (failures) throw new Error(`${failures} partner close(s) of the cut-off ${cutoff.toISOString()} failed`);
    metrics.cutoffCompleted(cutoff, clock.now());
  };
  const next = (now: Date, failed: boolean) => {
    const untilCutoff = cutoffAfter(now, service.rule).getTime() - now.getTime();
    return failed ? Math.min(SETTLEMENT_RETRY_MS, untilCutoff) : untilCutoff;
  };
  return new PeriodicJob('settlement', run, clock, next, log);
}
