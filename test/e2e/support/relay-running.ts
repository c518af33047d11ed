import http from 'node:http';
import type { Config } from '../../../config/index.js';
import { RelayProcess } from '../../relay/support/relay-process.js';
import { freePort } from '../../support/api-process.js';
import { waitFor } from '../../support/wait.js';

function metricsAnswer(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/metrics', timeout: 1000 }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('error', () => resolve(false));
    req.on('timeout', () => {
      req.destroy();
      resolve(false);
    });
  });
}

/**
 * The relay as its own process, returned once it is fully started: its /metrics listener
 * opens only after every lane has joined its consumer group (relay/create-relay.ts), so a
 * test that then disturbs Kafka or the API disturbs a running relay, not one still starting.
 */
export async function startRelayRunning(config: Config, env: Record<string, string> = {}): Promise<RelayProcess> {
  const port = await freePort();
  const relay = new RelayProcess(config, { ...env, RELAY_METRICS_PORT: String(port) }).start();
  await waitFor('the relay process to run every lane', () => metricsAnswer(port), { maxWait: 60_000, interval: 200 }).catch((err) => {
    throw new Error(`${err.message}\n${relay.log}`);
  });
  return relay;
}
