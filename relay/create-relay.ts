import type http from 'node:http';
import type { Config } from '../config/index.js';
import type { Logger } from '../platform/logger.js';
import { createRuntime, type Runtime } from '../platform/runtime.js';
import { serveMetrics } from '../platform/metrics.js';
import { relayLiveness, relayReadiness } from './relay.health.js';
import { TOPICS } from '../platform/kafka.js';
import { parseNotificationMessage, parseTaskMessage, MongoDeliveryRepository } from '../modules/webhooks/index.js';
import { Abandon } from './abandon.js';
import { Deliverer } from './delivery.service.js';
import { EndpointLimiter } from './endpoint-limiter.js';
import { Lane, retryFetchWaitMs, type LaneSpec } from './lane.js';
import { cachedSecrets, versionedBodies, type PartnerSecretsFactory } from './partner-secrets.js';
import { apiVersions } from '../versions/index.js';
import { relayMetrics } from './relay.metrics.js';
import { openMigrationGate } from '../platform/migrations.js';
import { RELAY_MIGRATIONS } from './migrations.js';
import { consumerLagGauge, lazyAdmin } from '../platform/consumer-lag.js';
import { distinctDelays, laneGroup, RELAY_TOPICS, relayTopics, retryTopic } from './relay.topics.js';
import { WebhookSigner } from './signing.js';
import { WebhookClient } from './webhook-client.js';

/** What the composition root hands the relay from outside it. */
export interface RelayPorts {
  partnerSecrets: PartnerSecretsFactory;
}

export interface Relay {
  runtime: Runtime;
  deliveries: MongoDeliveryRepository;
  metricsPort: number;
  /** graceful: stop fetching, finish (or abandon after a bound) what is in flight, commit, disconnect */
  stop(): Promise<void>;
}

/**
 * Work taken from one partition and not yet recorded. A backlog stays in Kafka instead of
 * piling up in endpoint queues (where it would outwait WEBHOOK_TIMEOUT and be shed as
 * ENDPOINT_BUSY). A hanging endpoint's deliveries leave within one timeout, so it can
 * hold this many only at more than 1000 notifications per timeout on one partition.
 */
const MAX_IN_FLIGHT_PER_PARTITION = 1_000;

/**
 * The webhook relay process: consumes notification requests from Kafka and delivers them
 * (docs/webhooks.md tells the design). One lane (consumer group) per topic:
 * notifications, redeliveries, and one retry topic per distinct delay.
 */
