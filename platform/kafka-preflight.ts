import type { Admin, Kafka } from 'kafkajs';
import { createKafka, ensureTopics, replicationFor, withTimeout, type KafkaSettings } from './kafka.js';
import type { Logger } from './logger.js';

/** The start stops: the message names the setting or the ACL at fault. */
export class KafkaStartError extends Error {}

const UNTRUSTED = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_UNTRUSTED',
  'CERT_SIGNATURE_FAILURE',
]);

/**
 * Before a process serves: connect an admin with a short retry, describe the cluster, create
 * or check the process's topics, read each topic's metadata and describe a consumer group
 * under the prefix. Every failure ends the start within `timeoutMs` with a message naming
 * the setting or the ACL at fault, instead of clients retrying in the background for ever.
 */
export async function preflightKafka(kafka: Kafka, settings: KafkaSettings, topics: string[], logger: Logger, timeoutMs = 20_000): Promise<void> {
  // a client of its own with a short retry: the connection's retries (TLS refused, broker
  // down) are the client's, not the admin's, and would take half a minute with the service's
  const admin = createKafka(settings, logger, { retries: 2 }).admin({ retry: { retries: 2, initialRetryTime: 300, maxRetryTime: 2000 } });
  const stage = { now: 'connecting' };
  const run = steps(admin, kafka, settings, topics, stage).then(() => true);
  try {
    const done = await withTimeout(
      run.catch((err) => {
        throw translate(err, settings, stage.now);
      }),
      timeoutMs,
      false,
    );
    if (!done)
      throw new KafkaStartError(
        `KAFKA_BROKERS: no answer from ${settings.brokers.join(',')} within ${timeoutMs / 1000}s while ${stage.now} (check the addresses, and whether the listener expects TLS: KAFKA_SSL, and SASL: KAFKA_SASL_MECHANISM)`,
      );
  } finally {
    await admin.disconnect().catch(() => {});
  }
}

async function steps(admin: Admin, kafka: Kafka, settings: KafkaSettings, topics: string[], stage: { now: string }): Promise<void> {
  await admin.connect();
  stage.now = 'describing the cluster';
  const { brokers } = await admin.describeCluster();
  if (settings.topicsMode === 'check') {
    stage.now = 'checking the topics';
    await checkTopics(admin, topics, settings.partitions, replicationFor(brokers.length).replicationFactor, settings);
  } else {
    stage.now = 'creating the missing topics';
    await ensureTopics(kafka, topics, settings.partitions, settings);
  }
  for (const topic of topics) {
    stage.now = `reading the metadata of topic ${topic}`;
    await admin.fetchTopicMetadata({ topics: [topic] });
  }
  stage.now = `describing consumer group ${settings.topicPrefix}preflight`;
  // any name under the prefix: the ACLs the groups need are prefixed ones
  await describeGroupPatiently(admin, `${settings.topicPrefix}preflight`);
}

/** How long a group coordinator may take to appear before its absence is read as an ACL. */
export const COORDINATOR_PATIENCE_MS = 6_000;

/**
 * A cluster where no consumer group was ever used has no `__consumer_offsets` yet: the first
 * coordinator look-up creates it, and a coordinator answers a few seconds later (a brand-new
 * cluster, a new MSK or Confluent cluster at the first deploy). kafkajs reports both that and
 * a refused group ACL as "no group coordinator", so only an absence lasting past
 * COORDINATOR_PATIENCE_MS is taken for the ACL; a missing ACL costs the start those seconds.
 */
