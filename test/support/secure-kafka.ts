import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Kafka, logLevel } from 'kafkajs';
import { freePort } from './api-process.js';
import { waitFor } from './wait.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const run = promisify(execFile);
const kafkaLib = () => join(process.env.PF_CACHE ?? join(homedir(), '.cache', 'partner-financing'), `kafka-${process.env.KAFKA_VERSION ?? '3.9.1'}`, 'lib');

export const ADMIN = { username: 'admin', password: `admin-${randomBytes(6).toString('hex')}` };

/**
 * A single-node KRaft broker with a SASL_SSL listener (SCRAM-SHA-512, a CA and broker
 * certificate made now with openssl), the StandardAuthorizer and no access without an ACL:
 * what a managed cluster looks like to the service. Its controller and inter-broker
 * listeners are plaintext on 127.0.0.1 (the broker's own traffic, outside the test).
 */
export class SecureKafka {
  private child: ChildProcess | undefined;
  dir = '';
  private ports = { client: 0, internal: 0, controller: 0 };

  get brokers(): string {
    return `localhost:${this.ports.client}`;
  }
  get caFile(): string {
    return join(this.dir, 'ca.pem');
  }

  async start(users: { username: string; password: string }[]): Promise<this> {
    if (!existsSync(join(kafkaLib(), '.complete'))) await run('bash', [join(ROOT, 'infra/install.sh')], { cwd: ROOT });
    this.dir = await mkdtemp(join(tmpdir(), 'pf-secure-kafka-'));
    this.ports = { client: await freePort(), internal: await freePort(), controller: await freePort() };
    await this.certificates();
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
    const scram = [ADMIN, ...users].flatMap((u) => ['--add-scram', `SCRAM-SHA-512=[name=${u.username},password=${u.password}]`]);
    await run(
      'java',
      [
        '-Xmx128m',
        `-Dlog4j.configuration=file:${join(this.dir, 'log4j.properties')}`,
        '-cp',
        `${kafkaLib()}/*`,
        'kafka.tools.StorageTool',
        'format',
        `--cluster-id=${randomBytes(16).toString('base64url')}`,
        '-c',
        join(this.dir, 'server.properties'),
        ...scram,
      ],
      { timeout: 60_000 },
    );
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
    const ca = await readFile(this.caFile, 'utf8');
    const kafka = new Kafka({
      brokers: [this.brokers],
      clientId: 'secure-kafka-probe',
      ssl: { ca, rejectUnauthorized: true },
      sasl: { mechanism: 'scram-sha-512', ...ADMIN },
      logLevel: logLevel.NOTHING,
      connectionTimeout: 1000,
      retry: { retries: 0 },
    });
    await waitFor(
      `the SASL_SSL broker on ${this.brokers}`,
      async () => {
        if (this.child!.exitCode !== null)
          throw new Error(
            `the SASL_SSL broker exited (${this.child!.exitCode}); see ${this.dir}/kafka.log:\n${await readFile(join(this.dir, 'kafka.log'), 'utf8').catch(() => '')}`,
          );
        const admin = kafka.admin();
        try {
          await admin.connect();
          return (await admin.describeCluster()).brokers.length === 1;
        } finally {
          await admin.disconnect();
        }
      },
      { maxWait: 60_000, interval: 300 },
    );
    return this;
  }

  /** An admin client as the super user (ACLs, cleanup). */
  async adminKafka(): Promise<Kafka> {
    return new Kafka({
      brokers: [this.brokers],
      clientId: 'secure-kafka-admin',
      ssl: { ca: await readFile(this.caFile, 'utf8'), rejectUnauthorized: true },
      sasl: { mechanism: 'scram-sha-512', ...ADMIN },
      logLevel: logLevel.NOTHING,
    });
  }

  /** A CA, and a broker certificate for localhost/127.0.0.1 signed by it, in a PKCS12 keystore. */
  private async certificates(): Promise<void> {
    const f = (n: string) => join(this.dir, n);
    const ssl = (...args: string[]) => run('openssl', args, { cwd: this.dir, timeout: 30_000 });
    await ssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', f('ca.key'), '-out', f('ca.pem'), '-days', '1', '-subj', '/CN=pf-test-ca');
    await ssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', f('broker.key'), '-out', f('broker.csr'), '-subj', '/CN=localhost');
    await writeFile(f('san.ext'), 'subjectAltName=DNS:localhost,IP:127.0.0.1\n');
    await ssl(
      'x509',
      '-req',
      '-in',
      f('broker.csr'),
      '-CA',
      f('ca.pem'),
      '-CAkey',
      f('ca.key'),
      '-CAcreateserial',
      '-out',
      f('broker.pem'),
      '-days',
      '1',
      '-extfile',
      f('san.ext'),
    );
    await ssl(
      'pkcs12',
      '-export',
      '-in',
      f('broker.pem'),
      '-inkey',
      f('broker.key'),
      '-certfile',
      f('ca.pem'),
      '-out',
      f('broker.p12'),
      '-passout',
      'pass:changeit',
      '-name',
      'broker',
    );
  }

  private properties(): string {
    const { client, internal, controller } = this.ports;
    return [
      'process.roles=broker,controller',
      'node.id=1',
      `controller.quorum.voters=1@127.0.0.1:${controller}`,
      `listeners=SASL_SSL://localhost:${client},INTERNAL://127.0.0.1:${internal},CONTROLLER://127.0.0.1:${controller}`,
      `advertised.listeners=SASL_SSL://localhost:${client},INTERNAL://127.0.0.1:${internal}`,
      'inter.broker.listener.name=INTERNAL',
      'controller.listener.names=CONTROLLER',
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
      `log.dirs=${join(this.dir, 'data')}`,
      'num.partitions=1',
      'default.replication.factor=1',
      'min.insync.replicas=1',
      'offsets.topic.replication.factor=1',
      'offsets.topic.num.partitions=1',
      'transaction.state.log.replication.factor=1',
      'transaction.state.log.min.isr=1',
      'group.initial.rebalance.delay.ms=0',
      'num.network.threads=2',
      'num.io.threads=2',
    ].join('\n');
  }

  async dispose(): Promise<void> {
    const child = this.child;
    if (child && child.exitCode === null && child.signalCode === null)
      await new Promise<void>((r) => {
        child.once('exit', () => r());
        child.kill('SIGKILL');
      });
    if (this.dir && !process.env.PF_KEEP_SECURE_KAFKA) await rm(this.dir, { recursive: true, force: true });
  }
}
