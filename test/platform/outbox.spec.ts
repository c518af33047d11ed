import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createLogger } from '../../platform/logger.js';
import { createRuntime, type Runtime } from '../../platform/runtime.js';
import { domainEvent, type DomainEvent } from '../../platform/events.js';
import { eventEntry } from '../../platform/outbox.js';
import { VersionedStore, type Versioned } from '../../platform/versioned-store.js';
import { ManagedConsumer, NonRetriableError } from '../../platform/consumer.js';
import { TOPICS } from '../../platform/kafka.js';
import { THINGS_TOPIC } from './fixtures/things.js';
import { newId } from '../../platform/ids.js';
import { testConfig } from '../support/config.js';
import { TopicCollector } from '../support/kafka.js';
import { dropTestResources } from '../support/api.js';
import { waitFor } from '../support/wait.js';
import { serviceEnv } from '../support/service-process.js';
import type { Config } from '../../config/index.js';

interface Thing extends Versioned {
  name: string;
  count?: number;
}

describe('transactional outbox and idempotent consumers on real MongoDB and Kafka', function () {
  this.timeout(60_000);
  let config: Config;
  let runtime: Runtime;
  let store: VersionedStore<Thing>;
  let events: TopicCollector;

  before(async () => {
    config = testConfig();
    runtime = await createRuntime(config, createLogger({ level: config.process.logLevel, name: 'outbox-test' }), 'test', [THINGS_TOPIC]);
    const collection = runtime.db.collection<Thing>('things');
    store = new VersionedStore(collection, runtime.outbox);
    await VersionedStore.createIndexes(collection);
    await store.init();
    events = await new TopicCollector(runtime.kafka, runtime.topics.name(THINGS_TOPIC)).start();
  });

  after(async () => {
    await events?.stop();
    await runtime?.close();
    if (runtime) await dropTestResources(config, runtime.kafka, runtime.topics.name(''));
  });

  const eventsFor = (id: string) => events.json<DomainEvent>().filter((e) => e.aggregateId === id);

  it('when a document is written with its event, then the event reaches Kafka keyed by the document id and leaves the document', async () => {
    const id = newId();
    const event = domainEvent('test.thing.created', { id, version: 1, partnerId: 'p1' }, { name: 'one' });
    await store.insert({ _id: id, name: 'one' }, [eventEntry(THINGS_TOPIC, event)]);

    await waitFor('the event on Kafka', () => eventsFor(id).length === 1);
    const msg = events.messages.find((m) => m.key === id)!;
    expect(JSON.parse(msg.value!)).to.deep.equal(event);
    expect(msg.headers['message-id']).to.equal(event.id);
    expect(msg.headers['event-type'], 'consumers skip other types by this header').to.equal('test.thing.created');
    const doc = await waitFor('the outbox emptied', async () => {
      const d = await store.collection.findOne({ _id: id });
      return d && !d.outboxAt && d;
    });
    expect(doc!.outbox).to.deep.equal({});
  });

  it('when a document changes twice under the version guard, then both events leave in order and a stale write is refused', async () => {
    const id = newId();
    const created = await store.insert({ _id: id, name: 'a' }, []);
    const e1 = domainEvent('test.thing.renamed', { id, version: 2, partnerId: 'p1' }, { name: 'b' });
    const v2 = await store.update(created, { set: { name: 'b' }, entries: [eventEntry(THINGS_TOPIC, e1)] });
    expect(v2?.version).to.equal(2);
    const stale = await store.update(created, { set: { name: 'stale' }, entries: [] });
    expect(stale).to.equal(undefined);
    const e2 = domainEvent('test.thing.renamed', { id, version: 3, partnerId: 'p1' }, { name: 'c' });
    await store.update(v2!, { set: { name: 'c' }, entries: [eventEntry(THINGS_TOPIC, e2)] });

    await waitFor('two events', () => eventsFor(id).length === 2);
    expect(eventsFor(id).map((e) => e.data.name)).to.deep.equal(['b', 'c']);
    expect((await store.collection.findOne({ _id: id }))?.name).to.equal('c');
  });

  it("when a second write lands while the first one's entries are still pending, then once both are sent the document has neither entries nor outboxAt, without waiting for a sweep", async () => {
    const id = newId();
    const e1 = domainEvent('test.thing.created', { id, version: 1, partnerId: 'p1' }, { name: 'a' });
    const created = await store.insert({ _id: id, name: 'a' }, [eventEntry(THINGS_TOPIC, e1)]);
    // at once: v1's entry is still in the document, so this write is not the only one pending
    const e2 = domainEvent('test.thing.renamed', { id, version: 2, partnerId: 'p1' }, { name: 'b' });
    await store.update(created, { set: { name: 'b' }, entries: [eventEntry(THINGS_TOPIC, e2)] });

    await waitFor('both events', () => eventsFor(id).length === 2);
    // the backstop sweep is minutes away: only the publisher's own removal can clear the stamp
    const doc = await waitFor(
      'the outbox and its stamp gone',
      async () => {
        const d = await store.collection.findOne({ _id: id });
        return d && !d.outboxAt && Object.keys(d.outbox ?? {}).length === 0 && d;
      },
      { maxWait: 5_000 },
    );
    expect(doc!.outbox).to.deep.equal({});
  });

  it('when a publish failed and a newer write to the document comes within the grace before the sweep, then that sweep still sends the failed entries', async () => {
    const id = newId();
    const failed = domainEvent('test.thing.created', { id, version: 1, partnerId: 'p1' }, { name: 'a' });
    // the document as a failed publish leaves it: its entry pending, stamped before the grace
    await runtime.db.collection<Thing>('things').insertOne({
      _id: id,
      version: 1,
      name: 'a',
      outbox: { [failed.id]: eventEntry(THINGS_TOPIC, failed) },
      outboxAt: new Date(Date.now() - 2_000),
    } as Thing);
    const current = (await store.collection.findOne({ _id: id }))!;
    const renamed = domainEvent('test.thing.renamed', { id, version: 2, partnerId: 'p1' }, { name: 'b' });
    await store.update(current, { set: { name: 'b' }, entries: [eventEntry(THINGS_TOPIC, renamed)] });
    // the sweep the failure called for runs now, within the grace of the newer write
    await runtime.outbox.sweep();
    await waitFor('the failed entry on Kafka', () => eventsFor(id).some((e) => e.id === failed.id), { maxWait: 5_000 });
    await waitFor(
      'the outbox and its stamp gone',
      async () => {
        const d = await store.collection.findOne({ _id: id });
        return d && !d.outboxAt && Object.keys(d.outbox ?? {}).length === 0;
      },
      { maxWait: 5_000 },
    );
  });

  it('when 20 writers race on one document through mutate, then every increment lands and the events leave in commit order', async () => {
    const id = newId();
    await store.insert({ _id: id, name: 'counter', count: 0 }, []);
    await Promise.all(
      Array.from({ length: 20 }, () =>
        store.mutate(
          id,
          () => store.collection.findOne({ _id: id }),
          (doc) => {
            const next = (doc.count ?? 0) + 1;
            const e = domainEvent('test.thing.counted', { id, version: doc.version + 1, partnerId: 'p1' }, { count: next });
            return { set: { count: next }, entries: [eventEntry(THINGS_TOPIC, e)] };
          },
          { attempts: 50, notFound: () => new Error('gone') },
        ),
      ),
    );
    expect((await store.collection.findOne({ _id: id }))?.count).to.equal(20);
    await waitFor('20 events', () => eventsFor(id).length === 20);
    expect(eventsFor(id).map((e) => e.data.count)).to.deep.equal(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  /** Runs fixtures/crash-writer.ts: it commits a document with one outbox entry and SIGKILLs itself. */
  async function crashWriter(env: Record<string, string> = {}): Promise<{ id: string; eventId: string }> {
    const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./fixtures/crash-writer.ts', import.meta.url))], {
      env: { ...serviceEnv(config), LOG_LEVEL: 'silent', OUTBOX_SWEEP_INTERVAL: '500ms', ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    const signal = await new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, sig) => resolve(sig)));
    expect(signal).to.equal('SIGKILL');
    return JSON.parse(out.trim()) as { id: string; eventId: string };
  }

  it('when the process is killed between the write and the publish, then the sweeper publishes the event after the restart', async () => {
    const { id, eventId } = await crashWriter();

    const left = await runtime.db.collection<Thing>('things').findOne({ _id: id });
    expect(left?.outboxAt, 'the crash left the entry in the document').to.be.instanceOf(Date);
    expect(Object.keys(left!.outbox)).to.deep.equal([eventId]);

    // "restart": a sweep pass of a running publisher, once the grace period has passed
    const sent = await waitFor(
      'a sweep that publishes the entry',
      async () => {
        const n = await runtime.outbox.sweep();
        return n > 0 && n;
      },
      { maxWait: 10_000, interval: 200 },
    );
    expect(sent).to.be.at.least(1);
    await waitFor('the swept event on Kafka', () => eventsFor(id).some((e) => e.id === eventId));
    const doc = await waitFor('the outbox emptied', async () => {
      const d = await store.collection.findOne({ _id: id });
      return d && !d.outboxAt && d;
    });
    expect(doc!.outbox).to.deep.equal({});
    expect(await runtime.outbox.sweep(), 'nothing left to sweep').to.equal(0);
  });

  it('when a running publisher is killed between the write and the publish, then a running peer sweeps for it without a restart, and a clean stop leaves no heartbeat', async () => {
    const beats = runtime.db.collection('outbox_publishers');
    const swept = () =>
      runtime.registry
        .getSingleMetric('outbox_sweeps_total')!
        .get()
        .then((m) => m.values.find((v) => v.labels.reason === 'peer')?.value ?? 0);
    const sweptBefore = await swept();
    runtime.outbox.start();
    try {
      const { id, eventId } = await crashWriter({ CRASH_WRITER_BEAT: '1' });
      expect(await beats.countDocuments(), 'the dead writer left its heartbeat').to.be.at.least(1);

      // no explicit sweep: the peer notices the silence (3 beats of 500 ms) and sweeps after the grace
      await waitFor("the peer to sweep the dead writer's event to Kafka", () => eventsFor(id).some((e) => e.id === eventId), { maxWait: 15_000 });
      expect(await swept()).to.equal(sweptBefore + 1);
      const doc = await waitFor('the outbox emptied', async () => {
        const d = await store.collection.findOne({ _id: id });
        return d && !d.outboxAt && d;
      });
      expect(doc!.outbox).to.deep.equal({});
      expect(await beats.countDocuments(), 'only the live publisher beats').to.equal(1);
    } finally {
      await runtime.outbox.stop();
    }
    expect(await beats.countDocuments(), 'a clean stop removes the heartbeat').to.equal(0);
  });

  it('when a write got no answer and the store applies it only after the first sweep that followed, then a later heartbeat publishes it, not the five-minute backstop', async () => {
    const sweeps = () =>
      runtime.registry
        .getSingleMetric('outbox_sweeps_total')!
        .get()
        .then((m) => m.values.reduce((n, v) => n + v.value, 0));
    const before = await sweeps();
    runtime.outbox.start();
    try {
      // a write that timed out: the store may apply it any time from now
      runtime.outbox.writeOutcomeUnknown();
      await waitFor('a sweep after the unanswered write', async () => (await sweeps()) > before, { maxWait: 10_000 });
      // ... and it does, after that sweep, as a paused server that resumes does: the entries
      // are in the document and nobody is publishing them
      const id = newId();
      const event = domainEvent('test.thing.created', { id, version: 1, partnerId: 'p1' }, { name: 'late' });
      const writtenAt = new Date(Date.now() - 5_000);
      await runtime.db
        .collection<Thing>('things')
        .insertOne({ _id: id, version: 1, name: 'late', outbox: { [event.id]: eventEntry(THINGS_TOPIC, event) }, outboxAt: writtenAt } as Thing);
      await waitFor('the late-applied entry on Kafka', () => eventsFor(id).some((e) => e.id === event.id), { maxWait: 8_000 });
      await waitFor('the outbox emptied', async () => !(await store.collection.findOne({ _id: id }))?.outboxAt);
    } finally {
      await runtime.outbox.stop();
    }
  });

  it("when an earlier write's entry is still in the document (its write's answer was lost, or its publish failed), then a newer write sends it first, so Kafka holds them in the order written, without waiting for a sweep", async () => {
    const id = newId();
    const earlier = domainEvent('test.thing.created', { id, version: 1, partnerId: 'p1' }, { name: 'a' });
    // the document as a write whose answer never came leaves it (applied after all, its
    // entry pending, known to the publisher only as maybe written); the sweep that calls for
    // waits out its grace and the late watch, so only the newer write can send it now
    const entry = eventEntry(THINGS_TOPIC, earlier);
    await runtime.db.collection<Thing>('things').insertOne({ _id: id, version: 1, name: 'a', outbox: { [entry.id]: entry }, outboxAt: new Date() } as Thing);
    runtime.outbox.writeOutcomeUnknown([entry]);
    const current = (await store.collection.findOne({ _id: id }))!;
    const later = domainEvent('test.thing.renamed', { id, version: 2, partnerId: 'p1' }, { name: 'b' });
    await store.update(current, { set: { name: 'b' }, entries: [eventEntry(THINGS_TOPIC, later)] });
    await waitFor('both events on Kafka', () => eventsFor(id).length >= 2, { maxWait: 5_000 });
    expect(eventsFor(id).map((e) => e.id)).to.deep.equal([earlier.id, later.id]);
    await waitFor(
      'the outbox and its stamp gone',
      async () => {
        const d = await store.collection.findOne({ _id: id });
        return d && !d.outboxAt && Object.keys(d.outbox ?? {}).length === 0;
      },
      { maxWait: 5_000 },
    );
  });

  it('when the same event is delivered twice, then the idempotent consumer applies it once; a poison message is dead-lettered', async () => {
    const topic = runtime.topics.name('idempotency-probe');
    const effects = runtime.db.collection<{ _id: string; n: number }>('effects');
    const seen: string[] = [];
    const consumer = new ManagedConsumer<DomainEvent>(runtime.consumerDeps, {
      groupId: runtime.topics.group('idempotency-probe'),
      topics: [topic],
      parse: (value) => {
        const e = JSON.parse(value?.toString() ?? 'null');
        if (!e?.id) throw new NonRetriableError('not an event');
        return e;
      },
      idOf: (e) => e.id,
      types: ['test.thing.created'],
      // deliberately not idempotent itself: only the inbox stands between a redelivery and a second effect
      handle: async (e) => {
        seen.push(e.id);
        await effects.updateOne({ _id: e.aggregateId }, { $inc: { n: 1 } }, { upsert: true });
      },
    });
    const deadLetters = await new TopicCollector(runtime.kafka, runtime.topics.name(TOPICS.deadLetter)).start();
    await runtime.kafka
      .admin()
      .createTopics({ topics: [{ topic, numPartitions: 1 }] })
      .catch(() => {});
    await consumer.start();
    try {
      const id = newId();
      const e = domainEvent('test.thing.created', { id, version: 1, partnerId: 'p1' }, {});
      const sentinel = domainEvent('test.thing.created', { id: 'sentinel', version: 1, partnerId: 'p1' }, {});
      const other = domainEvent('test.other.happened', { id, version: 2, partnerId: 'p1' }, {});
      const msg = { key: id, value: JSON.stringify(e) };
      await runtime.producer.send({ topic, messages: [msg] });
      await runtime.producer.send({
        topic,
        messages: [
          msg,
          { key: id, value: 'not json at all' },
          // another event type, named in the header: skipped unparsed (not dead-lettered)
          { key: id, value: 'not json either', headers: { 'event-type': 'test.other.happened' } },
          // another event type without the header: skipped by its type once parsed
          { key: id, value: JSON.stringify(other) },
          { key: 'sentinel', value: JSON.stringify(sentinel) },
        ],
      });

      await waitFor('the sentinel handled', () => seen.includes(sentinel.id), { maxWait: 20_000 });
      expect(seen.filter((x) => x === e.id)).to.have.length(1);
      expect(seen, 'a type the consumer does not handle').not.to.include(other.id);
      expect((await effects.findOne({ _id: id }))?.n).to.equal(1);
      await deadLetters.waitForCount(1);
      expect(deadLetters.messages.map((m) => m.value)).to.deep.equal(['not json at all']);
      expect(deadLetters.messages[0]!.headers['dlq-source-topic']).to.equal(topic);
    } finally {
      await consumer.stop();
      await deadLetters.stop();
    }
  });
});

describe('version guard across processes (two stores, one document)', function () {
  this.timeout(60_000);
  let config: Config;
  let a: Runtime;
  let b: Runtime;

  before(async () => {
    config = testConfig();
    const logger = createLogger({ level: config.process.logLevel, name: 'occ-test' });
    [a, b] = await Promise.all([createRuntime(config, logger, 'a', [THINGS_TOPIC]), createRuntime(config, logger, 'b', [THINGS_TOPIC])]);
  });
  after(async () => {
    await a?.close();
    await b?.close();
    if (a) await dropTestResources(config, a.kafka, a.topics.name(''));
  });

  it('when two writers with separate connections race 40 increments, then none is lost', async () => {
    const sa = new VersionedStore<Thing>(a.db.collection<Thing>('things'), a.outbox);
    const sb = new VersionedStore<Thing>(b.db.collection<Thing>('things'), b.outbox);
    await VersionedStore.createIndexes(a.db.collection('things'));
    await sa.init();
    const id = newId();
    await sa.insert({ _id: id, name: 'shared', count: 0 }, []);
    const inc = (s: VersionedStore<Thing>) =>
      s.mutate(
        id,
        () => s.collection.findOne({ _id: id }),
        (doc) => ({ set: { count: (doc.count ?? 0) + 1 }, entries: [] }),
        { attempts: 100, notFound: () => new Error('gone') },
      );
    await Promise.all(Array.from({ length: 40 }, (_, i) => inc(i % 2 ? sa : sb)));
    const doc = await sa.collection.findOne({ _id: id });
    expect(doc?.count).to.equal(40);
    expect(doc?.version).to.equal(41);
  });
});
