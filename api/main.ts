import { loadConfig, ConfigError } from '../platform/config.js';
import { createLogger } from '../platform/logger.js';
import { onShutdown } from '../platform/shutdown.js';
import { startApi } from './create-api.js';

/** Entry point of the API process (npm run start:api; `npm start` runs it with the relay). */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(78); // EX_CONFIG
    }
    throw err;
  }
  const logger = createLogger({ level: config.logLevel, name: 'api' });
  const api = await startApi(config, logger);
  onShutdown(logger, () => api.stop());
}

main().catch((err) => {
  process.stderr.write(`api failed to start: ${err?.stack ?? err}\n`);
  process.exit(1);
});
