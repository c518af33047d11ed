import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Config } from '../../config/index.js';
import { COMPILED_DIR, compiledEntry, serviceNodeArgs } from '../../platform/node-flags.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

let compiled = false;

/**
 * What a test runs as a process (the API, the relay, the partners CLI): the compiled
 * JavaScript of `dist/`, as `npm start` and the image run it, built first when the sources
 * changed (a fingerprint check, ~0.1 s; a build ~0.2 s). A process then starts without
 * loading tsx and transpiling its ~200 files: about 0.4 s less per CLI call and 0.6-1 s per
 * API start, over the hundred-odd processes a full run starts. PF_TEST_FROM_SOURCE=1 runs
 * the TypeScript through tsx instead.
 */
export function processEntry(entry: string): string {
  if (process.env.PF_TEST_FROM_SOURCE === '1') return entry;
  if (!compiled) {
    execFileSync(process.execPath, ['scripts/images/compile.mjs', COMPILED_DIR, '--if-stale'], { cwd: ROOT, stdio: 'pipe' });
    compiled = true;
  }
  return compiledEntry(entry);
}

/** The environment a service process needs to run on the test's database and topics. */
export function serviceEnv(config: Config): Record<string, string | undefined> {
  return {
    PATH: process.env.PATH,
    NODE_ENV: 'test',
    MONGO_URL: config.store.url,
    MONGO_DB: config.store.db,
    KAFKA_BROKERS: config.kafka.brokers.join(','),
    KAFKA_TOPIC_PREFIX: config.kafka.topicPrefix,
    KAFKA_PARTITIONS: String(config.kafka.partitions),
    SETTLEMENT_CUTOFF: config.payments.settlement.cutoff,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'warn',
  };
}

/**
 * A service entry point (`api/main.ts`, `relay/main.ts`, or their compiled `dist/…js`) as
 * its own process, as deployed: `node <SERVICE_NODE_FLAGS> [--import tsx] <entry>`, one
 * process, so a SIGKILL kills the service itself and not a wrapper. Keeps the last output for failure messages.
 */
export class ServiceProcess {
  private child: ChildProcess | undefined;
  private output = '';

  constructor(
    private readonly entry: string,
    private readonly nodeArgs: string[] = [],
  ) {}

  /** Starts the process with `env` (see serviceEnv). */
  spawn(env: Record<string, string | undefined>): void {
    this.output = '';
    this.child = spawn(process.execPath, serviceNodeArgs(this.entry, this.nodeArgs), { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env });
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString()).slice(-20_000);
    };
    this.child.stdout!.on('data', keep);
    this.child.stderr!.on('data', keep);
  }

  /** The process id while it runs (benchmarks account its CPU). */
  get pid(): number | undefined {
    return this.exited ? undefined : this.child!.pid;
  }

  get exited(): boolean {
    return !this.child || this.child.exitCode !== null || this.child.signalCode !== null;
  }

  /** Sends `signal` and resolves with the exit code once the process is gone (null when killed by a signal). */
  stop(signal: NodeJS.Signals): Promise<number | null> {
    const child = this.child;
    if (!child || this.exited) return Promise.resolve(child?.exitCode ?? null);
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
