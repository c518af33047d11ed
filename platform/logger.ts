import pino, { type Logger } from 'pino';
import { logFields } from './tracing.js';

export type { Logger };

/**
 * Fields that hold a customer's personal data wherever they appear in a logged object (up to
 * four levels deep): names, contact details, addresses, tax ids, fraud-prevention data, a
 * document's content. Logs are kept and shipped outside the store's retention, so they must
 * never carry them; an id (application, partner, request) is what a log line names instead.
 */
export const PERSONAL_DATA_KEYS = [
  'firstName',
  'lastName',
  'fullName',
  'titleBefore',
  'titleAfter',
  'email',
  'phone',
  'tin',
  'vatin',
  'addresses',
  'address',
  'streetAddress',
  'streetNumber',
  'city',
  'zip',
  'fraudPreventionData',
  'customer',
  'content',
  'birthDate',
  'iban',
];
/** Secrets, at any of the same depths. */
const SECRET_KEYS = ['password', 'accessToken', 'secret', 'webhookSecret', 'token', 'totpSecret'];

function everyDepth(keys: readonly string[]): string[] {
  return keys.flatMap((k) => [k, `*.${k}`, `*.*.${k}`, `*.*.*.${k}`]);
}

/** Every path the logger censors (tested with a log line that carries each). */
export const REDACTED_PATHS = [
  ...everyDepth([...PERSONAL_DATA_KEYS, ...SECRET_KEYS]),
  'headers.authorization',
  'headers.cookie',
  'req.headers.authorization',
  'req.headers.cookie',
];

/**
 * Structured JSON logs on stdout. Every line written while a request, a consumed message or
 * a webhook delivery is handled carries `trace_id`, `span_id` and `requestId`, read from the
 * active work context (tracing.ts) by a mixin, so the lines of one trace join in a search.
 */
export function createLogger(opts: { level: string; name: string; stderr?: boolean; destination?: pino.DestinationStream }): Logger {
  // a command whose answer is its stdout (the operators' program) logs to stderr, synchronously:
  // it exits as soon as it has answered, and its audit lines must not be lost
  const options: pino.LoggerOptions = {
    name: opts.name,
    level: opts.level,
    base: { service: opts.name },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    mixin: logFields,
  };
  if (opts.destination) return pino(options, opts.destination); // a test that reads what was logged
  return opts.stderr ? pino(options, pino.destination({ dest: 2, sync: true })) : pino(options);
}
