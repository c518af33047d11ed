import { randomBytes } from 'node:crypto';
import { Kafka, logLevel } from 'kafkajs';
import { MongoClient } from 'mongodb';
import type { Config } from '../../../config/index.js';
import { ApiProcess } from '../../support/api-process.js';
import { testConfig } from '../../support/config.js';
import { TestClient } from '../../support/http.js';
import { provisionPartnerByCli, type TestPartner } from '../../support/partners.js';
import { dropTestResources } from '../../support/api.js';
import { provideServices } from '../../setup/services.js';
import { Receiver, acknowledge } from '../../relay/support/receiver.js';
import type { RelayProcess } from '../../relay/support/relay-process.js';
import { startRelayRunning } from '../../e2e/support/relay-running.js';
import { FailoverClient } from './failover-client.js';
import { NotificationLedger } from './notifications.js';

/** What a drill started and must stop even when it is interrupted (scripts/drill.ts). */
const live = new Set<{ dispose(): Promise<void> }>();

export function trackForAbort<T extends { dispose(): Promise<void> }>(resource: T): T {
  live.add(resource);
  const dispose = resource.dispose.bind(resource);
  resource.dispose = async () => {
    live.delete(resource);
    await dispose();
  };
  return resource;
}

/** Stops everything still running (on a signal or the hard time limit). */
export async function disposeAll(): Promise<void> {
  await Promise.all([...live].map((r) => r.dispose().catch(() => {})));
}

export interface DrillPartner extends TestPartner {
  /** its webhook endpoint: a receiver of its own on 127.0.0.1 */
  receiver: Receiver;
}

/**
 * Everything a drill runs on: its own database and topic prefix (on the shared MongoDB-wire
 * server, and on the shared broker or a cluster of the drill's own), API and relay
 * processes, a webhook receiver on 127.0.0.1 for each partner, and a failover client.
 * `dispose` stops every process it started and drops what it created, whatever happened.
 */
export class DrillStage {
  config!: Config;
  readonly apis: ApiProcess[] = [];
  readonly relays: RelayProcess[] = [];
  readonly partners: DrillPartner[] = [];
  ledger!: NotificationLedger;
  client!: FailoverClient;
  private ownBrokers = false;
  /** the settings the relays run with (a drill that restarts one starts it with the same) */
  relayEnv: Record<string, string> = {};

  /** `brokers`: a cluster of the drill's own; otherwise the shared local stack's broker. */
  async setUp(opts: {
    brokers?: string;
    apis: number;
    relays: number;
    partners: number;
    partitions: number;
    log: (m: string) => void;
    /** settings of the API processes beside the drill's own (a drain delay) */
    apiEnv?: Record<string, string>;
    /** options of `ops partners create` for the drill's partners (a payout trigger) */
    partnerArgs?: string[];
  }): Promise<this> {
    const services = await provideServices();
    this.ownBrokers = opts.brokers !== undefined;
    this.config = testConfig({
      MONGO_URL: services.MONGO_URL,
      KAFKA_BROKERS: opts.brokers ?? services.KAFKA_BROKERS,
      MONGO_DB: `drill_${randomBytes(4).toString('hex')}`,
      KAFKA_PARTITIONS: String(opts.partitions),
    });
    // short outbox sweeps: a publish lost with a broker or an API is picked up quickly
    // (the per-partner rate limit is lifted: a drill's partners stand in for many shops;
    // webhook retries come within seconds, so that one falls inside the drill's drain)
    const env = {
      OUTBOX_SWEEP_INTERVAL: '500ms',
      OUTBOX_SWEEP_GRACE: '500ms',
      STORE_TIMEOUT: '5s',
      SANDBOX: 'true',
      RATE_LIMIT_PER_MINUTE: '1000000',
      WEBHOOK_RETRY_DELAYS: '1s,2s,5s,10s',
      // a key whose holder was killed is resolved once its lease ends: a drill's requests
      // take a few seconds at most, so its clients' retries need not wait out the default minute
      IDEMPOTENCY_LEASE: '10s',
    };
    for (let i = 0; i < opts.apis; i++) this.apis.push(await new ApiProcess(this.config, { ...env, ...opts.apiEnv }).prepare());
    for (const api of this.apis) api.start();
    await Promise.all(this.apis.map((a) => a.healthy(90_000)));
    opts.log(`${this.apis.length} API process(es) healthy`);
    for (let i = 0; i < opts.partners; i++) {
      const p = await provisionPartnerByCli(this.config, this.apis[0]!.client, opts.partnerArgs);
      const receiver = new Receiver(acknowledge);
      this.partners.push({ ...p, receiver });
      await receiver.start();
    }
    this.relayEnv = { ...env, WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' };
    for (let i = 0; i < opts.relays; i++) this.relays.push(await startRelayRunning(this.config, this.relayEnv));
    opts.log(`${this.relays.length} relay process(es) running`);
    this.ledger = new NotificationLedger(this.partners.map((p) => ({ receiver: p.receiver, secret: p.webhookSecret })));
    // clients of their own: the processes' clients stay for health checks
    this.client = new FailoverClient(this.apis.map((a) => new TestClient(a.baseUrl, a.cert)));
    return this;
  }

  /** The applications of the drill's partners as stored (for the effects check). */
  async withDb<T>(fn: (db: import('mongodb').Db) => Promise<T>): Promise<T> {
    const client = new MongoClient(this.config.store.url, { retryWrites: false });
    try {
      await client.connect();
      return await fn(client.db(this.config.store.db));
    } finally {
      await client.close();
    }
  }

  async dispose(): Promise<void> {
    await Promise.all([...this.relays, ...this.apis].map((p) => p.stop('SIGTERM').catch(() => null)));
    await Promise.all(this.apis.map((a) => a.dispose().catch(() => {})));
    await Promise.all(this.relays.map((r) => r.stop('SIGKILL').catch(() => null)));
    this.client?.close();
    await Promise.all(this.partners.map((p) => p.receiver.stop().catch(() => {})));
    if (!this.config) return;
    if (this.ownBrokers) {
      await this.withDb((db) => db.dropDatabase()).catch(() => {});
      return;
    }
    const kafka = new Kafka({ brokers: this.config.kafka.brokers, clientId: 'drill-cleanup', logLevel: logLevel.NOTHING });
    await dropTestResources(this.config, kafka, this.config.kafka.topicPrefix).catch(() => {});
  }
}
