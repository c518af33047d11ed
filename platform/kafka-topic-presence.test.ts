import { expect } from 'chai';
import { TopicPresence, topicsMissingError } from './kafka-topic-presence.js';

describe('topic presence (readiness with KAFKA_TOPICS=check)', () => {
  const cluster =
    (listed: string[], calls = { n: 0 }) =>
    async () => ({
      listTopics: async () => {
        calls.n++;
        return listed;
      },
    });

  it('when a topic of the process is not listed, then it is named as missing; listed ones are not', async () => {
    const p = new TopicPresence(cluster(['pf.events', 'pf.other']), ['pf.events', 'pf.webhooks']);
    expect(await p.missing()).to.deep.equal(['pf.webhooks']);
  });

  it('when probes come in a burst, then the cluster is asked once per cacheMs, and again after it', async () => {
    let now = 0;
    const calls = { n: 0 };
    const p = new TopicPresence(cluster(['a'], calls), ['a'], { cacheMs: 1000, now: () => now });
    await Promise.all([p.missing(), p.missing(), p.missing()]);
    expect(calls.n).to.equal(1);
    now = 1000;
    await p.missing();
    expect(calls.n).to.equal(2);
  });

  it('when the cluster fails or does not answer in time, then nothing is called missing (undefined)', async () => {
    const failing = new TopicPresence(async () => ({ listTopics: async () => Promise.reject(new Error('down')) }), ['a']);
    expect(await failing.missing()).to.equal(undefined);
    const silent = new TopicPresence(async () => ({ listTopics: () => new Promise<string[]>(() => {}) }), ['a'], { timeoutMs: 20 });
    expect(await silent.missing()).to.equal(undefined);
  });

  it('the error record names every missing topic and the command that creates them', () => {
    expect(topicsMissingError(['pf.a', 'pf.b'])).to.deep.equal({
      code: 'TOPICS_MISSING',
      message: 'Kafka topics pf.a, pf.b do not exist; KAFKA_TOPICS=check does not create topics: create them with `ops kafka topics`.',
      severity: 'ERROR',
    });
  });
});
