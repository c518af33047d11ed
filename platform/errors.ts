/**
 * The spec's error record (Errors section) and the one error hierarchy of the code base.
 * Domain code throws these; the HTTP error middleware maps them to status + body.
 */
export type Severity = 'ERROR' | 'WARN' | 'INFO';

export interface ErrorRecord {
  code: string;
  message: string;
  severity: Severity;
  attribute?: string;
  ticketId?: string;
}

export interface AppErrorOptions {
  status?: number;
  attribute?: string;
  severity?: Severity;
  cause?: unknown;
  /** further records reported with this one (e.g. every joi violation) */
  records?: ErrorRecord[];
  headers?: Record<string, string>;
}

export class AppError extends Error {
  readonly status: number;
  readonly code: string;
  readonly records: ErrorRecord[];
  readonly headers: Record<string, string>;

  constructor(code: string, message: string, opts: AppErrorOptions = {}) {
    super(message, { cause: opts.cause });
    this.name = new.target.name;
    this.code = code;
    this.status = opts.status ?? 422;
    this.headers = opts.headers ?? {};
    const first: ErrorRecord = { code, message, severity: opts.severity ?? 'ERROR' };
    if (opts.attribute) first.attribute = opts.attribute;
    this.records = opts.records?.length ? opts.records : [first];
  }
}

/** 400 INVALID_REQUEST: malformed syntax, a missing parameter, a schema violation. */
export class InvalidRequestError extends AppError {
  constructor(message: string, opts: Omit<AppErrorOptions, 'status'> = {}) {
    super('INVALID_REQUEST', message, { ...opts, status: 400 });
  }
}

/**
 * The client went away before its request was read (nginx's 499): nobody reads the answer,
 * and it is not the server's failure, so it must never count as a 5xx in logs or metrics.
 */
export const CLIENT_CLOSED_REQUEST = 499;

export class ClientClosedRequestError extends AppError {
  constructor() {
    super('CLIENT_CLOSED_REQUEST', 'The client closed the connection before the request was read.', { status: CLIENT_CLOSED_REQUEST });
  }
}

/** 404; code defaults to OBJECT_NOT_FOUND, some endpoints name their own. */
export class NotFoundError extends AppError {
  constructor(message = 'Resource not found.', code = 'OBJECT_NOT_FOUND', opts: Omit<AppErrorOptions, 'status'> = {}) {
    super(code, message, { ...opts, status: 404 });
  }
}

/** 422: understood, but the data or the state does not allow it. */
export class UnprocessableError extends AppError {
  constructor(code: string, message: string, opts: Omit<AppErrorOptions, 'status'> = {}) {
    super(code, message, { ...opts, status: 422 });
  }
}

/**
 * A change lost an optimistic-concurrency race on the document version. Services retry
 * on it; when retries run out it answers 409 in the spec's format.
 */
export class ConcurrencyError extends AppError {
  constructor(message = 'The resource was changed by a concurrent request; repeat the request.', retryAfterSeconds?: number) {
    super('CONCURRENT_MODIFICATION', message, {
      status: 409,
      headers: retryAfterSeconds === undefined ? {} : { 'Retry-After': String(retryAfterSeconds) },
    });
  }
}

export class ForbiddenError extends AppError {
  constructor(code: string, message: string) {
    super(code, message, { status: 403 });
  }
}

export class ServiceUnavailableError extends AppError {
  constructor(code: string, message: string) {
    super(code, message, { status: 503 });
  }
}

export function errorBody(records: ErrorRecord[]): { errors: ErrorRecord[] } {
  return { errors: records };
}

/**
 * The store or the broker did not do what was asked, for a reason of its own (no answer, a
 * lost connection, a leader moving): the same request may well succeed later. Their
 * adapters (platform/mongo.ts, platform/kafka.ts) translate their drivers' errors into
 * these, so the code that decides what to retry knows no driver; the driver's error is the
 * `cause`.
 */
export class InfrastructureError extends Error {
  readonly retriable = true;

  constructor(message: string, cause?: unknown) {
    super(message, { cause });
    this.name = new.target.name;
  }
}

export class StoreUnavailable extends InfrastructureError {}

export class BrokerUnavailable extends InfrastructureError {}
