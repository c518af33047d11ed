import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Kafka, logLevel, type KafkaConfig } from 'kafkajs';
import { freePort } from './api-process.js';
import { makeCertificates } from './test-certificates.js';
import { waitFor } from './wait.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const run = promisify(execFile);

/** The Kafka jars infra/install.sh caches (the same the shared stack runs on). */
function kafkaLib(): string {
  const cache = process.env.PF_CACHE ?? join(homedir(), '.cache', 'partner-financing');
  return join(cache, `kafka-${process.env.KAFKA_VERSION ?? '3.9.1'}`, 'lib');
}

export interface ScramUser {
  username: string;
  password: string;
}

/** The super user of a SASL_SSL broker (ACLs, topics made by an operator, cleanup). */
export const ADMIN: ScramUser = { username: 'admin', password: `admin-${randomBytes(6).toString('hex')}` };

/**
 * What clients connect to:
 * - `plaintext` (the default): no TLS, no authentication, as the shared stack;
 * - `sasl_ssl`: what a managed cluster looks like to the service: SASL_SSL only
 *   (SCRAM-SHA-512 for `users` and ADMIN, a CA and broker certificate made now with openssl),
 *   the StandardAuthorizer and no access without an ACL. Its controller and inter-broker
 *   listeners stay plaintext on 127.0.0.1 (the broker's own traffic, outside the test).
 */
export type Listener = { kind: 'plaintext' } | { kind: 'sasl_ssl'; users: ScramUser[] };

/**
 * A single-node KRaft broker of the test's own, in a temporary directory on free ports,
 * that the test may kill and start again: an outage that never touches the shared stack
 * (infra/stack.sh recognises its processes by their files under its own run directory,
 * and this broker has none there). PF_KEEP_PRIVATE_KAFKA=1 keeps its directory (its log).
 */
export class PrivateKafka {
  private child: ChildProcess | undefined;
  dir = '';
  private ports = { client: 0, internal: 0, controller: 0 };

  constructor(private readonly listener: Listener = { kind: 'plaintext' }) {}

  private get secure(): boolean {
    return this.listener.kind === 'sasl_ssl';
  }

  get brokers(): string {
    // the broker certificate names localhost (and 127.0.0.1); the plaintext one the address
    return this.secure ? `localhost:${this.ports.client}` : `127.0.0.1:${this.ports.client}`;
  }

  /** The CA that signs a SASL_SSL broker's certificate (KAFKA_SSL_CA_FILE). */
  get caFile(): string {
    return join(this.dir, 'ca.pem');
  }

  /** Writes the configuration (and certificates) and formats the storage (once; restarts keep the data). */
  async prepare(): Promise<this> {
    if (!existsSync(join(kafkaLib(), '.complete'))) await run('bash', [join(ROOT, 'infra/install.sh')], { cwd: ROOT });
    this.dir = await mkdtemp(join(tmpdir(), 'pf-private-kafka-'));
    this.ports = { client: await freePort(), internal: await freePort(), controller: await freePort() };
    if (this.secure) await this.keystore();
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
    const scram =
      this.listener.kind === 'sasl_ssl'
        ? [ADMIN, ...this.listener.users].flatMap((u) => ['--add-scram', `SCRAM-SHA-512=[name=${u.username},password=${u.password}]`])
        : [];
    await run(
      'java',
      [
        '-Xmx128m',
        `-Dlog4j.configuration=file:${join(this.dir, 'log4j.properties')}`,
        '-cp',
        `${kafkaLib()}/*`,
        'kafka.tools.StorageTool',
        'format',
        `--cluster-id=${randomBytes(16).toString('base64url')}`, // a Kafka Uuid: 16 bytes, base64url
        '-c',
        join(this.dir, 'server.properties'),
        ...scram,
      ],
      { timeout: 60_000 },
    );
  }

  /** A client of the broker: as ADMIN over SASL_SSL, anonymous over plaintext. */
  async adminKafka(clientId = 'private-kafka-admin', over: Partial<KafkaConfig> = {}): Promise<Kafka> {
    const security = this.secure
      ? { ssl: { ca: await readFile(this.caFile, 'utf8'), rejectUnauthorized: true }, sasl: { mechanism: 'scram-sha-512' as const, ...ADMIN } }
      : {};
    return new Kafka({ brokers: [this.brokers], clientId, logLevel: logLevel.NOTHING, ...security, ...over });
  }

  /** A CA, and a broker certificate for localhost/127.0.0.1 signed by it, in a PKCS12 keystore. */
  private async keystore(): Promise<void> {
    const certs = await makeCertificates(this.dir);
    await run(
      'openssl',
      [
        'pkcs12',
        '-export',
        '-in',
        certs.serverCert,
        '-inkey',
        certs.serverKey,
        '-certfile',
        certs.ca,
        '-out',
        join(this.dir, 'broker.p12'),
        '-passout',
        'pass:changeit',
        '-name',
        'broker',
      ],
      { cwd: this.dir, timeout: 30_000 },
    );
  }

  private properties(): string {
    const { client, internal, controller } = this.ports;
    const listeners = this.secure
      ? [
          `listeners=SASL_SSL://localhost:${client},INTERNAL://127.0.0.1:${internal},CONTROLLER://127.0.0.1:${controller}`,
          `advertised.listeners=SASL_SSL://localhost:${client},INTERNAL://127.0.0.1:${internal}`,
          'inter.broker.listener.name=INTERNAL',
          'listener.security.protocol.map=CONTROLLER:PLAINTEXT,INTERNAL:PLAINTEXT,SASL_SSL:SASL_SSL',
          'sasl.enabled.mechanisms=SCRAM-SHA-512',
          'listener.name.sasl_ssl.scram-sha-512.sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required;',
          `ssl.keystore.location=${join(this.dir, 'broker.p12')}`,
          'ssl.keystore.type=PKCS12',
          'ssl.keystore.password=changeit',
          'ssl.key.password=changeit',
          'authorizer.class.name=org.apache.kafka.metadata.authorizer.StandardAuthorizer',
          // the broker's own plaintext listeners (controller, inter-broker) authenticate as ANONYMOUS
          'super.users=User:admin;User:ANONYMOUS',
          'allow.everyone.if.no.acl.found=false',
        ]
      : [
          `listeners=PLAINTEXT://127.0.0.1:${client},CONTROLLER://127.0.0.1:${controller}`,
          `advertised.listeners=PLAINTEXT://127.0.0.1:${client}`,
          'inter.broker.listener.name=PLAINTEXT',
          'listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT',
        ];
    return [
      'process.roles=broker,controller',
      'node.id=1',
      `controller.quorum.voters=1@127.0.0.1:${controller}`,
      'controller.listener.names=CONTROLLER',
      ...listeners,
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
    const kafka = await this.adminKafka('private-kafka-probe', { connectionTimeout: 1000, retry: { retries: 0 } });
    await waitFor(
      `the private broker on ${this.brokers}`,
      async () => {
        if (this.exited) {
          const log = await readFile(join(this.dir, 'kafka.log'), 'utf8').catch(() => '');
          throw new Error(`the private broker exited (${this.child?.exitCode ?? this.child?.signalCode}); see ${this.dir}/kafka.log:\n${log.slice(-4000)}`);
        }
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
    if (this.dir && !process.env.PF_KEEP_PRIVATE_KAFKA) await rm(this.dir, { recursive: true, force: true });
  }
}
