import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { applicationBody } from '../applications/requests.js';
import { GatewayClient } from '../gateway/gateway-client.js';
import type { RelayProcess } from '../relay/support/relay-process.js';
import { startRelayRunning } from './support/relay-running.js';
import { startTestApi, type TestApi } from '../support/api.js';
import { provisionPartner, type TestPartner } from '../support/partners.js';
import { PrivateKafka } from '../support/private-kafka.js';
import { waitFor } from '../support/wait.js';
import { PartnerEndpoint } from './support/partner-endpoint.js';

const FAST = { OUTBOX_SWEEP_INTERVAL: '300ms', OUTBOX_SWEEP_GRACE: '300ms' };
const DURING_OUTAGE = 10;

/**
 * Kafka down, then back. The API and the relay run on a broker of this suite's own
 * (test/support/private-kafka.ts), so the outage is real (the broker process is killed)
 * and never touches the shared stack other engineers' suites run on.
 */
describe('Kafka crashes and comes back: the outbox holds everything, then every notification and decision follows', function () {
  this.timeout(180_000);
  let broker: PrivateKafka;
  let t: TestApi;
  let relay: RelayProcess;
  let endpoint: PartnerEndpoint;
  let partner: TestPartner;

  before(async function () {
    this.timeout(120_000);
    broker = new PrivateKafka(); // assigned first: `after` removes whatever prepare made
    await broker.prepare();
    await broker.start();
    t = await startTestApi({ KAFKA_BROKERS: broker.brokers, ...FAST });
    endpoint = await new PartnerEndpoint().start();
    relay = await startRelayRunning(t.config);
    partner = await provisionPartner(t);
  });
  after(async () => {
    await broker?.start().catch(() => {}); // up again (if a failure left it down), so that everything drains
    await relay?.stop('SIGTERM');
    await endpoint?.stop();
    await t?.stop();
    await broker?.dispose();
  });

  const create = async () => {
    const body = applicationBody({}, { email: `buyer-${randomBytes(3).toString('hex')}+approve@example.com` });
    body.merchantUrls.notificationEndpoint = endpoint.url('/outage');
    const res = await t.client.post('/financing/v1/applications', body, { token: partner.token });
    expect(res.status, res.text).to.equal(201);
    return res.body;
  };
  const labelsOf = (id: string) => endpoint.firstArrivals(partner.webhookSecret, id).map((a) => a.label);
  const pendingOutbox = (ids: string[]) =>
    t.api.runtime.db.collection<{ _id: string }>('applications').countDocuments({ _id: { $in: ids }, outboxAt: { $exists: true } });

  it("when the broker is killed, then creates and the customer's confirm still succeed, and once it is back every notification, the decision and its notification arrive", async () => {
    const before = await create();
    await endpoint.waitForSequence(partner.webhookSecret, before.id, ['PROCESSING_REDIRECT_NEEDED'], 60_000);

    await broker.stop('SIGKILL');
    const health = await waitFor(
      'health to report Kafka down',
      async () => {
        const res = await t.client.get('/v1/health');
        return res.body.components?.kafka?.status === 'DOWN' && res;
      },
      { maxWait: 15_000, interval: 500 },
    );
    // the service still does its job (events wait in the outbox): it stays in rotation
    expect(health.status, 'health stays 200 while only Kafka is down').to.equal(200);
    expect(health.body).to.include({ status: 'DEGRADED' });
    expect(health.body.components.mongo).to.deep.equal({ status: 'UP' });

    const confirm = await new GatewayClient(t, before.gatewayRedirectUrl).submit('confirm');
    expect(confirm.status, 'the customer confirms while Kafka is down').to.equal(303);
    const during: any[] = [];
    for (let i = 0; i < DURING_OUTAGE; i++) during.push(await create());
    const ids = [before.id, ...during.map((a) => a.id)];
    expect(await pendingOutbox(ids), 'the outage holds every new event in its document').to.equal(ids.length);

    await broker.start();
    await waitFor(
      'every notification and the decision after the outage',
      async () => {
        const pending = await pendingOutbox(ids);
        const decided = labelsOf(before.id).includes('READY_TO_SHIP');
        return pending === 0 && decided && during.every((a) => labelsOf(a.id).length > 0);
      },
      { maxWait: 90_000, interval: 250 },
    ).catch((err) => {
      throw new Error(`${err.message}\nrelay: ${relay.log}`);
    });

    expect(labelsOf(before.id)).to.deep.equal(['PROCESSING_REDIRECT_NEEDED', 'READY_TO_SHIP']);
    expect((await t.client.get(`/financing/v1/applications/${before.id}`, { token: partner.token })).body.stateReason).to.equal('READY_TO_SHIP');
    for (const a of during) expect(labelsOf(a.id), a.id).to.deep.equal(['PROCESSING_REDIRECT_NEEDED']);
    const webhookIds = new Map<string, Set<string>>();
    for (const a of endpoint.verified(partner.webhookSecret)) {
      const key = `${a.applicationId} ${a.label}`;
      webhookIds.set(key, (webhookIds.get(key) ?? new Set()).add(a.webhookId));
    }
    expect(
      [...webhookIds].filter(([, set]) => set.size > 1),
      'a notification sent under two webhook-ids',
    ).to.deep.equal([]);
    expect((await t.client.get('/v1/health')).status, 'health recovers').to.equal(200);
  });
});
