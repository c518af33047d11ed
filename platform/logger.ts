import { AsyncLocalStorage } from 'node:async_hooks';
import pino, { type Logger } from 'pino';

export type { Logger };

/** Carries the request id (or consumed event id) through async work, for every log line. */
export const logContext = new AsyncLocalStorage<{ requestId?: string; eventId?: string }>();

/** Structured JSON logs on stdout; the request id of the current request is on each line. */
export function createLogger(opts: { level: string; name: string }): Logger {
  return pino({
    name: opts.name,
    level: opts.level,
    base: { service: opts.name },
    timestamp: pino.stdTimeFunctions.isoTime,
    mixin: () => logContext.getStore() ?? {},
    redact: {
      paths: ['password', '*.password', 'headers.authorization', 'accessToken', '*.accessToken', 'secret', '*.webhookSecret'],
      censor: '[redacted]',
    },
  });
}
