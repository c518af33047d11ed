import { ConfigError } from './config.js';
import type { PlatformConfig } from './config-sections.js';
import { createLogger, type Logger } from './logger.js';
import { onShutdown } from './shutdown.js';
import { startTracing } from './tracing-sdk.js';

/**
 * Runs a process entry point (API, relay): validates the configuration with the
 * root's loader (a bad value exits 78, EX_CONFIG, naming every bad variable), starts the service, and drains it on
 * SIGTERM/SIGINT. A failure to start exits 1 with the reason on stderr. Tracing (the
 * OpenTelemetry SDK, when OTEL_EXPORTER_OTLP_ENDPOINT is set) starts before the service and
 * is flushed after its drain.
 */
export function runEntryPoint<C extends PlatformConfig>(
  name: string,
  load: () => C,
  start: (config: C, logger: Logger) => Promise<{ stop(): Promise<void> }>,
): void {
  let config: C;
  try {
    config = load();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(78);
    }
    throw err;
  }
  const logger = createLogger({ level: config.process.logLevel, name });
  const started = startTracing(`partner-financing-${name}`).then(async (tracing) => {
    if (tracing.enabled) logger.info('tracing: exporting spans over OTLP');
    return { tracing, service: await start(config, logger) };
  });
  started.then(
    // the hard stop comes after the drain delay and the drain itself (in-flight requests, consumers, outbox)
    ({ tracing, service }) =>
      onShutdown(
        logger,
        async () => {
          await service.stop();
          await tracing.shutdown().catch((err) => logger.warn({ err }, 'tracing: spans not flushed'));
        },
        config.http.shutdownDelayMs + 25_000,
      ),
    (err) => {
      process.stderr.write(`${name} failed to start: ${err?.stack ?? err}\n`);
      process.exit(1);
    },
  );
}
