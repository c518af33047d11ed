import { resolveStack } from './local-stack.js';

/**
 * `npm run -s ops -- <group> <verb> ...` (and `npm run -s partners -- ...`, its alias for
 * `ops partners ...`): the operators' program on a developer's machine. Like `npm start`,
 * it finds the store and Kafka in MONGO_URL and KAFKA_BROKERS or, when neither is set, in
 * the local stack that runs (it starts none); then it runs ops/main.ts, which validates the
 * configuration as the services do. In the image, `ops ...` runs ops/main.js directly.
 */
const { MONGO_URL, MONGO_URL_FILE, KAFKA_BROKERS } = process.env;
if (!MONGO_URL && !MONGO_URL_FILE && !KAFKA_BROKERS) {
  const asksHelp = process.argv.length <= 3 || process.argv.some((a) => a === '--help' || a === '-h' || a === 'help');
  try {
    const stack = await resolveStack({ start: false });
    process.env.MONGO_URL = stack.MONGO_URL;
    process.env.KAFKA_BROKERS = stack.KAFKA_BROKERS;
  } catch (err) {
    // help needs no store; a verb then stops at the configuration, naming what is missing
    if (!asksHelp) process.stderr.write(`ops: ${(err as Error).message}\n`);
  }
}
await import('../ops/main.js');
