import { expect } from 'chai';
import { MongoClient } from 'mongodb';
import type { Config } from '../../platform/config.js';
import { createKafka } from '../../platform/kafka.js';
import { createLogger } from '../../platform/logger.js';
import { applicationBody } from '../applications/requests.js';
import { RelayProcess } from '../relay/support/relay-process.js';
import { dropTestResources } from '../support/api.js';
import { ApiProcess } from '../support/api-process.js';
import { testConfig, uniqueSuffix } from '../support/config.js';
import { provisionPartnerByCli, type TestPartner } from '../support/partners.js';
import { waitFor } from '../support/wait.js';
import { PartnerEndpoint } from './support/partner-endpoint.js';

const N = 200;
const CONCURRENCY = 20;
const KILL_AFTER = 60; // 201s received before the SIGKILL
const FAST = { OUTBOX_SWEEP_INTERVAL: '300ms', OUTBOX_SWEEP_GRACE: '300ms' };

/** One create request as the client saw it: a status, or a network error (outcome unknown). */
interface Outcome {
  number: string;
  status?: number;
  id?: string;
  error?: string;
}

interface StoredApp {
  _id: string;
  order: { number: string };
  outboxAt?: Date;
}

describe('nothing is lost when the API process is killed with SIGKILL in the middle of a burst of creates', function () {
  this.timeout(180_000);
  const suffix = uniqueSuffix();
  let config: Config;
  let api: ApiProcess;
  let relay: RelayProcess;
  let endpoint: PartnerEndpoint;
  let partner: TestPartner;
  let mongo: MongoClient;

  before(async function () {
    this.timeout(120_000);
    config = testConfig(FAST);
    api = await new ApiProcess(config, { ...FAST, RATE_LIMIT_PER_MINUTE: '100000' }).prepare();
    api.start();
    await api.healthy();
    endpoint = await new PartnerEndpoint().start();
    relay = new RelayProcess(config).start();
    partner = await provisionPartnerByCli(config, api.client);
    mongo = await new MongoClient(config.mongo.url, { retryWrites: false }).connect();
  });
  after(async () => {
    await relay?.stop('SIGTERM');
    await api?.dispose();
    await endpoint?.stop();
    await mongo?.close();
    if (config) await dropTestResources(config, createKafka(config.kafka, createLogger({ level: 'silent', name: 'api-crash-test' })), config.kafka.topicPrefix);
  });

  const bodyOf = (number: string) => {
    const body = applicationBody({}, { number });
    body.merchantUrls.notificationEndpoint = endpoint.url('/crash');
    return body;
  };

  /**
   * N creates, CONCURRENCY at a time, each with its own order number. When the KILL_AFTER-th
   * 201 arrives the API is killed and started again; a worker whose request fails waits for
   * the new process and goes on with the next order (the failed one's outcome is unknown).
   */
  async function burstWithKill(): Promise<{ outcomes: Outcome[]; answeredAtKill: number }> {
    const outcomes: Outcome[] = [];
    let next = 0;
    let created = 0;
    let answeredAtKill = -1;
    let restarting: Promise<void> | undefined;
    const killAndRestart = async () => {
      answeredAtKill = outcomes.length;
      expect(await api.stop('SIGKILL'), 'killed by the signal').to.equal(null);
      api.start();
    };
    const worker = async () => {
      while (next < N) {
        const number = `CRASH-${suffix}-${next++}`;
        try {
          const res = await api.client.post('/financing/v1/applications', bodyOf(number), { token: partner.token, timeoutMs: 20_000 });
          outcomes.push({ number, status: res.status, id: res.body?.id });
          if (res.status === 201 && ++created === KILL_AFTER) restarting = killAndRestart();
        } catch (err) {
          outcomes.push({ number, error: (err as Error).message });
          await restarting;
          await api.healthy();
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    await restarting;
    return { outcomes, answeredAtKill };
  }

  it('when the API dies mid-burst and restarts, then every stored application has its creation notification delivered (one webhook-id each), no notification names a missing application, and every 201 is stored', async () => {
    const { outcomes, answeredAtKill } = await burstWithKill();
    expect(outcomes).to.have.length(N);
    expect(answeredAtKill, 'killed in the middle of the burst').to.be.within(KILL_AFTER, N - 1);
    const unexpected = outcomes.filter((o) => o.status !== undefined && o.status !== 201);
    expect(unexpected, 'every answer is 201; a request cut by the kill has no answer').to.deep.equal([]);

    const applications = mongo.db(config.mongo.db).collection<StoredApp>('applications');
    const stored = await applications.find({ partnerId: partner.id }, { projection: { _id: 1, 'order.number': 1 } }).toArray();
    const storedIds = new Set(stored.map((a) => a._id));
    await waitFor(`a creation notification for each of the ${stored.length} stored applications, and no outbox entry left`, async () => {
      const notified = new Set(endpoint.verified(partner.webhookSecret).map((a) => a.applicationId));
      const pending = await applications.countDocuments({ partnerId: partner.id, outboxAt: { $exists: true } });
      return pending === 0 && stored.every((a) => notified.has(a._id));
    }, { maxWait: 60_000, interval: 200 }).catch((err) => { throw new Error(`${err.message}\nAPI: ${api.log}\nrelay: ${relay.log}`); });

    // every 201 is a stored application, under the same order number
    const numberOf = new Map(stored.map((a) => [a._id, a.order.number]));
    for (const o of outcomes.filter((x) => x.status === 201)) expect(numberOf.get(o.id!), `201 for ${o.number}`).to.equal(o.number);
    // a stored application came from a request answered 201 with its id, or cut by the kill
    const byNumber = new Map(outcomes.map((o) => [o.number, o]));
    for (const a of stored) {
      const o = byNumber.get(a.order.number)!;
      expect(o.id === a._id || o.error !== undefined, `${a.order.number}: answered ${o.status} ${o.id}`).to.equal(true);
    }

    // what the partner received: signed, creation notifications only, of stored applications, one webhook-id each
    const arrivals = endpoint.verified(partner.webhookSecret);
    const idsPerApp = new Map<string, Set<string>>();
    for (const a of arrivals) {
      expect(storedIds.has(a.applicationId), `a notification about ${a.applicationId}, which is not stored`).to.equal(true);
      expect(a.body).to.deep.equal({ id: a.applicationId, state: 'PROCESSING', stateReason: 'PROCESSING_REDIRECT_NEEDED' });
      idsPerApp.set(a.applicationId, (idsPerApp.get(a.applicationId) ?? new Set()).add(a.webhookId));
    }
    for (const a of stored) expect(idsPerApp.get(a._id)?.size, `webhook-ids of ${a._id}`).to.equal(1);
    expect(stored.length).to.be.within(outcomes.filter((o) => o.status === 201).length, N);
  });
});
