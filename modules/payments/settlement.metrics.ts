import { Counter, Gauge, type Registry } from 'prom-client';

/**
 * What an SRE sees of the settlements: how many were written and how many lines they took
 * (by what closed them: the daily job or the sandbox's close), the closes that failed, and,
 * per instance, the last cut-off its job completed for every partner. The alert on a missed
 * cut-off reads the newest of those across instances (monitoring/prometheus/alerts.yml).
 */
export interface SettlementMetrics {
  written(trigger: 'job' | 'sandbox', lines: number): void;
  failed(): void;
  /** the job closed every partner due at `cutoff` */
  cutoffCompleted(cutoff: Date, at: Date): void;
}

export function settlementMetrics(registry: Registry): SettlementMetrics {
  const settlements = new Counter({
    name: 'settlements_written_total',
    help: 'Settlements this instance wrote, by what closed them (job: the daily cut-off; sandbox: the sandbox close)',
    labelNames: ['trigger'],
    registers: [registry],
  });
  const lines = new Counter({
    name: 'settlement_lines_settled_total',
    help: 'Payment lines taken by the settlements this instance wrote',
    labelNames: ['trigger'],
    registers: [registry],
  });
  const failures = new Counter({
    name: 'settlement_close_failures_total',
    help: "Closes of a partner's settlement that failed (the job tries again a minute later)",
    registers: [registry],
  });
  const lastCutoff = new Gauge({
    name: 'settlement_job_last_cutoff_seconds',
    help: "Unix time of the newest cut-off this instance's job has closed for every partner due (0 before the first); a cut-off is due daily at SETTLEMENT_CUTOFF",
    registers: [registry],
  });
  const lastRun = new Gauge({
    name: 'settlement_job_last_success_timestamp_seconds',
    help: "Unix time this instance's settlement job last completed a cut-off (0 before the first)",
    registers: [registry],
  });
  lastCutoff.set(0);
  lastRun.set(0);
  return {
    written: (trigger, n) => {
      settlements.inc({ trigger });
      lines.inc({ trigger }, n);
    },
    failed: () => failures.inc(),
    cutoffCompleted: (cutoff, at) => {
      lastCutoff.set(cutoff.getTime() / 1000);
      lastRun.set(at.getTime() / 1000);
    },
  };
}

/** For the unit tests and the operators' program: counts nothing. */
export const NO_SETTLEMENT_METRICS: SettlementMetrics = { written: () => {}, failed: () => {}, cutoffCompleted: () => {} };
