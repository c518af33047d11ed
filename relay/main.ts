import { loadConfig, ConfigError } from '../platform/config.js';
import { createLogger } from '../platform/logger.js';
import { onShutdown } from '../platform/shutdown.js';
import { startRelay } from './create-relay.js';

/** Entry point of the webhook relay process (npm run start:relay). */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(78);
    }
    throw err;
  }
  const logger = createLogger({ level: config.logLevel, name: 'relay' });
  const relay = await startRelay(config, logger);
  onShutdown(logger, () => relay.stop());
}

main().catch((err) => {
  process.stderr.write(`relay failed to start: ${err?.stack ?? err}\n`);
  process.exit(1);
});
