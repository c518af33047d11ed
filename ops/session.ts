import { systemClock } from '../platform/clock.js';
import { loadConfig } from '../config/index.js';
import { createLogger } from '../platform/logger.js';
import { connectMongo } from '../platform/mongo.js';
import { createRuntime } from '../platform/runtime.js';
import { openSecretBox } from '../platform/secret-box.js';
import type { Session } from './program.js';
import type { Needs } from './verb.js';

/**
 * What a verb runs in, opened as the services open theirs: the configuration from the one
 * loader (config/index.ts: the same variables, defaults and refusals as the API's), a
 * logger on stderr (stdout is the verb's answer), the wall clock, and the store with the
 * services' own timeout, or, for a verb that writes events, the whole runtime of a service
 * process (store, topics, producer, outbox publisher: platform/runtime.ts). `env` is for
 * tests; the program passes none, so the loader reads the process's environment.
 */
export async function openSession(needs: Needs, env?: NodeJS.ProcessEnv): Promise<Session> {
  const config = loadConfig(env);
  const logger = createLogger({ level: config.process.logLevel, name: 'ops', stderr: true });
  if (needs === 'runtime') {
    const runtime = await createRuntime(config, logger, 'ops');
    return { ctx: { config, logger, clock: runtime.clock, db: runtime.db, secrets: runtime.secrets, runtime }, close: () => runtime.close() };
  }
  const secrets = openSecretBox(config.secrets, (msg, file) => logger.warn({ file }, msg));
  const { client, db } = await connectMongo(config.store.url, config.store.db, config.store.timeoutMs, config.store.tls);
  return { ctx: { config, logger, clock: systemClock, db, secrets }, close: () => client.close() };
}
