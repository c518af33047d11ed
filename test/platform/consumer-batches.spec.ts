import { expect } from 'chai';
import { createLogger } from '../../platform/logger.js';
import { createRuntime, type Runtime } from '../../platform/runtime.js';
import { ManagedConsumer, NonRetriableError } from '../../platform/consumer.js';
import { TOPICS } from '../../platform/kafka.js';
import { testConfig } from '../support/config.js';
import { TopicCollector } from '../support/kafka.js';
import { dropTestResources } from '../support/api.js';
import { waitFor } from '../support/wait.js';
import type { Config } from '../../config/index.js';

interface Probe {
  type: 'probe';
  id: string;
  bad?: boolean;
}

/**
 * A managed consumer that takes each partition's fetch as one batch (`handleBatch`), on a
 * real broker: order, dead letters, the fallback to single messages, committed offsets.
 */
describe('managed consumer in batches (real Kafka)', function () {
  this.timeout(60_000);
  let config: Config;
  let runtime: Runtime;

  before(async () => {
    config = testConfig();
    runtime = await createRuntime(config, createLogger({ level: config.process.logLevel, name: 'consumer-batches-test' }), 'test', []);
  });
  after(async () => {
    await runtime?.close();
    if (runtime) await dropTestResources(config, runtime.kafka, runtime.topics.name(''));
  });

  function probeConsumer(topic: string, batches: string[][], singles: string[]) {
    return new ManagedConsumer<Probe>(runtime.consumerDeps, {
      groupId: runtime.topics.group('batch-probe'),
      topics: [topic],
      parse: (value) => {
        const p = JSON.parse(value?.toString() ?? 'null');
        if (p?.type !== 'probe') throw new NonRetriableError('not a probe');
        return p;
      },
      idOf: (p) => p.id,
      dedupe: 'handler',
      handle: async (p) => {
        if (p.bad) throw new NonRetriableError('a bad probe');
        singles.push(p.id);
      },
      handleBatch: async (ps) => {
        if (ps.some((p) => p.bad)) throw new NonRetriableError('a batch with a bad probe');
        batches.push(ps.map((p) => p.id));
      },
    });
  }

  it('when messages come faster than they are fetched, then they are handled in batches in offset order, poison and bad ones dead-lettered, and a restart sees none again', async () => {
    const topic = runtime.topics.name('batch-probe');
    await runtime.kafka
      .admin()
      .createTopics({ topics: [{ topic, numPartitions: 1 }] })
      .catch(() => {});
    const deadLetters = await new TopicCollector(runtime.kafka, runtime.topics.name(TOPICS.deadLetter)).start();
    const batches: string[][] = [];
    const singles: string[] = [];
    const probe = (id: string, bad = false) => ({ key: 'k', value: JSON.stringify({ type: 'probe', id, ...(bad ? { bad } : {}) }) });
    const first = Array.from({ length: 40 }, (_, i) => `a${i}`);
    // before the consumer starts, so that its first fetch brings them together
    await runtime.producer.send({
      topic,
      messages: [...first.slice(0, 20).map((id) => probe(id)), { key: 'k', value: 'not json' }, ...first.slice(20).map((id) => probe(id))],
    });
    let consumer = probeConsumer(topic, batches, singles);
    await consumer.start();
    try {
      await waitFor('the first 40 handled', () => batches.flat().length === 40, { maxWait: 20_000 });
      expect(batches.flat()).to.deep.equal(first);
      expect(Math.max(...batches.map((b) => b.length)), 'messages fetched together are handled together').to.be.greaterThan(1);
      expect(singles).to.deep.equal([]);

      // a batch refused as not retriable: handled again one by one, only the bad one dead-lettered
      await runtime.producer.send({ topic, messages: [probe('b0'), probe('b1', true), probe('b2')] });
      await waitFor('the good ones of the refused batch', () => singles.length + batches.flat().length >= 42, { maxWait: 20_000 });
      expect([...batches.flat().filter((id) => id.startsWith('b')), ...singles]).to.have.members(['b0', 'b2']);
      await deadLetters.waitForCount(2);
      expect(deadLetters.messages.map((m) => m.value)).to.include('not json');
    } finally {
      await consumer.stop();
    }

    // the same group again: the committed offsets hold, only what is new comes
    const again: string[][] = [];
    consumer = probeConsumer(topic, again, []);
    await consumer.start();
    try {
      await runtime.producer.send({ topic, messages: [probe('c0')] });
      await waitFor('the new message', () => again.flat().includes('c0'), { maxWait: 20_000 });
      expect(again.flat()).to.deep.equal(['c0']);
    } finally {
      await consumer.stop();
      await deadLetters.stop();
    }
  });
});
