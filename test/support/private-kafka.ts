import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Kafka, logLevel } from 'kafkajs';
import { freePort } from './api-process.js';
import { waitFor } from './wait.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const run = promisify(execFile);

/** The Kafka jars infra/install.sh caches (the same the shared stack runs on). */
function kafkaLib(): string {
  const cache = process.env.PF_CACHE ?? join(homedir(), '.cache', 'partner-financing');
  return join(cache, `kafka-${process.env.KAFKA_VERSION ?? '3.9.1'}`, 'lib');
}

/**
 * A single-node KRaft broker of the test's own, in a temporary directory on free ports,
 * that the test may kill and start again: an outage that never touches the shared stack
 * (infra/stack.sh recognises its processes by their files under its own run directory,
 * and this broker has none there).
 */
export class PrivateKafka {
  private child: ChildProcess | undefined;
  private dir = '';
  private ports = { broker: 0, controller: 0 };

  get brokers(): string {
    return `127.0.0.1:${this.ports.broker}`;
  }

  /** Writes the configuration and formats the storage (once; restarts keep the data). */
  async prepare(): Promise<this> {
    if (!existsSync(join(kafkaLib(), '.complete'))) await run('bash', [join(ROOT, 'infra/install.sh')], { cwd: ROOT });
    this.dir = await mkdtemp(join(tmpdir(), 'pf-private-kafka-'));
    this.ports = { broker: await freePort(), controller: await freePort() };
    await writeFile(join(this.dir, 'server.properties'), this.properties());
    await writeFile(
      join(this.dir, 'log4j.properties'),
      [
        'log4j.rootLogger=WARN, file',
        'log4j.appender.file=org.apache.log4j.FileAppender',
        `log4j.appender.file.File=${join(this.dir, 'kafka.log')}`,
        'log4j.appender.file.layout=org.apache.log4j.PatternLayout',
        'log4j.appender.file.layout.ConversionPattern=[%d] %p %m (%c)%n',
      ].join('\n'),
    );
    await this.format();
    return this;
  }

  /**
   * The whole cluster's data lost: the broker is killed, its data directory removed and
   * formatted again as a new cluster on the same ports. Not started: `start()` brings up an
   * empty broker (no topics, no consumer groups, no offsets).
   */
  async wipe(): Promise<void> {
    await this.stop('SIGKILL');
    await rm(join(this.dir, 'data'), { recursive: true, force: true });
    await this.format();
  }

  private async format(): Promise<void> {
    const clusterId = randomBytes(16).toString('base64url'); // a Kafka Uuid: 16 bytes, base64url
    await run(
      'java',
      [
        '-Xmx128m',
        `-Dlog4j.configuration=file:${join(this.dir, 'log4j.properties')}`,
        '-cp',
        `${kafkaLib()}/*`,
        'kafka.tools.StorageTool',
        'format',
        `--cluster-id=${clusterId}`,
        '-c',
        join(this.dir, 'server.properties'),
      ],
      { timeout: 60_000 },
    );
  }

  private properties(): string {
    const { broker, controller } = this.ports;
    return [
      'process.roles=broker,controller',
      'node.id=1',
      `controller.quorum.voters=1@127.0.0.1:${controller}`,
      `listeners=PLAINTEXT://127.0.0.1:${broker},CONTROLLER://127.0.0.1:${controller}`,
      `advertised.listeners=PLAINTEXT://127.0.0.1:${broker}`,
      'inter.broker.listener.name=PLAINTEXT',
      'controller.listener.names=CONTROLLER',
      'listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT',
      `log.dirs=${join(this.dir, 'data')}`,
      'num.partitions=2',
      'default.replication.factor=1',
      'min.insync.replicas=1',
      'offsets.topic.replication.factor=1',
      'offsets.topic.num.partitions=1',
      'transaction.state.log.replication.factor=1',
      'transaction.state.log.min.isr=1',
      'group.initial.rebalance.delay.ms=0',
      // a killed single node must not wait out a long session of its own previous registration
      'broker.heartbeat.interval.ms=500',
      'broker.session.timeout.ms=1500',
      'num.network.threads=2',
      'num.io.threads=2',
    ].join('\n');
  }

  /** Starts the broker (unless it runs) and resolves once it answers a metadata request. */
  async start(): Promise<void> {
    if (!this.exited) return;
    this.child = spawn(
      'java',
      [
        '-Xms64m',
        '-Xmx384m',
        '-XX:+UseG1GC',
        '-Djava.awt.headless=true',
        `-Dlog4j.configuration=file:${join(this.dir, 'log4j.properties')}`,
        '-cp',
        `${kafkaLib()}/*`,
        'kafka.Kafka',
        join(this.dir, 'server.properties'),
      ],
      { stdio: 'ignore' },
    );
    const kafka = new Kafka({
      brokers: [this.brokers],
      clientId: 'private-kafka-probe',
      logLevel: logLevel.NOTHING,
      connectionTimeout: 1000,
      retry: { retries: 0 },
    });
    await waitFor(
      `the private broker on ${this.brokers}`,
      async () => {
        if (this.exited) throw new Error(`the private broker exited (${this.child?.exitCode ?? this.child?.signalCode}); see ${this.dir}/kafka.log`);
        const admin = kafka.admin();
        try {
          await admin.connect();
          return (await admin.describeCluster()).brokers.length === 1;
        } finally {
          await admin.disconnect();
        }
      },
      { maxWait: 60_000, interval: 250 },
    );
  }

  get exited(): boolean {
    return !this.child || this.child.exitCode !== null || this.child.signalCode !== null;
  }

  /** Stops the broker with `signal` (SIGKILL: a crash) and resolves once it is gone. */
  stop(signal: NodeJS.Signals): Promise<void> {
    const child = this.child;
    if (!child || this.exited) return Promise.resolve();
    return new Promise((resolve) => {
      child.once('exit', () => resolve());
      child.kill(signal);
    });
  }

  async dispose(): Promise<void> {
    await this.stop('SIGKILL');
    if (this.dir) await rm(this.dir, { recursive: true, force: true });
  }
}
