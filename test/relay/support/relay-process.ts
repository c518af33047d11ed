import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Config } from '../../../platform/config.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * The relay as its own process (`node --import tsx relay/main.ts`: one process, so a
 * SIGKILL kills the relay itself and not a wrapper), on the test's database and topics.
 */
export class RelayProcess {
  private child: ChildProcess | undefined;
  private output = '';

  constructor(private readonly config: Config, private readonly env: Record<string, string> = {}) {}

  start(): this {
    this.output = '';
    this.child = spawn(process.execPath, ['--import', 'tsx', 'relay/main.ts'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        MONGO_URL: this.config.mongo.url,
        MONGO_DB: this.config.mongo.db,
        KAFKA_BROKERS: this.config.kafka.brokers.join(','),
        KAFKA_TOPIC_PREFIX: this.config.kafka.topicPrefix,
        KAFKA_PARTITIONS: String(this.config.kafka.partitions),
        RELAY_METRICS_PORT: '0',
        LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'warn',
        WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
        ...this.env,
      },
    });
    const keep = (c: Buffer) => { this.output = (this.output + c.toString()).slice(-20_000); };
    this.child.stdout!.on('data', keep);
    this.child.stderr!.on('data', keep);
    return this;
  }

  /** Sends `signal` and resolves with the exit code (null when killed by a signal). */
  stop(signal: NodeJS.Signals): Promise<number | null> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child?.exitCode ?? null);
    return new Promise((resolve) => {
      child.once('exit', (code) => resolve(code));
      child.kill(signal);
    });
  }

  /** The last lines the process printed (for failure messages). */
  get log(): string {
    return this.output;
  }
}
