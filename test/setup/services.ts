import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolveStack } from '../../scripts/local-stack.js';

/**
 * Where integration tests find MongoDB and Kafka, in this order:
 * 1. MONGO_URL and KAFKA_BROKERS when both are given;
 * 2. testcontainers (MongoDB 7, Kafka in KRaft mode) when a Docker engine answers;
 * 3. otherwise the local stack of infra/stack.sh (FerretDB + Kafka from Maven Central),
 *    reused when `npm start` or an earlier run left one running, else started.
 */
export interface Services {
  MONGO_URL: string;
  KAFKA_BROKERS: string;
  source: 'env' | 'testcontainers' | 'local-stack';
  stop(): Promise<void>;
}

function dockerEngineAnswers(): Promise<boolean> {
  if (process.env.PF_TESTCONTAINERS === 'false') return Promise.resolve(false);
  if (!process.env.DOCKER_HOST && !existsSync('/var/run/docker.sock')) return Promise.resolve(false);
  return new Promise((resolve) => {
    execFile('docker', ['info', '--format', '{{.ServerVersion}}'], { timeout: 5000 }, (err, out) => resolve(!err && out.trim().length > 0));
  });
}

async function startContainers(): Promise<Services> {
  const { MongoDBContainer } = await import('@testcontainers/mongodb');
  const { KafkaContainer } = await import('@testcontainers/kafka');
  const [mongo, kafka] = await Promise.all([
    new MongoDBContainer('mongo:7').start(),
    new KafkaContainer('confluentinc/cp-kafka:7.9.1').withKraft().start(),
  ]);
  return {
    MONGO_URL: `${mongo.getConnectionString()}/?directConnection=true&retryWrites=false`,
    KAFKA_BROKERS: `${kafka.getHost()}:${kafka.getMappedPort(9093)}`,
    source: 'testcontainers',
    stop: async () => { await Promise.all([mongo.stop(), kafka.stop()]); },
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
