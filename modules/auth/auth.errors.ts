import { AppError } from '../../platform/errors.js';

/** A failed login is 400 with INVALID_CREDENTIALS, as OAuth 2.0's token endpoint answers. */
export class InvalidCredentialsError extends AppError {
  constructor() {
    super('INVALID_CREDENTIALS', 'The username or password is not correct.', { status: 400 });
  }
}

/** Too many failed logins for a username or from a client address → 429. */
export class TooManyLoginAttemptsError extends AppError {
  constructor(retryAfterSeconds: number) {
    super('TOO_MANY_LOGIN_ATTEMPTS', `Too many failed login attempts. Try again in ${retryAfterSeconds} s.`, {
      status: 429,
      headers: { 'Retry-After': String(retryAfterSeconds), 'Cache-Control': 'no-store' },
    });
  }
}

/** Spec Limits: a partner over RATE_LIMIT_PER_MINUTE gets 429 with the rate-limit headers. */
export class RateLimitExceededError extends AppError {
  constructor(limit: number, resetSeconds: number) {
    super('RATE_LIMIT_EXCEEDED', `More than ${limit} requests in a minute. Try again in ${resetSeconds} s.`, {
      status: 429,
      headers: { 'Retry-After': String(resetSeconds) },
    });
  }
}

/**
 * Bearer failures (spec Authentication 4-5): 401 with `{error, error_description}` (RFC 6750),
 * not the errors array, and a WWW-Authenticate header.
 */
export class BearerError extends Error {
  constructor(
    readonly error: 'invalid_request' | 'invalid_token',
    readonly description: string,
  ) {
    super(description);
  }
}
