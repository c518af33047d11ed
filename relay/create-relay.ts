import type http from 'node:http';
import type { Config } from '../platform/config.js';
import type { Logger } from '../platform/logger.js';
import { createRuntime, type Runtime } from '../platform/runtime.js';
import { serveMetrics } from '../platform/metrics.js';

export interface Relay {
  runtime: Runtime;
  metricsPort: number;
  stop(): Promise<void>;
}

/**
 * The webhook relay process: consumes notification requests from Kafka and delivers
 * them. Walking skeleton: infrastructure and metrics only; delivery is issue #6.
 */
export async function startRelay(config: Config, logger: Logger): Promise<Relay> {
  const runtime = await createRuntime(config, logger, 'relay');
  let metricsServer: http.Server;
  try {
    metricsServer = await serveMetrics(runtime.registry, config.metrics.host, config.metrics.relayPort);
  } catch (err) {
    await runtime.close();
    throw err;
  }
  const metricsPort = (metricsServer.address() as { port: number }).port;
  logger.info({ metricsPort }, 'relay running');
  return {
    runtime,
    metricsPort,
    stop: async () => {
      await new Promise<void>((r) => metricsServer.close(() => r()));
      await runtime.close();
    },
  };
}
