import pino, { type Logger } from 'pino';

export type { Logger };

/**
 * Structured JSON logs on stdout. Work for one request logs through `ctx.state.log`, a child
 * carrying the request id, handed down explicitly: no AsyncLocalStorage, whose promise
 * hooks cost every promise of every request a little (about 3 % of a create's CPU).
 */
export function createLogger(opts: { level: string; name: string; stderr?: boolean }): Logger {
  // a command whose answer is its stdout (the operators' program) logs to stderr, synchronously:
  // it exits as soon as it has answered, and its audit lines must not be lost
  const options: pino.LoggerOptions = {
    name: opts.name,
    level: opts.level,
    base: { service: opts.name },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: {
      paths: ['password', '*.password', 'headers.authorization', 'accessToken', '*.accessToken', 'secret', '*.webhookSecret'],
      censor: '[redacted]',
    },
  };
  return opts.stderr ? pino(options, pino.destination({ dest: 2, sync: true })) : pino(options);
}
