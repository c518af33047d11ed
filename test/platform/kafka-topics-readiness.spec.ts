import { expect } from 'chai';
import { Kafka, logLevel } from 'kafkajs';
import { topics as topicsVerb } from '../../ops/commands/kafka/topics.js';
import type { VerbContext } from '../../ops/verb.js';
import { systemClock } from '../../platform/clock.js';
import { createLogger } from '../../platform/logger.js';
import type { Relay } from '../../relay/create-relay.js';
import { startTestApi, type TestApi } from '../support/api.js';
import { testConfig, uniqueSuffix } from '../support/config.js';
import { plainRequest } from '../support/http.js';
import { PrivateKafka } from '../support/private-kafka.js';
import { startTestRelay } from '../relay/support/relay.js';

/**
 * KAFKA_TOPICS=check creates no topic, so one deleted after the start would stay missing
 * while the instance looked healthy. A broker of the test's own (topics are deleted and
 * made again): the API's and the relay's readiness turn 503 TOPICS_MISSING naming the topic
 * within a few seconds, and ready again once it exists.
 */
describe('readiness with KAFKA_TOPICS=check when a topic goes missing (a private broker)', function () {
  this.timeout(180_000);
  const broker = new PrivateKafka();
  const prefix = `chk.${uniqueSuffix()}.`;
  let api: TestApi | undefined;
  let relay: Relay | undefined;
  let admin: ReturnType<Kafka['admin']>;
  const deadLetter = `${prefix}dead-letter`;

  before(async () => {
    await broker.prepare();
    await broker.start();
    admin = new Kafka({ brokers: [broker.brokers], clientId: 'topics-readiness-test', logLevel: logLevel.NOTHING }).admin();
    await admin.connect();
    // (a brand-new broker: no consumer group was ever used, so the preflight's first group
    // look-up creates __consumer_offsets and waits for its coordinator)
    const env = { KAFKA_BROKERS: broker.brokers, KAFKA_TOPIC_PREFIX: prefix, KAFKA_TOPICS: 'check' };
    // the topics an operator creates beforehand (`ops kafka topics --create`)
    const ctx = { config: testConfig(env), logger: createLogger({ level: 'silent', name: 'ops-test' }), clock: systemClock } as unknown as VerbContext;
    await topicsVerb.run(ctx, { create: true });
    api = await startTestApi(env);
    relay = await startTestRelay(api.config);
  });

  after(async () => {
    await admin?.disconnect();
    await relay?.stop();
    await api?.stop();
    await broker.dispose();
  });

  const apiHealth = () => api!.client.get('/v1/health');
  const relayReady = () => plainRequest(`http://127.0.0.1:${relay!.metricsPort}/health/ready`, 'GET');

  /** Polls until `ok` holds, and returns how long that took. */
  async function within(ms: number, ok: () => Promise<boolean>): Promise<number> {
    const t0 = Date.now();
    while (!(await ok())) {
      if (Date.now() - t0 > ms) throw new Error(`not within ${ms} ms`);
      await new Promise((r) => setTimeout(r, 200));
    }
    return Date.now() - t0;
  }

  it('when every topic exists, then the API and the relay are ready', async () => {
    expect((await apiHealth()).status).to.equal(200);
    await within(30_000, async () => (await relayReady()).status === 200);
  });

  it('when a topic is deleted after the start, then both answer 503 TOPICS_MISSING naming it within seconds; recreated, ready again', async () => {
    await admin.deleteTopics({ topics: [deadLetter], timeout: 10_000 });
    const apiMs = await within(10_000, async () => (await apiHealth()).status === 503);
    const a = await apiHealth();
    expect(a.body.status).to.equal('DOWN');
    expect(a.body.errors).to.have.length(1);
    expect(a.body.errors[0]).to.include({ code: 'TOPICS_MISSING', severity: 'ERROR' });
    expect(a.body.errors[0].message).to.include(deadLetter);
    expect(a.headers['retry-after']).to.equal('30');

    const relayMs = await within(10_000, async () => (await relayReady()).status === 503);
    const r = await relayReady();
    expect(r.body.status).to.equal('TOPICS_MISSING');
    expect(r.body.errors[0].code).to.equal('TOPICS_MISSING');
    expect(r.body.errors[0].message).to.include(deadLetter);
    console.log(`      (missing topic seen by the API after ${apiMs} ms, by the relay ${relayMs} ms after that)`);
    // the cache lets a burst of probes cost one listing: at most its 2 s, plus the listing
    expect(Math.max(apiMs, relayMs)).to.be.below(5_000);

    await admin.createTopics({ topics: [{ topic: deadLetter, numPartitions: 2, replicationFactor: 1 }], waitForLeaders: true });
    await within(10_000, async () => (await apiHealth()).status === 200);
    await within(10_000, async () => (await relayReady()).status === 200);
  });
});
