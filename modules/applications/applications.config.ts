import Joi from 'joi';
import { configSection, duration } from '../../platform/config.js';
import { parseDuration } from '../../platform/duration.js';

/** The applications module's settings: what it accepts, how long things live, its expiry sweeper. */
export const applicationsSection = configSection({
  title: 'applications module',
  keys: {
    CURRENCIES: Joi.string()
      .pattern(/^[A-Z]{3}(,[A-Z]{3})*$/)
      .default('CZK')
      .description('accepted ISO 4217 currencies'),
    APPLICATION_TTL: duration.default('24h').description('PROCESSING applications expire after this'),
    RECURRENCE_VALIDITY: duration.default('365d').description('READY recurrences expire after this'),
    GATEWAY_TOKEN_TTL: duration.default('24h').description('lifetime of the gateway link token'),
    DUPLICATE_WINDOW: duration.default('20m').description('an identical create request within this window returns the first application (spec Limits)'),
    EXPIRY_SWEEP_INTERVAL: duration
      .default('30s')
      .description('heartbeat of the expiry sweeper: how often it checks whether an application or recurrence this instance wrote has fallen due'),
    EXPIRY_FULL_SWEEP_INTERVAL: duration.default('5m').description('backstop: an expiry sweep at least this often, for what other instances wrote'),
    // personal data retention (docs/security.md)
    RETENTION_CREDIT_RECORDS_DAYS: Joi.number()
      .integer()
      .min(1)
      .default(3650)
      .description(
        'days an approved application (a credit record) keeps its personal data after its last change before the retention job anonymises it (10 years: the AML act; docs/security.md)',
      ),
    RETENTION_REJECTED_DAYS: Joi.number()
      .integer()
      .min(1)
      .default(180)
      .description('days a never-approved application (rejected, cancelled, expired) keeps its personal data after its last change before it is anonymised'),
    RETENTION_JOB_INTERVAL: duration
      .default('1h')
      .description('how often each API instance runs the retention jobs (applications past retention, and webhook delivery bodies past theirs)'),
  },
  shape: (v) => ({
    currencies: (v.CURRENCIES as string).split(','),
    applicationTtlMs: parseDuration(v.APPLICATION_TTL),
    recurrenceValidityMs: parseDuration(v.RECURRENCE_VALIDITY),
    gatewayTokenTtlMs: parseDuration(v.GATEWAY_TOKEN_TTL),
    duplicateWindowMs: parseDuration(v.DUPLICATE_WINDOW),
    expirySweepIntervalMs: parseDuration(v.EXPIRY_SWEEP_INTERVAL),
    expiryFullSweepIntervalMs: parseDuration(v.EXPIRY_FULL_SWEEP_INTERVAL),
    retention: {
      creditRecordsMs: (v.RETENTION_CREDIT_RECORDS_DAYS as number) * 86_400_000,
      notFinancedMs: (v.RETENTION_REJECTED_DAYS as number) * 86_400_000,
      intervalMs: parseDuration(v.RETENTION_JOB_INTERVAL),
    },
  }),
});
export type ApplicationsConfig = ReturnType<typeof applicationsSection.shape>;
