import { loadConfig, ConfigError, type Config } from './config.js';
import { createLogger, type Logger } from './logger.js';
import { onShutdown } from './shutdown.js';

/**
 * Runs a process entry point (API, relay): validates the configuration (a bad value exits
 * 78, EX_CONFIG, naming every bad variable), starts the service, and drains it on
 * SIGTERM/SIGINT. A failure to start exits 1 with the reason on stderr.
 */
export function runEntryPoint(name: string, start: (config: Config, logger: Logger) => Promise<{ stop(): Promise<void> }>): void {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(78);
    }
    throw err;
  }
  const logger = createLogger({ level: config.logLevel, name });
  start(config, logger).then(
    // the hard stop comes after the drain delay and the drain itself (in-flight requests, consumers, outbox)
    (service) => onShutdown(logger, () => service.stop(), config.shutdownDelayMs + 25_000),
    (err) => {
      process.stderr.write(`${name} failed to start: ${err?.stack ?? err}\n`);
      process.exit(1);
    },
  );
}
