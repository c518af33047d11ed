import { expect } from 'chai';
import { ManagedConsumer, NonRetriableError } from '../../platform/consumer.js';
import type { Config } from '../../config/index.js';
import { kafkaMessage } from '../../platform/kafka-message.js';
import { createLogger } from '../../platform/logger.js';
import { createRuntime, type Runtime } from '../../platform/runtime.js';
import { testConfig } from '../support/config.js';
import { dropTestResources } from '../support/api.js';
import { runOps } from '../support/partners-cli.js';
import { waitFor } from '../support/wait.js';

interface Probe {
  type: 'probe';
  id: string;
}

/**
 * Dead letters, listed and put back by the operators' program against real Kafka: a consumer
 * refuses a message while its cause is broken, the message is dead-lettered; once the cause
 * is fixed, `ops kafka replay` puts it back and it is applied once, however often it is
 * replayed (the consumer's inbox drops a message id it has handled).
 */
describe('ops kafka dead-letters and replay: a dead-lettered message, its cause fixed, applied once', function () {
  this.timeout(180_000);
  let config: Config;
  let runtime: Runtime;
  let consumer: ManagedConsumer<Probe> | undefined;
  before(async () => {
    config = testConfig();
    runtime = await createRuntime(config, createLogger({ level: config.process.logLevel, name: 'dead-letters-test' }), 'test', []);
  });
  after(async () => {
    await consumer?.stop();
    await runtime?.close();
    if (runtime) await dropTestResources(config, runtime.kafka, runtime.topics.name(''));
  });

  it('when a message is dead-lettered, then it is listed with its source and reason; a replay runs dry until confirmed with a reason, then applies it once; a second replay changes nothing', async () => {
    const topic = runtime.topics.name('replay-probe');
    const admin = runtime.kafka.admin();
    await admin.connect();
    await admin.createTopics({ topics: [{ topic, numPartitions: 1 }] }).catch(() => {});
    await admin.disconnect();
    let broken = true;
    const applied: string[] = [];
    consumer = new ManagedConsumer<Probe>(runtime.consumerDeps, {
      groupId: runtime.topics.group('replay-probe'),
      topics: [topic],
      parse: (value) => JSON.parse(value?.toString() ?? 'null') as Probe,
      idOf: (p) => p.id,
      handle: async (p) => {
        if (broken && p.id === 'm-1') throw new NonRetriableError('the partner it names is unknown');
        applied.push(p.id);
      },
    });
    await consumer.start();
    const send = (id: string) =>
      runtime.producer.send({ topic, messages: [kafkaMessage({ key: 'k', value: JSON.stringify({ type: 'probe', id }), id, type: 'probe' })] });
    await send('m-1');
    await send('m-2');
    await waitFor('m-2 handled', () => applied.includes('m-2'), { maxWait: 30_000 });

    const listedOut = await waitFor(
      'the dead letter listed',
      async () => {
        const r = await runOps(config, ['kafka', 'dead-letters', '--source', 'replay-probe']);
        expect(r.code, r.stderr).to.equal(0);
        return r.json.count === 1 && r.json;
      },
      { maxWait: 30_000, interval: 500 },
    );
    const [dead] = listedOut.deadLetters;
    expect(dead).to.deep.include({ id: 'm-1', eventType: 'probe', reason: 'the partner it names is unknown' });
    expect(dead.source).to.deep.include({ topic, partition: 0, consumerGroup: runtime.topics.group('replay-probe') });
    expect(dead).to.not.have.property('value');

    broken = false; // the cause is fixed
    const dry = await runOps(config, ['kafka', 'replay', '--id', 'm-1']);
    expect(dry.code, dry.stderr).to.equal(0);
    expect(dry.json).to.deep.include({ dryRun: true });
    expect(dry.json.plan.wouldReplay).to.equal(1);
    const refused = await runOps(config, ['kafka', 'replay', '--id', 'm-1', '--yes-i-know-what-im-doing']);
    expect(refused.code, 'confirmed without a reason').to.equal(2);
    expect(
      (await runOps(config, ['kafka', 'replay', '--yes-i-know-what-im-doing', '--reason', 'all'])).code,
      'no choice: the whole topic is never replayed',
    ).to.equal(2);
    expect(applied, 'nothing replayed by a dry run').to.deep.equal(['m-2']);

    const done = await runOps(config, ['kafka', 'replay', '--id', 'm-1', '--yes-i-know-what-im-doing', '--reason', 'partner provisioned']);
    expect(done.code, done.stderr).to.equal(0);
    expect(done.json).to.deep.include({ dryRun: false, reason: 'partner provisioned' });
    expect(done.json.result.replayed).to.deep.equal(['m-1']);
    await waitFor('m-1 applied', () => applied.includes('m-1'), { maxWait: 30_000 });

    // again: the inbox knows m-1; a message sent after it shows the consumer has passed it
    expect((await runOps(config, ['kafka', 'replay', '--id', 'm-1', '--yes-i-know-what-im-doing', '--reason', 'twice'])).code).to.equal(0);
    await send('m-3');
    await waitFor('m-3 handled', () => applied.includes('m-3'), { maxWait: 30_000 });
    expect(applied).to.deep.equal(['m-2', 'm-1', 'm-3']);

    // every replay run is in the operators' audit, with its reason and outcome
    const audited = await runOps(config, ['data', 'audit', '--command', 'kafka replay']);
    expect(audited.code, audited.stderr).to.equal(0);
    expect(audited.json.records.map((r: { outcome: string; reason?: string }) => `${r.outcome} ${r.reason ?? ''}`)).to.deep.equal([
      'applied twice',
      'applied partner provisioned',
      'refused all',
      'refused ',
      'dry-run ',
    ]);
    expect(audited.json.records[1].options).to.deep.include({ id: ['m-1'], 'yes-i-know-what-im-doing': true });
  });
});
