import pino, { type Logger } from 'pino';

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
 * Structured JSON logs on stdout. Work for one request logs through `ctx.state.log`, a child
 * carrying the request id, handed down explicitly: no AsyncLocalStorage, whose promise
 * hooks cost every promise of every request a little (about 3 % of a create's CPU).
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
  };
  if (opts.destination) return pino(options, opts.destination); // a test that reads what was logged
  return opts.stderr ? pino(options, pino.destination({ dest: 2, sync: true })) : pino(options);
}
