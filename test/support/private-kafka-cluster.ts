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

function kafkaLib(): string {
  const cache = process.env.PF_CACHE ?? join(homedir(), '.cache', 'partner-financing');
  return join(cache, `kafka-${process.env.KAFKA_VERSION ?? '3.9.1'}`, 'lib');
}

interface Node {
  id: number;
  broker: number;
  controller: number;
  child?: ChildProcess;
}

/**
 * A KRaft cluster of the caller's own (each node broker and controller, static voters), in
 * a temporary directory on free ports of 127.0.0.1, whose nodes can be killed and started
 * one by one: a broker loss that never touches the shared stack. The same jars as the
 * shared stack (infra/install.sh); modest heaps, for a small machine.
 */
export class PrivateKafkaCluster {
  private dir = '';
  private nodes: Node[] = [];

  constructor(private readonly size = 3) {}

  get brokers(): string {
    return this.nodes.map((n) => `127.0.0.1:${n.broker}`).join(',');
  }

  async prepare(): Promise<this> {
    if (!existsSync(join(kafkaLib(), '.complete'))) await run('bash', [join(ROOT, 'infra/install.sh')], { cwd: ROOT });
    this.dir = await mkdtemp(join(tmpdir(), 'pf-private-cluster-'));
    for (let id = 1; id <= this.size; id++) this.nodes.push({ id, broker: await freePort(), controller: await freePort() });
    const clusterId = randomBytes(16).toString('base64url'); // a Kafka Uuid: 16 bytes, base64url
    for (const node of this.nodes) {
      await writeFile(this.file(node, 'server.properties'), this.properties(node));
      await writeFile(
        this.file(node, 'log4j.properties'),
        [
          'log4j.rootLogger=WARN, file',
          'log4j.appender.file=org.apache.log4j.FileAppender',
          `log4j.appender.file.File=${this.file(node, 'kafka.log')}`,
          'log4j.appender.file.layout=org.apache.log4j.PatternLayout',
          'log4j.appender.file.layout.ConversionPattern=[%d] %p %m (%c)%n',
        ].join('\n'),
      );
      await run(
        'java',
        [
          '-Xmx128m',
          `-Dlog4j.configuration=file:${this.file(node, 'log4j.properties')}`,
          '-cp',
          `${kafkaLib()}/*`,
          'kafka.tools.StorageTool',
          'format',
          `--cluster-id=${clusterId}`,
          '-c',
          this.file(node, 'server.properties'),
        ],
        { timeout: 60_000 },
      );
    }
    return this;
  }

  private file(node: Node, name: string): string {
    return join(this.dir, `node-${node.id}-${name}`);
  }

  private properties(node: Node): string {
    const voters = this.nodes.map((n) => `${n.id}@127.0.0.1:${n.controller}`).join(',');
    const rf = Math.min(3, this.size);
    return [
      'process.roles=broker,controller',
      `node.id=${node.id}`,
      `controller.quorum.voters=${voters}`,
      `listeners=PLAINTEXT://127.0.0.1:${node.broker},CONTROLLER://127.0.0.1:${node.controller}`,
      `advertised.listeners=PLAINTEXT://127.0.0.1:${node.broker}`,
      'inter.broker.listener.name=PLAINTEXT',
      'controller.listener.names=CONTROLLER',
      'listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT',
      `log.dirs=${join(this.dir, `node-${node.id}-data`)}`,
      'num.partitions=2',
      `default.replication.factor=${rf}`,
      'min.insync.replicas=1',
      `offsets.topic.replication.factor=${rf}`,
      'offsets.topic.num.partitions=1',
      `transaction.state.log.replication.factor=${rf}`,
      'transaction.state.log.min.isr=1',
      'group.initial.rebalance.delay.ms=0',
      // a killed node is noticed (and its partitions led elsewhere) within seconds
      'broker.heartbeat.interval.ms=500',
      'broker.session.timeout.ms=2500',
      'replica.lag.time.max.ms=5000',
      'num.network.threads=2',
      'num.io.threads=2',
      'num.replica.fetchers=1',
      'background.threads=2',
    ].join('\n');
  }

  private exited(node: Node): boolean {
    return !node.child || node.child.exitCode !== null || node.child.signalCode !== null;
  }

  /** Starts every node that does not run and resolves once the cluster has all of them. */
  async start(): Promise<void> {
    for (const node of this.nodes) if (this.exited(node)) this.spawn(node);
    await this.waitForBrokers(this.size);
  }

  /** Starts node `id` again and resolves once the cluster counts it. */
  async startNode(id: number): Promise<void> {
    const node = this.node(id);
    if (this.exited(node)) this.spawn(node);
    await this.waitForBrokers(this.size);
  }

  private spawn(node: Node): void {
    node.child = spawn(
      'java',
      [
        '-Xms64m',
        '-Xmx384m',
        '-XX:+UseG1GC',
        '-XX:+ExitOnOutOfMemoryError',
        '-Djava.awt.headless=true',
        `-Dlog4j.configuration=file:${this.file(node, 'log4j.properties')}`,
        '-cp',
        `${kafkaLib()}/*`,
        'kafka.Kafka',
        this.file(node, 'server.properties'),
      ],
      { stdio: 'ignore' },
    );
  }

  private node(id: number): Node {
    const node = this.nodes.find((n) => n.id === id);
    if (!node) throw new Error(`no node ${id}`);
    return node;
  }

  /** Waits until a metadata request (to any live node) lists `count` brokers. */
  async waitForBrokers(count: number, maxWait = 90_000): Promise<void> {
    const live = this.nodes.filter((n) => !this.exited(n)).map((n) => `127.0.0.1:${n.broker}`);
    const kafka = new Kafka({ brokers: live, clientId: 'private-cluster-probe', logLevel: logLevel.NOTHING, connectionTimeout: 1000, retry: { retries: 0 } });
    await waitFor(
      `${count} brokers in the private cluster`,
      async () => {
        const dead = this.nodes.find((n) => n.child && this.exited(n) && live.includes(`127.0.0.1:${n.broker}`));
        if (dead) throw new Error(`node ${dead.id} exited; see ${this.file(dead, 'kafka.log')}`);
        const admin = kafka.admin();
        try {
          await admin.connect();
          return (await admin.describeCluster()).brokers.length === count;
        } catch {
          return false;
        } finally {
          await admin.disconnect().catch(() => {});
        }
      },
      { maxWait, interval: 300 },
    );
  }

  /** Stops node `id` with `signal` (SIGKILL: a crash) and resolves once it is gone. */
  stopNode(id: number, signal: NodeJS.Signals): Promise<void> {
    const node = this.node(id);
    const child = node.child;
    if (!child || this.exited(node)) return Promise.resolve();
    return new Promise((resolve) => {
      child.once('exit', () => resolve());
      child.kill(signal);
    });
  }

  async dispose(): Promise<void> {
    await Promise.all(this.nodes.map((n) => this.stopNode(n.id, 'SIGKILL')));
    if (this.dir) await rm(this.dir, { recursive: true, force: true });
  }
}
