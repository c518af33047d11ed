import { provideServices, type Services } from './services.js';
import { loopWatchHooks, worstLoopStallMs } from './loop-watch.js';

/**
 * Mocha global fixture: provides MongoDB and Kafka once per run and exports their
 * addresses as MONGO_URL / KAFKA_BROKERS for every suite. Unit tests ignore them.
 */
let services: Services | undefined;

export async function mochaGlobalSetup(this: unknown) {
  services = await provideServices();
  process.env.MONGO_URL = services.MONGO_URL;
  process.env.KAFKA_BROKERS = services.KAFKA_BROKERS;
  process.stderr.write(`[test] services from ${services.source}: MONGO_URL=${services.MONGO_URL} KAFKA_BROKERS=${services.KAFKA_BROKERS}\n`);
}

export const mochaHooks = loopWatchHooks;

export async function mochaGlobalTeardown() {
  process.stderr.write(
    `[test] the test process's longest event-loop stall: ${worstLoopStallMs()} ms; heap ${Math.round(process.memoryUsage().heapUsed / 2 ** 20)} MiB\n`,
  );
  await services?.stop();
}