export async function startRelay(config: Config, logger: Logger, ports: RelayPorts): Promise<Relay> {
  const delays = config.webhooks.retryDelaysMs;
  const runtime = await createRuntime(config, logger, 'relay', relayTopics(delays));
  const { topics, kafka, producer } = runtime;
  const abandon = new Abandon();
  const metrics = relayMetrics(runtime.registry);
  const deliveries = new MongoDeliveryRepository(runtime.db);
  const client = new WebhookClient({
    timeoutMs: config.webhooks.timeoutMs,
    allowPrivateNetworks: config.webhooks.allowPrivateNetworks,
    logger: logger.child({ component: 'webhook-client' }),
    clock: runtime.clock,
  });
  const partners = ports.partnerSecrets(runtime.db, runtime.secrets);
  // a wrong master key stops the start here, not at the first webhook
  await partners.verifyMasterKey?.().catch(async (err) => {
    await runtime.close();
    throw err;
  });
  const deliverer = new Deliverer({
    repo: deliveries,
    secrets: cachedSecrets(partners, runtime.clock),
    shape: versionedBodies(partners, apiVersions, runtime.clock),
    client,
    signer: new WebhookSigner(),
    limiter: new EndpointLimiter(config.webhooks.concurrencyPerEndpoint, config.webhooks.maxQueuedPerEndpoint, config.webhooks.timeoutMs),
    producer,
    topics,
    policy: { delaysMs: delays },
    metrics,
    logger: logger.child({ component: 'deliverer' }),
    clock: runtime.clock,
    sendTraceparent: config.webhooks.sendTraceparent,
  });
  const lane = (name: string, logical: string, waitForDue: boolean, maxWaitMs: number | undefined, parse: LaneSpec['parse']) =>
    new Lane(
      { name, topic: topics.name(logical), groupId: topics.group(laneGroup(logical)), waitForDue, maxWaitMs, parse },
      {
        kafka,
        producer,
        metrics,
        abandon,
        poisonTopic: topics.name(TOPICS.deadLetter),
        handle: (task, signal) => deliverer.handle(task, signal),
        logger,
        partitions: config.kafka.partitions,
        maxInFlightPerPartition: MAX_IN_FLIGHT_PER_PARTITION,
        clock: runtime.clock,
      },
    );
  const lanes = [
    lane('notifications', RELAY_TOPICS.notifications, false, undefined, (v) => parseNotificationMessage(v)),
    lane('redeliveries', RELAY_TOPICS.redeliveries, false, undefined, parseTaskMessage),
    ...distinctDelays(delays).map((d) => lane(`retry-${d}ms`, retryTopic(d), true, retryFetchWaitMs(d), parseTaskMessage)),
  ];
  const lagAdmin = lazyAdmin(kafka);
  const lagSources = lanes.map((l) => ({ groupId: l.groupId, topic: l.topic }));
  consumerLagGauge(runtime.registry, {
    name: 'webhook_consumer_lag',
    help: 'Messages not yet committed by the relay, per consumer group, topic and partition',
    admin: lagAdmin.get,
    sources: () => lagSources,
  });

  let metricsServer: http.Server | undefined;
  const shutdown = async () => {
    for (const l of lanes) l.quiesce();
    const drainMs = Math.min(config.webhooks.timeoutMs + 2_000, 20_000);
    if (!(await until(() => deliverer.active === 0, drainMs))) {
      logger.warn({ inFlight: deliverer.active }, 'in-flight deliveries abandoned at shutdown; they are redelivered after restart');
      abandon.abort();
      await until(() => deliverer.active === 0, 5_000);
    }
    for (const l of lanes) await l.close().catch((err) => logger.warn({ err, lane: l.topic }, 'lane did not close cleanly'));
    if (metricsServer) await new Promise<void>((r) => metricsServer!.close(() => r()));
    await lagAdmin.close();
    client.close();
    await runtime.close();
  };
  try {
    const gate = await openMigrationGate(runtime.db, RELAY_MIGRATIONS, config.store.migrations, logger);
    // the relay's health on its metrics listener: readiness (store migrated, every lane in
    // its group) and liveness (every lane's consumer loop alive) for the orchestrator's probes
    const statuses = () => lanes.map((l) => l.status());
    metricsServer = await serveMetrics(runtime.registry, config.metrics.host, config.metrics.relayPort, {
      '/health/ready': async () =>
        gate.ready
          ? relayReadiness(statuses(), await runtime.topicPresence?.missing())
          : { status: 503, body: { status: 'NOT_READY', message: gate.notReadyMessage() } },
      '/health/live': () => relayLiveness(statuses()),
    });
    // nothing is consumed before the store has what the deliveries need (the Job runs first)
    if (!gate.ready) {
      await gate.whenApplied((missing) => logger.warn({ missing }, 'relay waits for store migrations'));
      gate.open();
    }
    for (const l of lanes) await l.start();
  } catch (err) {
    await shutdown().catch(() => {});
    throw err;
  }
  const metricsPort = (metricsServer.address() as { port: number }).port;
  logger.info({ metricsPort, lanes: lanes.map((l) => l.topic) }, 'relay running');
  return { runtime, deliveries, metricsPort, stop: shutdown };
}

async function until(condition: () => boolean, maxMs: number): Promise<boolean> {
  const end = Date.now() + maxMs;
  while (!condition()) {
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, 20));
  }
  return true;
}