async function describeGroupPatiently(admin: Admin, group: string, patienceMs = COORDINATOR_PATIENCE_MS): Promise<void> {
  const until = Date.now() + patienceMs;
  for (;;) {
    try {
      await admin.describeGroups([group]);
      return;
    } catch (err) {
      if (!chain(err).some((e) => e.name === 'KafkaJSGroupCoordinatorNotFound') || Date.now() > until) throw err;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}

/** KAFKA_TOPICS=check: every topic exists with at least the partitions and replicas wanted. */
export async function checkTopics(admin: Admin, topics: string[], partitions: number, replicas: number, settings: KafkaSettings): Promise<void> {
  const existing = new Set(await admin.listTopics());
  const missing = topics.filter((t) => !existing.has(t));
  if (missing.length) {
    const what = missing.length === 1 ? `topic ${missing[0]} does not exist` : `topics ${missing.join(', ')} do not exist`;
    throw new KafkaStartError(
      `KAFKA_TOPICS=check: ${what}${settings.sasl ? ` (or user ${userOf(settings)} may not DESCRIBE them)` : ''}; create them with \`ops kafka topics\``,
    );
  }
  const { topics: meta } = await admin.fetchTopicMetadata({ topics });
  for (const t of meta) {
    const replication = Math.min(...t.partitions.map((p) => p.replicas.length));
    if (t.partitions.length < partitions)
      throw new KafkaStartError(`KAFKA_TOPICS=check: topic ${t.name} has ${t.partitions.length} partitions, KAFKA_PARTITIONS asks for ${partitions}`);
    if (replication < replicas)
      throw new KafkaStartError(`KAFKA_TOPICS=check: topic ${t.name} has ${replication} replicas, the cluster's brokers allow ${replicas}`);
  }
}

/** kafkajs' error (or the one it wraps after its retries) as a message naming the cause. */
export function translate(err: unknown, settings: KafkaSettings, stage: string): Error {
  if (err instanceof KafkaStartError) return err;
  const user = userOf(settings);
  const p = settings.topicPrefix;
  for (const e of chain(err)) {
    if (e.name === 'KafkaJSSASLAuthenticationError') {
      return new KafkaStartError(
        `KAFKA_SASL_USERNAME/KAFKA_SASL_PASSWORD_FILE: the broker refused the credentials (SASL ${settings.saslLabel ?? ''}): ${e.message}`,
        { cause: err },
      );
    }
    if (e.code && UNTRUSTED.has(e.code)) {
      return new KafkaStartError(
        `KAFKA_SSL_CA_FILE: the broker's certificate is not trusted: ${e.code} (${settings.ssl?.ca ? 'the CA file does not sign it' : "no CA file set: only the system's CAs are trusted"})`,
        { cause: err },
      );
    }
    if (e.code === 'ERR_TLS_CERT_ALTNAME_INVALID')
      return new KafkaStartError(`KAFKA_BROKERS: the broker's certificate does not name the address connected to: ${e.message}`, { cause: err });
    if (e.code === 'CERT_HAS_EXPIRED') return new KafkaStartError(`KAFKA_SSL_CA_FILE: the broker's certificate has expired`, { cause: err });
    if (e.type === 'TOPIC_AUTHORIZATION_FAILED') {
      return new KafkaStartError(
        `Kafka ACLs: user ${user} may not use the topics while ${stage} (the service needs DESCRIBE, READ and WRITE on topics prefixed ${p}${settings.topicsMode === 'check' ? '' : ', and CREATE unless KAFKA_TOPICS=check'})`,
        { cause: err },
      );
    }
    // kafkajs drops FindCoordinator's GROUP_AUTHORIZATION_FAILED and reports no coordinator:
    // with the cluster described and the topics read just before, that is the missing group ACL
    const noCoordinator = e.name === 'KafkaJSGroupCoordinatorNotFound' && stage.startsWith('describing consumer group');
    if (e.type === 'GROUP_AUTHORIZATION_FAILED' || noCoordinator) {
      return new KafkaStartError(
        `Kafka ACLs: user ${user} may not DESCRIBE consumer groups prefixed ${p} (the service needs READ and DESCRIBE on groups prefixed ${p})`,
        { cause: err },
      );
    }
    if (e.type === 'CLUSTER_AUTHORIZATION_FAILED') {
      return new KafkaStartError(
        `Kafka ACLs: user ${user} may not act on the cluster while ${stage} (creating topics needs CREATE on topics prefixed ${p}; or set KAFKA_TOPICS=check and create them with \`ops kafka topics --create\`)`,
        { cause: err },
      );
    }
  }
  const last = chain(err).at(-1);
  return new KafkaStartError(`KAFKA_BROKERS: Kafka failed while ${stage} at ${settings.brokers.join(',')}: ${last?.message ?? String(err)}`, { cause: err });
}

type Failure = Error & { code?: string; type?: string; originalError?: unknown; errors?: unknown[] };

/** The error and what it wraps: kafkajs keeps the cause of its last retry in `cause`/`originalError`. */
function chain(err: unknown, seen = new Set<unknown>()): Failure[] {
  if (!(err instanceof Error) || seen.has(err)) return [];
  seen.add(err);
  const e = err as Failure;
  const inner = [e.cause, e.originalError, ...(Array.isArray(e.errors) ? e.errors : [])];
  return [e, ...inner.flatMap((i) => chain(i, seen))];
}

function userOf(settings: KafkaSettings): string {
  return settings.sasl && 'username' in settings.sasl ? settings.sasl.username : 'ANONYMOUS';
}
