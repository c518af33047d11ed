import type { Config } from '../../../config/index.js';
import { ServiceProcess, processEntry, serviceEnv } from '../../support/service-process.js';

/** The relay as its own process, on the test's database and topics. */
export class RelayProcess extends ServiceProcess {
  constructor(
    private readonly config: Config,
    private readonly env: Record<string, string> = {},
  ) {
    super(processEntry('relay/main.ts'));
  }

  /** the metrics (and health) port it was given, when a fixed one */
  get metricsPort(): number | undefined {
    return this.env.RELAY_METRICS_PORT ? Number(this.env.RELAY_METRICS_PORT) : undefined;
  }

  start(): this {
    this.spawn({ ...serviceEnv(this.config), RELAY_METRICS_PORT: '0', WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true', ...this.env });
    return this;
  }
}
