import type { Logger } from './logger.js';

/**
 * SIGTERM / SIGINT: run `drain` once, then exit. A second signal, or a drain that outlasts
 * the grace period, exits at once (an orchestrator would SIGKILL anyway).
 */
export function onShutdown(logger: Logger, drain: () => Promise<void>, graceMs = 25_000): void {
  let draining = false;
  const handler = (signal: NodeJS.Signals) => {
    if (draining) {
      logger.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    draining = true;
    logger.info({ signal }, 'shutting down: draining');
    const timer = setTimeout(() => {
      logger.error('drain did not finish in time: exiting');
      process.exit(1);
    }, graceMs);
    timer.unref();
    drain().then(
      () => {
        logger.info('drained; bye');
        process.exit(0);
      },
      (err) => {
        logger.error({ err }, 'drain failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', handler);
  process.on('SIGINT', handler);
  // Started by `npm start` with an IPC channel: if that parent dies, drain as on SIGTERM.
  if (process.send) process.on('disconnect', () => handler('SIGTERM'));
}
