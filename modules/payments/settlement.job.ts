import type { Logger } from 'pino';
import type { Clock } from '../../platform/clock.js';
import { cutoffAfter, cutoffAtOrBefore } from './settlement.cutoff.js';
import type { SettlementService } from './settlement.service.js';
import { NO_SETTLEMENT_METRICS, type SettlementMetrics } from './settlement.metrics.js';

const RETRY_MS = 60_000;

/**
 * The daily cut-off, on the module's clock. Every API instance runs it: at start it closes
 * the latest cut-off already past (an instance that was down at 18:00 catches up), then it
 * waits for the next one. Instances closing the same cut-off at once write each settlement
 * once (SettlementService.close); a failed run is tried again a minute later.
 */
export class SettlementJob {
  private cancel?: () => void;
  private running?: Promise<void>;
  private stopped = true;

  constructor(
    private readonly service: SettlementService,
    private readonly clock: Clock,
    private readonly log: Pick<Logger, 'info' | 'error'>,
    private readonly metrics: SettlementMetrics = NO_SETTLEMENT_METRICS,
  ) {}

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.cancel?.();
    await this.running;
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    this.cancel = this.clock.after(ms, () => (this.running = this.tick()));
  }

  private async tick(): Promise<void> {
    const now = this.clock.now();
    const cutoff = cutoffAtOrBefore(now, this.service.rule);
    let failed = false;
    try {
      const closed = await this.service.closeDue(cutoff, (partnerId, err) => {
        failed = true;
        this.log.error({ err, partnerId, cutoff }, 'settlement close failed; retried');
      });
      if (closed.length) this.log.info({ cutoff, settlements: closed.length }, 'settlements closed');
      if (!failed) this.metrics.cutoffCompleted(cutoff, this.clock.now());
    } catch (err) {
      failed = true;
      this.log.error({ err, cutoff }, 'settlement run failed; retried');
    }
    const next = cutoffAfter(this.clock.now(), this.service.rule).getTime() - this.clock.now().getTime();
    this.schedule(failed ? Math.min(RETRY_MS, next) : next);
  }
}
