import { expect } from 'chai';
import { createKafka } from '../../platform/kafka.js';
import { createLogger } from '../../platform/logger.js';
import { uniqueSuffix } from '../support/config.js';
import { openSession } from '../../ops/session.js';

/** What a verb runs in, opened from the services' settings against the shared stack. */
describe("ops: a verb's session, opened as the services open theirs", function () {
  this.timeout(60_000);
  const suffix = uniqueSuffix();
  let env: Record<'NODE_ENV' | 'MONGO_URL' | 'KAFKA_BROKERS' | 'MONGO_DB' | 'KAFKA_TOPIC_PREFIX' | 'KAFKA_PARTITIONS' | 'LOG_LEVEL', string>;
  // the shared stack's addresses are known once the global set-up has run
  before(() => {
    env = {
      NODE_ENV: 'test',
      MONGO_URL: process.env.MONGO_URL!,
      KAFKA_BROKERS: process.env.KAFKA_BROKERS!,
      MONGO_DB: `test_ops_${suffix}`,
      KAFKA_TOPIC_PREFIX: `test.ops.${suffix}.`,
      KAFKA_PARTITIONS: '1',
      LOG_LEVEL: 'silent',
    };
  });

  after(async () => {
    const session = await openSession('store', env);
    await session.ctx.db.dropDatabase();
    await session.close();
    const admin = createKafka(
      { brokers: env.KAFKA_BROKERS.split(','), clientId: 'ops-test', topicPrefix: env.KAFKA_TOPIC_PREFIX, partitions: 1 },
      createLogger({ level: 'silent', name: 'test' }),
    ).admin();
    await admin.connect();
    const mine = (await admin.listTopics()).filter((t) => t.startsWith(env.KAFKA_TOPIC_PREFIX));
    if (mine.length) await admin.deleteTopics({ topics: mine, timeout: 10_000 });
    await admin.disconnect();
  });

  it('when a verb needs the store, then it gets the configured database and no runtime', async () => {
    const session = await openSession('store', env);
    try {
      expect(session.ctx.db.databaseName).to.equal(env.MONGO_DB);
      expect(session.ctx.config.kafka.topicPrefix).to.equal(env.KAFKA_TOPIC_PREFIX);
      expect(session.ctx.runtime).to.equal(undefined);
      expect((await session.ctx.db.command({ ping: 1 })).ok).to.equal(1);
    } finally {
      await session.close();
    }
  });

  it("when a verb needs the runtime, then it gets a service's runtime: the same store, its topics created, a connected producer", async () => {
    const session = await openSession('runtime', env);
    try {
      const runtime = session.ctx.runtime!;
      expect(runtime.db).to.equal(session.ctx.db);
      const admin = runtime.kafka.admin();
      await admin.connect();
      const topics = (await admin.listTopics()).filter((t) => t.startsWith(env.KAFKA_TOPIC_PREFIX));
      await admin.disconnect();
      expect(topics).to.include(runtime.topics.name('notifications'));
      await runtime.producer.send({ topic: runtime.topics.name('notifications'), messages: [{ key: 'ops', value: '{}' }] });
    } finally {
      await session.close();
    }
  });

  it('when a setting is bad, then opening fails naming it, before anything is connected', async () => {
    const err = await openSession('store', { ...env, KAFKA_PARTITIONS: 'many' }).catch((e: Error) => e);
    expect(err).to.be.instanceOf(Error);
    expect((err as Error).message).to.include('KAFKA_PARTITIONS');
  });
});
