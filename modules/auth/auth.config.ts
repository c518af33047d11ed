import Joi from 'joi';
import { configSection, duration } from '../../platform/config.js';
import { parseDuration } from '../../platform/duration.js';

/** The auth module's settings: rate limit, login throttle, the partner cache. */
export const authSection = configSection({
  title: 'auth module',
  keys: {
    RATE_LIMIT_PER_MINUTE: Joi.number()
      .integer()
      .min(1)
      .default(600)
      .description('requests per partner per minute, shared by all API instances through the store'),
    LOGIN_MAX_FAILURES_PER_USERNAME_CLIENT: Joi.number()
      .integer()
      .min(1)
      .default(10)
      .description(
        'failed logins of one username from one client address per LOGIN_THROTTLE_WINDOW before 429 (after the 3rd, each waits twice as long: 1 s, 2 s, 4 s, ... 60 s)',
      ),
    LOGIN_MAX_FAILURES_PER_USERNAME: Joi.number()
      .integer()
      .min(1)
      .default(100)
      .description('failed logins of one username from all addresses per LOGIN_THROTTLE_WINDOW before 429 for everyone (distributed guessing)'),
    LOGIN_MAX_FAILURES_PER_CLIENT: Joi.number()
      .integer()
      .min(1)
      .default(50)
      .description('failed logins from one client address per LOGIN_THROTTLE_WINDOW before 429'),
    LOGIN_THROTTLE_WINDOW: duration.default('15m').description('window of the failed-login counters'),
    AUTH_CACHE_TTL: duration
      .default('2s')
      .description('how long an instance trusts its copy of a partner (disable, revocation reach every instance within it)'),
  },
  shape: (v) => ({
    rateLimitPerMinute: v.RATE_LIMIT_PER_MINUTE as number,
    loginMaxFailuresPerPair: v.LOGIN_MAX_FAILURES_PER_USERNAME_CLIENT as number,
    loginMaxFailuresPerUsername: v.LOGIN_MAX_FAILURES_PER_USERNAME as number,
    loginMaxFailuresPerClient: v.LOGIN_MAX_FAILURES_PER_CLIENT as number,
    loginThrottleWindowMs: parseDuration(v.LOGIN_THROTTLE_WINDOW),
    cacheTtlMs: parseDuration(v.AUTH_CACHE_TTL),
  }),
});
export type AuthConfig = ReturnType<typeof authSection.shape>;
