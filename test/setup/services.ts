import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolveStack } from '../../scripts/local-stack.js';

/**
 * Where integration tests find MongoDB and Kafka, in this order:
 * 1. MONGO_URL and KAFKA_BROKERS when both are given;
 * 2. testcontainers (mongo:7 and apache/kafka:3.9.1 in KRaft mode, the images of
 *    docker-compose.yml) when asked with PF_TESTCONTAINERS=true and a Docker engine answers;
 * 3. otherwise the local stack of infra/stack.sh (mongo-java-server + Kafka from Maven
 *    Central), reused when `npm start` or an earlier run left one running, else started.
 *
 * Containers are opt-in: an engine that answers says nothing about whether its images can
 * be had (the build machines run one for the container tests, with no image registry).
 */
export interface Services {
  MONGO_URL: string;
  KAFKA_BROKERS: string;
  source: 'env' | 'testcontainers' | 'local-stack';
  stop(): Promise<void>;
}

function dockerEngineAnswers(): Promise<boolean> {
  if (process.env.PF_TESTCONTAINERS !== 'true') return Promise.resolve(false);
  if (!process.env.DOCKER_HOST && !existsSync('/var/run/docker.sock')) return Promise.resolve(false);
  return new Promise((resolve) => {
    execFile('docker', ['info', '--format', '{{.ServerVersion}}'], { timeout: 5000 }, (err, out) => resolve(!err && out.trim().length > 0));
  });
}

/** A TCP port free on this host now (the broker must advertise the port clients reach it on). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
      .once('error', reject)
      .listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
  });
}

/**
 * The broker of docker-compose.yml: apache/kafka:3.9.1, one KRaft node. @testcontainers/kafka's
 * KafkaContainer drives Confluent's images only (their start script and version scheme),
 * so this is a GenericContainer with the compose file's settings. The client listener is
 * bound to a fixed free host port, so the broker can advertise the address clients use.
 */
async function startApacheKafka(): Promise<{ brokers: string; stop(): Promise<unknown> }> {
  const { GenericContainer, Wait } = await import('testcontainers');
  const port = await freePort();
  const kafka = await new GenericContainer('apache/kafka:3.9.1')
    .withExposedPorts({ container: 9092, host: port })
    .withEnvironment({
      CLUSTER_ID: 'R5t3C6uhRCuyBz-TD0Wd1w',
      KAFKA_NODE_ID: '1',
      KAFKA_PROCESS_ROLES: 'broker,controller',
      KAFKA_LISTENERS: 'PLAINTEXT://:9092,CONTROLLER://:9093',
      KAFKA_ADVERTISED_LISTENERS: `PLAINTEXT://localhost:${port}`,
      KAFKA_CONTROLLER_QUORUM_VOTERS: '1@localhost:9093',
      KAFKA_CONTROLLER_LISTENER_NAMES: 'CONTROLLER',
      KAFKA_INTER_BROKER_LISTENER_NAME: 'PLAINTEXT',
      KAFKA_LISTENER_SECURITY_PROTOCOL_MAP: 'CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT',
      KAFKA_NUM_PARTITIONS: '3',
      KAFKA_OFFSETS_TOPIC_REPLICATION_FACTOR: '1',
      KAFKA_TRANSACTION_STATE_LOG_REPLICATION_FACTOR: '1',
      KAFKA_TRANSACTION_STATE_LOG_MIN_ISR: '1',
      KAFKA_GROUP_INITIAL_REBALANCE_DELAY_MS: '0',
    })
    .withWaitStrategy(Wait.forLogMessage(/Kafka Server started/))
    .withStartupTimeout(180_000)
    .start();
  return { brokers: `localhost:${port}`, stop: () => kafka.stop() };
}

async function startContainers(): Promise<Services> {
  const { MongoDBContainer } = await import('@testcontainers/mongodb');
  const [mongo, kafka] = await Promise.all([new MongoDBContainer('mongo:7').start(), startApacheKafka()]);
  return {
    MONGO_URL: `${mongo.getConnectionString()}/?directConnection=true&retryWrites=false`,
    KAFKA_BROKERS: kafka.brokers,
    source: 'testcontainers',
    stop: async () => {
      await Promise.all([mongo.stop(), kafka.stop()]);
    },
  };
}

export async function provideServices(): Promise<Services> {
  const { MONGO_URL, KAFKA_BROKERS } = process.env;
  if (MONGO_URL && KAFKA_BROKERS) return { MONGO_URL, KAFKA_BROKERS, source: 'env', stop: async () => {} };
  if (await dockerEngineAnswers()) return startContainers();
  const stack = await resolveStack({ start: true });
  // A stack the tests started stays up for the next run (CI's EXIT trap stops it).
  return { MONGO_URL: stack.MONGO_URL, KAFKA_BROKERS: stack.KAFKA_BROKERS, source: 'local-stack', stop: async () => {} };
}
