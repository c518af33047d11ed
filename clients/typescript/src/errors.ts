import type { components } from './generated/api.js';

/** One record of the API's error body (`{errors: [...]}`), as the OpenAPI document declares it. */
export type ErrorRecord = components['schemas']['ErrorBody']['errors'][number];
/** The body of a 401 from a bearer route (RFC 6750 style). */
export type TokenErrorBody = components['schemas']['TokenError'];

/**
 * A call the API answered with an error status (after the client's own retries). `errors`
 * holds the records of the body; `code` is the first record's, for a quick `switch`.
 */
export class FinancingApiError extends Error {
  override readonly name = 'FinancingApiError';

  constructor(
    readonly status: number,
    readonly errors: ErrorRecord[],
    readonly method: string,
    readonly path: string,
    /** a 401's `{error, error_description}` body, when that is what came back */
    readonly tokenError?: TokenErrorBody,
  ) {
    super(`${method} ${path} answered ${status}: ${describe(errors, tokenError)}`);
  }

  get code(): string | number | undefined {
    return this.errors[0]?.code ?? this.tokenError?.error;
  }

  /** Reads an error response; a body that is not the spec's shape still gives a status. */
  static async from(res: Response, method: string, path: string): Promise<FinancingApiError> {
    const body = await res.json().catch(() => undefined) as Record<string, unknown> | undefined;
    const errors = Array.isArray(body?.errors) ? (body.errors as ErrorRecord[]) : [];
    const tokenError = typeof body?.error === 'string' ? (body as unknown as TokenErrorBody) : undefined;
    return new FinancingApiError(res.status, errors, method, path, tokenError);
  }
}

function describe(errors: ErrorRecord[], tokenError?: TokenErrorBody): string {
  if (errors.length) return errors.map((e) => `${e.code}${e.attribute ? ` (${e.attribute})` : ''}: ${e.message}`).join('; ');
  if (tokenError) return `${tokenError.error}: ${tokenError.error_description}`;
  return 'no error body';
}
