import type { components, ErrorCode } from './generated/api.js';

export type { ErrorCode };

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

  /** One of the documented codes (a 401's `invalid_request` or `invalid_token` included). */
  get code(): ErrorCode | TokenErrorBody['error'] | undefined {
    return (this.errors[0]?.code as ErrorCode | undefined) ?? this.tokenError?.error;
  }

  /** Reads an error response; a body that is not the spec's shape still gives a status. */
  static async from(res: Response, method: string, path: string): Promise<FinancingApiError> {
    const body = (await res.json().catch(() => undefined)) as Record<string, unknown> | undefined;
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

/**
 * No answer came (after the client's own retries): the connection was refused or reset,
 * the name did not resolve, the TLS certificate was not trusted, or the answer took longer
 * than `timeoutMs`. `code` is the system's or TLS's code (`ECONNREFUSED`,
 * `DEPTH_ZERO_SELF_SIGNED_CERT`, ...; `TIMEOUT` for the client's own limit); `cause` is the
 * original error.
 */
export class FinancingConnectionError extends Error {
  override readonly name = 'FinancingConnectionError';

  constructor(
    readonly method: string,
    readonly path: string,
    readonly code: string | undefined,
    readonly attempts: number,
    cause: unknown,
  ) {
    super(
      `${method} ${path}: no answer after ${attempts} ${attempts === 1 ? 'try' : 'tries'} (${code ? `${code}: ` : ''}${innermostMessage(cause)})${TLS_HINTS[code ?? ''] ?? ''}`,
      { cause },
    );
  }

  /** The service's certificate is not trusted (or not for this host name): a set-up matter, not a passing one. */
  get isCertificateProblem(): boolean {
    return isCertificateCode(this.code);
  }
}

/** Whether a network error's code says the certificate is not trusted (or not for this host). */
export function isCertificateCode(code: string | undefined): boolean {
  return code !== undefined && code in TLS_HINTS;
}

const UNTRUSTED =
  "; the service's certificate is not trusted: pass its CA as `ca` / `caFile` (for a local service: `npm run -s cert` in its repository prints it)";
const TLS_HINTS: Record<string, string> = {
  DEPTH_ZERO_SELF_SIGNED_CERT: UNTRUSTED,
  SELF_SIGNED_CERT_IN_CHAIN: UNTRUSTED,
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: UNTRUSTED,
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: UNTRUSTED,
  UNABLE_TO_GET_ISSUER_CERT: UNTRUSTED,
  CERT_SIGNATURE_FAILURE: UNTRUSTED,
  CERT_HAS_EXPIRED: "; the service's certificate has expired",
  ERR_TLS_CERT_ALTNAME_INVALID: '; the certificate is not for this host name: use the host name it names (localhost for a local service)',
};

/** The system's code of a network error, wherever fetch or node:https put it. */
export function networkErrorCode(err: unknown): string | undefined {
  for (let e: any = err, depth = 0; e && depth < 5; e = e.cause, depth++) {
    if (e.name === 'TimeoutError') return 'TIMEOUT';
    if (typeof e.code === 'string' && e.code !== 'ABORT_ERR') return e.code;
  }
  return undefined;
}

function innermostMessage(err: unknown): string {
  let e: any = err;
  while (e?.cause instanceof Error) e = e.cause;
  return e instanceof Error ? e.message : String(e);
}
