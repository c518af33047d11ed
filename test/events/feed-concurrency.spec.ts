import { expect } from 'chai';
import { newId } from '../../platform/ids.js';
import type { NotificationRequest } from '../../platform/notifications.js';
import type { EventPage } from '../../modules/events/events.service.js';
import { appendEntry } from '../../modules/events/events.append.js';
import { newEntryOf, type FeedEntryDoc } from '../../modules/events/events.model.js';
import { FEED_COLLECTION, MongoFeedRepository } from '../../modules/events/events.repository.js';
import { startTestApi, type TestApi } from '../support/api.js';
import { ApiProcess } from '../support/api-process.js';
import { provisionPartner, type TestPartner } from '../support/partners.js';
import { waitFor } from '../support/wait.js';
import { applicationNotification, publishNotifications } from '../relay/support/relay.js';

const PATH = '/financing/v1/events';
const KAFKA_PRODUCERS = 4;
const DIRECT_WRITERS = 4;
const VIA_KAFKA = 600;
const DIRECT = 240;

const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The feed's one hard property, end to end: a partner paging with `after` while the feed is
 * being written sees every event exactly once, in feed order. Writers: two API processes
 * (this one and a child; their projectors share the consumer group, each writing its
 * partitions at once) fed by concurrent producers, with redeliveries; and direct writers
 * running the projector's append next to them, on events of their own and on events the
 * projectors also write.
 */
describe('event feed under concurrent writers (two API processes + direct writers)', function () {
  this.timeout(180_000);
  let t: TestApi;
  let second: ApiProcess;
  let p: TestPartner;

  before(async function () {
    this.timeout(120_000);
    const env = { KAFKA_PARTITIONS: '4', RATE_LIMIT_PER_MINUTE: '1000000' };
    t = await startTestApi(env);
    second = new ApiProcess(t.config, env); // assigned first: `after` removes whatever prepare made
    await second.prepare();
    second.start();
    await second.healthy();
    p = await provisionPartner(t);
    // both projectors in the group before the writing starts, so both write
    const admin = t.api.runtime.kafka.admin();
    await admin.connect();
    try {
      await waitFor(
        'two members in the projector group',
        async () => {
          const [group] = (await admin.describeGroups([t.api.runtime.topics.group('events.feed')])).groups;
          return group?.state === 'Stable' && group.members.length === 2;
        },
        { maxWait: 30_000, interval: 200 },
      );
    } finally {
      await admin.disconnect();
    }
  });
  after(async () => {
    await second?.stop('SIGTERM');
    await second?.dispose();
    await t?.stop();
  });

  it('when a reader pages with after while events are written concurrently, then it sees every event exactly once, in seq order, none skipped', async () => {
    const url = 'https://shop.example/hooks';
    const applications = Array.from({ length: 24 }, () => newId());
    const make = () => {
      const key = pick(applications);
      return applicationNotification(p.id, url, { key, body: { id: key, state: 'READY', stateReason: 'READY_SHIPPED' } });
    };
    const viaKafka = Array.from({ length: VIA_KAFKA }, make);
    const direct = Array.from({ length: DIRECT }, make);
    const expected = new Set([...viaKafka, ...direct].map((n) => n.id));

    let writing = true;
    let wroteAt = Infinity;
    const kafkaQueue = [...viaKafka];
    const producers = Array.from({ length: KAFKA_PRODUCERS }, async () => {
      for (;;) {
        const batch = kafkaQueue.splice(0, 1 + Math.floor(Math.random() * 8));
        if (!batch.length) return;
        // a fifth of the batches goes out twice: redeliveries the projector must absorb
        const redelivered = Math.random() < 0.2 ? batch : [];
        await publishNotifications(t.api.runtime.producer, t.api.runtime.topics, [...batch, ...redelivered]);
        await pause(Math.random() * 15);
      }
    });
    const repo = new MongoFeedRepository(t.api.runtime.db);
    const directQueue: NotificationRequest[] = [...direct];
    let directConflicts = 0;
    const writers = Array.from({ length: DIRECT_WRITERS }, async () => {
      for (let n = directQueue.shift(); n; n = directQueue.shift()) {
        // now and then also one the projectors are writing: whoever comes second finds it recorded
        const also = Math.random() < 0.15 ? [pick(viaKafka)] : [];
        for (const x of [n, ...also]) directConflicts += (await appendEntry(repo, newEntryOf(x)!)).conflicts;
        await pause(Math.random() * 10);
      }
    });

    const seen: string[] = [];
    const reader = (async () => {
      let after: string | undefined;
      let reads = 0;
      while (seen.length < expected.size || writing) {
        if (Date.now() > wroteAt + 20_000) throw new Error(`reader saw ${seen.length} of ${expected.size} events within 20 s of the last write`);
        const client = reads++ % 2 ? second.client : t.client; // both processes answer
        const limit = 1 + Math.floor(Math.random() * 25);
        const res = await client.get<EventPage>(`${PATH}?limit=${limit}${after ? `&after=${after}` : ''}`, { token: p.token });
        if (res.status !== 200) throw new Error(`GET events answered ${res.status}: ${res.text}`);
        for (const e of res.body.data) seen.push(e.id);
        if (res.body.data.length) after = res.body.data.at(-1)!.id;
        else await pause(5);
      }
      return reads;
    })();

    await Promise.all([...producers, ...writers]);
    writing = false;
    wroteAt = Date.now();
    const reads = await reader;

    expect(new Set(seen).size, 'no event twice').to.equal(seen.length);
    expect(
      seen.filter((id) => !expected.has(id)),
      'nothing unexpected',
    ).to.deep.equal([]);
    expect(seen.length, 'every event').to.equal(expected.size);
    const entries = await t.api.runtime.db.collection<FeedEntryDoc>(FEED_COLLECTION).find({ partnerId: p.id }).sort({ seq: 1 }).toArray();
    expect(
      entries.map((e) => e.seq),
      'dense seqs',
    ).to.deep.equal(entries.map((_, i) => i + 1));
    expect(seen, "the reader's order is the feed's").to.deep.equal(entries.map((e) => e.webhookId));

    const metric = t.api.runtime.registry.getSingleMetric('event_feed_seq_conflicts_total')!;
    const total = directConflicts + ((await metric.get()).values[0]?.value ?? 0); // the child's own are not counted here
    console.log(`      ${expected.size} events, ${reads} pages read, ${total} seq conflicts resolved by the writers`);
    expect(total, 'the writers did collide (else the test proves little)').to.be.above(0);
  });
});
