import { expect } from 'chai';
import { applicationBody } from '../applications/requests.js';
import { startTestApi, type TestApi } from '../support/api.js';
import { provisionPartner, type TestPartner } from '../support/partners.js';
import { PrivateKafka } from '../support/private-kafka.js';
import { waitFor } from '../support/wait.js';
import { startPrometheus, type TestPrometheus } from './prometheus-process.js';

/**
 * The signals behind KafkaUnreachable and OutboxEntryStuck, on a real outage: the API runs
 * on a broker of this suite's own (the shared stack is never touched), the broker is
 * killed, and the API's /metrics and the alert state in a real Prometheus are read.
 */
describe('monitoring: when Kafka is killed, the dependency and outbox metrics show it and KafkaUnreachable engages', function () {
  this.timeout(180_000);
  let broker: PrivateKafka;
  let t: TestApi;
  let partner: TestPartner;
  let prom: TestPrometheus;

  before(async function () {
    this.timeout(120_000);
    broker = new PrivateKafka();
    await broker.prepare();
    await broker.start();
    t = await startTestApi({ KAFKA_BROKERS: broker.brokers, OUTBOX_SWEEP_INTERVAL: '300ms', OUTBOX_SWEEP_GRACE: '300ms' });
    partner = await provisionPartner(t);
    prom = await startPrometheus({ 'partner-financing-api': `127.0.0.1:${t.api.metricsPort}` }, 3);
  });
  after(async () => {
    await prom?.stop();
    await broker?.start().catch(() => {}); // back up, so that the API drains its outbox
    await t?.stop();
    await broker?.dispose();
  });

  /** One sample of the API's own /metrics, by series text (name and labels). */
  const sample = async (series: string): Promise<number | undefined> => {
    const text = await (await fetch(`http://127.0.0.1:${t.api.metricsPort}/metrics`)).text();
    const line = text.split('\n').find((l) => l.startsWith(`${series} `));
    return line === undefined ? undefined : Number(line.slice(series.length + 1));
  };
  const create = async () => {
    const res = await t.client.post('/financing/v1/applications', applicationBody(), { token: partner.token });
    expect(res.status, res.text).to.equal(201);
  };
  const alertState = async (name: string) => {
    const alerts = (await prom.get('/api/v1/alerts')).data.alerts as { labels: { alertname: string }; state: string }[];
    return alerts.find((a) => a.labels.alertname === name)?.state;
  };

  it('when the broker is down, then dependency_up{kafka} is 0 with the store still 1, the writes wait in the outbox with a growing age, and KafkaUnreachable is pending; once it is back, all clears', async () => {
    await create();
    expect(await sample('dependency_up{dependency="kafka",service="api"}')).to.equal(1);
    await waitFor('the outbox to empty', async () => (await sample('outbox_pending_entries{service="api"}')) === 0, { maxWait: 15_000, interval: 200 });

    await broker.stop('SIGKILL');
    for (let i = 0; i < 3; i++) await create();
    await waitFor('dependency_up{kafka} 0', async () => (await sample('dependency_up{dependency="kafka",service="api"}')) === 0, {
      maxWait: 20_000,
      interval: 500,
    });
    expect(await sample('dependency_up{dependency="store",service="api"}')).to.equal(1);
    expect(await sample('outbox_pending_entries{service="api"}')).to.be.at.least(3);
    const age = (await sample('outbox_oldest_pending_age_seconds{service="api"}'))!;
    await waitFor('the oldest entry to age', async () => (await sample('outbox_oldest_pending_age_seconds{service="api"}'))! >= age + 1, {
      maxWait: 10_000,
      interval: 250,
    });
    await waitFor('KafkaUnreachable pending in Prometheus', async () => (await alertState('KafkaUnreachable')) === 'pending', {
      maxWait: 20_000,
      interval: 500,
    });
    expect(await alertState('StoreUnreachable')).to.equal(undefined);

    await broker.start();
    await waitFor('dependency_up{kafka} 1 again', async () => (await sample('dependency_up{dependency="kafka",service="api"}')) === 1, {
      maxWait: 30_000,
      interval: 500,
    });
    await waitFor('the sweeper to publish what waited', async () => (await sample('outbox_pending_entries{service="api"}')) === 0, {
      maxWait: 60_000,
      interval: 500,
    });
    expect(await sample('outbox_oldest_pending_age_seconds{service="api"}')).to.equal(0);
    await waitFor('KafkaUnreachable to clear', async () => (await alertState('KafkaUnreachable')) === undefined, { maxWait: 20_000, interval: 500 });
  });
});
