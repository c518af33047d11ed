import { boolean, configSection, duration } from './config.js';
import { parseDuration } from './duration.js';

/** Kept responses of requests with an Idempotency-Key (platform/idempotency.ts). */
export const idempotencySection = configSection({
  title: 'idempotency',
  keys: {
    IDEMPOTENCY_TTL: duration.default('24h').description('how long the response to a request with an Idempotency-Key is kept for its retries'),
    IDEMPOTENCY_LEASE: duration
      .default('1m')
      .description('how long a request with an Idempotency-Key holds the key; a holder that died is resolved after it (longer than any request runs)'),
    IDEMPOTENCY_TEST_CRASH_AFTER_WRITE: boolean
      .default(false)
      .description('test only, ignored in production: the API kills itself after a write carrying a kept response commits, before it answers'),
  },
  shape: (v, run) => ({
    ttlMs: parseDuration(v.IDEMPOTENCY_TTL),
    leaseMs: parseDuration(v.IDEMPOTENCY_LEASE),
    crashAfterWrite: !run.production && (v.IDEMPOTENCY_TEST_CRASH_AFTER_WRITE as boolean),
  }),
});
