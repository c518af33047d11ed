import { randomBytes } from 'node:crypto';
import { loadConfig, type Config } from '../../config/index.js';

/** A random suffix for a test file's database, topics and consumer groups so that test files never see each other's data. */
export function uniqueSuffix(): string {
  return randomBytes(4).toString('hex');
}

/**
 * A daily cut-off twelve hours from now in Prague, so that no real cut-off falls inside a
 * test run: a suite that ran across 18:00 would see its lines settled by the scheduled job
 * between two of its steps. Settlement tests close through the sandbox or a manual clock.
 */
export function cutoffFarFromNow(now = new Date()): string {
  const at = new Date(now.getTime() + 12 * 3600_000);
  return new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Prague', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
}

/**
 * A validated Config for an in-process API or relay under test: its own database and topic
 * prefix, every listener on a free port, quiet logs (TEST_LOG_LEVEL to see them).
 */
export function testConfig(overrides: Record<string, string> = {}): Config {
  const suffix = uniqueSuffix();
  return loadConfig({
    NODE_ENV: 'test',
    MONGO_URL: process.env.MONGO_URL,
    KAFKA_BROKERS: process.env.KAFKA_BROKERS,
    MONGO_DB: `test_${suffix}`,
    KAFKA_TOPIC_PREFIX: `test.${suffix}.`,
    KAFKA_PARTITIONS: '2',
    HTTPS_PORT: '0',
    HTTP_PORT: '0',
    API_METRICS_PORT: '0',
    RELAY_METRICS_PORT: '0',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    OUTBOX_SWEEP_INTERVAL: '500ms',
    OUTBOX_SWEEP_GRACE: '300ms',
    SETTLEMENT_CUTOFF: cutoffFarFromNow(),
    ...overrides,
  });
}
