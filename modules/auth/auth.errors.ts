import { AppError } from '../../platform/errors.js';

/** DESIGN 15: a failed login is 400 with INVALID_CREDENTIALS, as OAuth 2.0's token endpoint answers. */
export class InvalidCredentialsError extends AppError {
  constructor() {
    super('INVALID_CREDENTIALS', 'The username or password is not correct.', { status: 400 });
  }
}

/**
 * Bearer failures (spec Authentication 4-5): 401 with `{error, error_description}` (RFC 6750),
 * not the errors array, and a WWW-Authenticate header.
 */
export class BearerError extends Error {
  constructor(readonly error: 'invalid_request' | 'invalid_token', readonly description: string) {
    super(description);
  }
}
