import { expect } from 'chai';
import { ManagedConsumer } from '../../platform/consumer.js';
import type { Config } from '../../config/index.js';
import { domainEvent, parseDomainEvent, type DomainEvent } from '../../platform/events.js';
import { newId } from '../../platform/ids.js';
import { createLogger } from '../../platform/logger.js';
import { eventEntry } from '../../platform/outbox.js';
import { JOURNAL_EXCLUDED, JOURNAL_LIMIT } from '../../platform/outbox-journal.js';
import { createRuntime, type Runtime } from '../../platform/runtime.js';
import { VersionedStore, type Versioned } from '../../platform/versioned-store.js';
import { THINGS_TOPIC } from '../platform/fixtures/things.js';
import { dropTestResources } from '../support/api.js';
import { testConfig } from '../support/config.js';
import { TopicCollector, topicMessageCount } from '../support/kafka.js';
import { runOps } from '../support/partners-cli.js';
import { waitFor } from '../support/wait.js';

interface Thing extends Versioned {
  n: number;
}

const DOCS = 5;
const WRITES = 3;

/**
 * Kafka rebuilt from the database: documents written through the outbox (their events on
 * one cluster, here a topic prefix), then a cluster that has none of it (another prefix on the
 * same store), `ops kafka reconcile` sends the journals' entries to it with their ids; a
 * consumer with its inbox applies each once however often reconcile runs.
 */
describe('ops kafka reconcile: the outbox journals re-published to a Kafka that lost them', function () {
  this.timeout(120_000);
  let lostConfig: Config;
  let freshConfig: Config;
  let lost: Runtime;
  let fresh: Runtime;
  let consumer: ManagedConsumer<DomainEvent> | undefined;
  const collectors: TopicCollector[] = [];

  before(async () => {
    lostConfig = testConfig();
    // the new cluster: the same store, topics that start empty
    freshConfig = { ...lostConfig, kafka: { ...lostConfig.kafka, topicPrefix: `${lostConfig.kafka.topicPrefix}fresh.` } };
    lost = await createRuntime(lostConfig, createLogger({ level: lostConfig.process.logLevel, name: 'reconcile-test' }), 'test', [THINGS_TOPIC]);
    fresh = await createRuntime(freshConfig, createLogger({ level: freshConfig.process.logLevel, name: 'reconcile-test' }), 'test', [THINGS_TOPIC]);
  });

  after(async () => {
    await consumer?.stop();
    for (const c of collectors) await c.stop();
    await fresh?.close();
    await lost?.close();
    if (lost) await dropTestResources(lostConfig, lost.kafka, lost.topics.name(''));
  });

  it('when the cluster lost its messages, then reconcile runs dry by default, refuses a window past the inbox retention, and sends every journalled entry once per run with its own id; the consumer applies each once', async () => {
    const started = new Date(Date.now() - 1000);
    const store = new VersionedStore(lost.db.collection<Thing>('things'), lost.outbox);
    await store.init();
    const original = await new TopicCollector(lost.kafka, lost.topics.name(THINGS_TOPIC)).start();
    collectors.push(original);
    for (let d = 0; d < DOCS; d++) {
      const id = newId();
      const event = (version: number) => eventEntry(THINGS_TOPIC, domainEvent('test.thing.changed', { id, version, partnerId: 'p1' }, { n: version }));
      let doc = await store.insert({ _id: id, n: 1 }, [event(1)]);
      for (let v = 2; v <= WRITES; v++) doc = (await store.update(doc, { set: { n: v }, entries: [event(v)] }))!;
    }
    const sent = await original.waitForCount(DOCS * WRITES, 30_000);
    const raw = await lost.db.collection('things').findOne({});
    expect(raw!.journal, 'every write leaves its entries in the journal').to.have.length(WRITES);
    expect(await lost.db.collection('things').findOne({}, { projection: JOURNAL_EXCLUDED })).to.not.have.property('journal');

    const rebuilt = await new TopicCollector(fresh.kafka, fresh.topics.name(THINGS_TOPIC)).start();
    collectors.push(rebuilt);
    const applied: string[] = [];
    consumer = new ManagedConsumer<DomainEvent>(fresh.consumerDeps, {
      groupId: fresh.topics.group('reconcile-probe'),
      topics: [fresh.topics.name(THINGS_TOPIC)],
      parse: parseDomainEvent,
      idOf: (e) => e.id,
      handle: async (e) => {
        applied.push(e.id);
      },
    });
    await consumer.start();

    const since = started.toISOString();
    const dry = await runOps(freshConfig, ['kafka', 'reconcile', '--since', since]);
    expect(dry.code, dry.stderr).to.equal(0);
    expect(dry.json).to.deep.include({ dryRun: true });
    expect(dry.json.plan).to.deep.include({ documents: DOCS, entries: DOCS * WRITES, journalsCutShort: 0 });
    expect(dry.json.plan.byCollection).to.deep.equal({ things: DOCS * WRITES });
    expect(await topicMessageCount(fresh.kafka, fresh.topics.name(THINGS_TOPIC)), 'a dry run sends nothing').to.equal(0);

    const tooOld = await runOps(freshConfig, ['kafka', 'reconcile', '--since', new Date(Date.now() - 15 * 86_400_000).toISOString()]);
    expect(tooOld.code).to.equal(2);
    expect(tooOld.stderr).to.match(/14 days/);
    const empty = await runOps(freshConfig, ['kafka', 'reconcile', '--since', new Date(started.getTime() - 60_000).toISOString(), '--until', since]);
    expect(empty.json.plan.entries, 'a window before the writes').to.equal(0);

    const done = await runOps(freshConfig, ['kafka', 'reconcile', '--since', since, '--yes-i-know-what-im-doing', '--reason', 'cluster rebuilt']);
    expect(done.code, done.stderr).to.equal(0);
    expect(done.json.result.republished).to.equal(DOCS * WRITES);
    const again = await rebuilt.waitForCount(DOCS * WRITES, 30_000);
    const asSent = (m: { key: string | null; value: string | null; headers: Record<string, string> }) => `${m.key} ${m.headers['message-id']} ${m.value}`;
    expect(again.map(asSent).sort(), 'the same messages with the same ids').to.deep.equal(sent.map(asSent).sort());
    // each document's messages in the order they were written
    for (const key of new Set(sent.map((m) => m.key))) {
      const versions = again.filter((m) => m.key === key).map((m) => JSON.parse(m.value!).aggregateVersion);
      expect(versions, key!).to.deep.equal([1, 2, 3]);
    }
    await waitFor('every entry applied', () => applied.length === DOCS * WRITES, { maxWait: 30_000 });

    // a second run sends them all again; the inbox drops every one
    const twice = await runOps(freshConfig, ['kafka', 'reconcile', '--since', since, '--yes-i-know-what-im-doing', '--reason', 'run twice']);
    expect(twice.code, twice.stderr).to.equal(0);
    await rebuilt.waitForCount(2 * DOCS * WRITES, 30_000);
    const marker = newId();
    await fresh.producer.send({
      topic: fresh.topics.name(THINGS_TOPIC),
      messages: [eventEntry(THINGS_TOPIC, { ...domainEvent('test.thing.changed', { id: marker, version: 1, partnerId: 'p1' }, { n: 0 }), id: marker })].map(
        (e) => ({
          key: e.key,
          value: e.value,
          headers: e.headers,
        }),
      ),
    });
    await waitFor('the marker after them applied', () => applied.includes(marker), { maxWait: 30_000 });
    expect(applied.length).to.equal(DOCS * WRITES + 1);
    expect(new Set(applied).size).to.equal(applied.length);

    const audited = await runOps(freshConfig, ['data', 'audit', '--command', 'kafka reconcile']);
    expect(audited.code, audited.stderr).to.equal(0);
    expect(audited.json.records.map((r: { outcome: string; reason?: string }) => `${r.outcome} ${r.reason ?? ''}`.trim())).to.deep.equal([
      'applied run twice',
      'applied cluster rebuilt',
      'dry-run',
      'refused',
      'dry-run',
    ]);
  });

  it('when a document wrote more entries since --since than its journal keeps, then the dry run counts the journal as cut short and offers its newest JOURNAL_LIMIT', async () => {
    const started = new Date(Date.now() - 1000);
    const store = new VersionedStore(lost.db.collection<Thing>('busy_things'), lost.outbox);
    await store.init();
    const id = newId();
    const event = (version: number) => eventEntry(THINGS_TOPIC, domainEvent('test.thing.changed', { id, version, partnerId: 'p1' }, { n: version }));
    let doc = await store.insert({ _id: id, n: 1 }, [event(1)]);
    for (let v = 2; v <= JOURNAL_LIMIT + 5; v++) doc = (await store.update(doc, { set: { n: v }, entries: [event(v)] }))!;
    const dry = await runOps(freshConfig, ['kafka', 'reconcile', '--since', started.toISOString()]);
    expect(dry.code, dry.stderr).to.equal(0);
    expect(dry.json.plan.byCollection.busy_things).to.equal(JOURNAL_LIMIT);
    expect(dry.json.plan.journalsCutShort).to.equal(1);
  });
});
