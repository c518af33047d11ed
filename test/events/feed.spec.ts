import { expect } from 'chai';
import { startTestApi, type TestApi } from '../support/api.js';
import { provisionPartner, type TestPartner } from '../support/partners.js';
import { waitFor } from '../support/wait.js';
import { newId } from '../../platform/ids.js';
import type { NotificationRequest } from '../../platform/notifications.js';
import type { Relay } from '../../relay/create-relay.js';
import type { EventPage } from '../../modules/events/events.service.js';
import type { EventView } from '../../modules/events/index.js';
import { FEED_COLLECTION, FEED_HEADS_COLLECTION } from '../../modules/events/events.repository.js';
import { applicationBody } from '../applications/requests.js';
import { acknowledge, fail, hang, Receiver } from '../relay/support/receiver.js';
import { applicationNotification, publishNotifications, startTestRelay } from '../relay/support/relay.js';

const PATH = '/financing/v1/events';

function paymentNotification(partnerId: string, url: string, applicationId: string): NotificationRequest {
  const paymentId = newId();
  return {
    id: newId(),
    partnerId,
    kind: 'PAYMENT',
    url,
    sourceEventId: newId(),
    key: applicationId,
    createdAt: new Date().toISOString(),
    body: { paymentId, type: 'PAYOUT', date: '2026-11-23', applicationId, value: { amount: 147750, currency: 'CZK' }, variableSymbol: '2024000123' },
  };
}

describe('event feed (GET /financing/v1/events)', function () {
  this.timeout(60_000);
  let t: TestApi;
  let relay: Relay;
  let p: TestPartner;
  let q: TestPartner;
  let receiver: Receiver;
  let mine: NotificationRequest[]; // p's, in publishing order (one application per key, so one partition each)
  let theirs: NotificationRequest;
  let probe: NotificationRequest; // a test notification, between p's events on their partition
  const appA = newId();

  before(async () => {
    t = await startTestApi({ WEBHOOK_RETRY_DELAYS: '50ms,50ms' });
    [p, q] = await Promise.all([provisionPartner(t), provisionPartner(t)]);
    receiver = await new Receiver(acknowledge).start();
    relay = await startTestRelay(t.config);
    // one key: one partition, so the feed records them in this order
    mine = [
      applicationNotification(p.id, receiver.url('/p'), { key: appA, body: { id: appA, state: 'PROCESSING', stateReason: 'PROCESSING_REDIRECT_NEEDED' } }),
      applicationNotification(p.id, receiver.url('/p'), { key: appA, body: { id: appA, state: 'READY', stateReason: 'READY_TO_SHIP' } }),
      paymentNotification(p.id, receiver.url('/p'), appA),
    ];
    const other = newId();
    mine.push(
      applicationNotification(p.id, receiver.url('/p'), { key: appA, body: { id: appA, state: 'READY', stateReason: 'READY_PAID' } }),
      applicationNotification(p.id, receiver.url('/p'), { key: appA, body: { id: other, state: 'PROCESSING', stateReason: 'PROCESSING_REDIRECT_NEEDED' } }),
    );
    theirs = applicationNotification(q.id, receiver.url('/q'));
    const probeId = newId();
    probe = {
      ...applicationNotification(p.id, receiver.url('/p'), { key: appA }),
      id: probeId,
      kind: 'TEST',
      sourceEventId: probeId,
      body: { id: probeId, type: 'TEST', createdAt: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z') },
    };
    await publishNotifications(t.api.runtime.producer, t.api.runtime.topics, [...mine.slice(0, 2), probe, ...mine.slice(2), theirs]);
    await waitFor(
      "p's 5 events delivered and listed",
      async () => {
        const r = await get();
        return r.body.data.length === 5 && r.body.data.every((e) => e.delivery === 'DELIVERED');
      },
      { maxWait: 20_000 },
    );
  });
  after(async () => {
    await relay?.stop();
    await receiver?.stop();
    await t?.stop();
  });

  const get = <T = EventPage>(query = '', who: TestPartner = p) => t.client.get<T>(`${PATH}${query}`, { token: who.token });

  it('when no token is sent, then 401 as for every partner endpoint', async () => {
    const res = await t.client.get(PATH);
    expect(res.status).to.equal(401);
    expect(res.body.error).to.equal('invalid_request');
  });

  it('when the feed is read, then every notification oldest first, with the webhook-id as id and the body exactly as the webhook carried it', async () => {
    const res = await get();
    expect(res.status).to.equal(200);
    expect(res.body.pagingInfo).to.deep.equal({ itemsPerPage: 20 });
    expect(res.body.data.map((e) => e.id)).to.deep.equal(mine.map((n) => n.id));
    for (const [i, e] of res.body.data.entries()) {
      const [received] = receiver.byWebhookId(e.id);
      expect(e.data).to.deep.equal(JSON.parse(received!.body));
      expect(e.occurredAt).to.equal(mine[i]!.createdAt.replace(/\.\d{3}Z$/, 'Z'));
    }
    expect(res.body.data.map((e) => [e.type, e.applicationId])).to.deep.equal([
      ['application', appA],
      ['application', appA],
      ['payment', appA],
      ['application', appA],
      ['application', mine[4]!.body.id],
    ]);
  });

  it('when a test notification was sent among them, then it was delivered but the feed does not list it: it is no domain event', async () => {
    await waitFor('the test notification delivered', () => receiver.byWebhookId(probe.id).length > 0);
    const res = await get('?limit=100');
    expect(res.body.data.map((e) => e.id)).to.deep.equal(mine.map((n) => n.id));
    expect((await get(`?applicationId=${appA}&limit=100`)).body.data.map((e) => e.id)).not.to.include(probe.id);
  });

  it('when the feed is paged with after, before and limit, then neighbouring pages and a link only while more remain that way', async () => {
    const ids = mine.map((n) => n.id);
    const first = await get('?limit=2');
    expect(first.body.data.map((e) => e.id)).to.deep.equal(ids.slice(0, 2));
    expect(first.body.pagingInfo).to.deep.equal({ itemsPerPage: 2 });
    const second = await get(`?limit=2&after=${ids[1]}`);
    expect(second.body.data.map((e) => e.id)).to.deep.equal(ids.slice(2, 4));
    expect(second.body.pagingInfo.nextPage).to.equal(`${PATH}?limit=2&after=${ids[3]}`);
    const last = await t.client.get<EventPage>(second.body.pagingInfo.nextPage!, { token: p.token });
    expect(last.body.data.map((e) => e.id)).to.deep.equal(ids.slice(4));
    expect(last.body.pagingInfo).to.deep.equal({ itemsPerPage: 2 });
    expect((await get(`?after=${ids[4]}`)).body.data).to.deep.equal([]);

    const back = await get(`?limit=2&before=${ids[4]}`);
    expect(back.body.data.map((e) => e.id)).to.deep.equal(ids.slice(2, 4));
    expect(back.body.pagingInfo.prevPage).to.equal(`${PATH}?limit=2&before=${ids[2]}`);
    const start = await get(`?limit=2&before=${ids[2]}`);
    expect(start.body.data.map((e) => e.id)).to.deep.equal(ids.slice(0, 2));
    expect(start.body.pagingInfo).to.deep.equal({ itemsPerPage: 2 });
  });

  it("when the feed is filtered by applicationId, then only that application's events, paged the same way", async () => {
    const ofA = mine.slice(0, 4).map((n) => n.id);
    const res = await get(`?applicationId=${appA}&limit=3`);
    expect(res.body.data.map((e) => e.id)).to.deep.equal(ofA.slice(0, 3));
    const next = await get(`?applicationId=${appA}&limit=2&after=${ofA[0]}`);
    expect(next.body.data.map((e) => e.id)).to.deep.equal(ofA.slice(1, 3));
    expect(next.body.pagingInfo.nextPage).to.equal(`${PATH}?limit=2&after=${ofA[2]}&applicationId=${appA}`);
    const back = await get(`?applicationId=${appA}&limit=2&before=${ofA[3]}`);
    expect(back.body.data.map((e) => e.id)).to.deep.equal(ofA.slice(1, 3));
    expect((await get(`?applicationId=${newId()}`)).body.data).to.deep.equal([]);
  });

  it("when partners read the feed, then each sees only its own, and another partner's id as cursor answers like an unknown one", async () => {
    await waitFor("q's event listed", async () => (await get('', q)).body.data.length === 1);
    const theirsListed = (await get('', q)).body.data;
    expect(theirsListed.map((e) => e.id)).to.deep.equal([theirs.id]);
    expect((await get()).body.data.some((e) => e.id === theirs.id)).to.equal(false);
    const foreign = await get<any>(`?after=${theirs.id}`);
    const unknown = await get<any>(`?after=${newId()}`);
    expect(foreign.status).to.equal(400);
    expect(foreign.body.errors[0]).to.include({ code: 'INVALID_REQUEST', attribute: 'after' });
    expect(foreign.body).to.deep.equal(unknown.body);
    expect((await get(`?applicationId=${appA}`, q)).body.data).to.deep.equal([]);
  });

  it('when the relay has not answered yet, then PENDING; when every attempt failed, then DEAD_LETTERED', async () => {
    const waiting = applicationNotification(p.id, receiver.url('/hang', hang));
    const dying = applicationNotification(p.id, receiver.url('/down', fail));
    await publishNotifications(t.api.runtime.producer, t.api.runtime.topics, [waiting, dying]);
    const listed = await waitFor(
      'both listed, the failing one dead-lettered',
      async () => {
        const r = await get(`?after=${mine[4]!.id}`);
        const byId = new Map(r.body.data.map((e) => [e.id, e]));
        return byId.get(dying.id)?.delivery === 'DEAD_LETTERED' && byId;
      },
      { maxWait: 20_000 },
    );
    expect(listed.get(waiting.id)?.delivery).to.equal('PENDING');
  });

  it('when an application is created through the API, then its notification is in the feed as the webhook sent it', async () => {
    receiver.on('/shop', acknowledge);
    const created = await t.client.post<any>(
      '/financing/v1/applications',
      applicationBody({
        merchantUrls: { approvedRedirect: 'https://shop.example/a', rejectedRedirect: 'https://shop.example/r', notificationEndpoint: receiver.url('/shop') },
      }),
      { token: p.token },
    );
    expect(created.status).to.equal(201);
    const [event] = (await waitFor(
      "the application's event delivered",
      async () => {
        const r = await get(`?applicationId=${created.body.id}`);
        return r.body.data.length === 1 && r.body.data[0]!.delivery === 'DELIVERED' && r.body.data;
      },
      { maxWait: 20_000 },
    )) as EventView[];
    const [received] = receiver.byWebhookId(event!.id);
    expect(event!.data).to.deep.equal(JSON.parse(received!.body));
    expect(event).to.include({ type: 'application', applicationId: created.body.id });
    expect(event!.data).to.deep.include({ id: created.body.id, state: 'PROCESSING' });
  });

  it('when entries are older than EVENT_FEED_RETENTION, then they are not listed, not a cursor, and the cleanup removes them', async () => {
    const r = await provisionPartner(t);
    const list = Array.from({ length: 4 }, () => applicationNotification(r.id, receiver.url('/r')));
    const key = list[0]!.key;
    await publishNotifications(
      t.api.runtime.producer,
      t.api.runtime.topics,
      list.map((n) => ({ ...n, key })),
    );
    await waitFor('4 listed', async () => (await get('', r)).body.data.length === 4);
    const entries = t.api.runtime.db.collection(FEED_COLLECTION);
    const old = new Date(Date.now() - 31 * 24 * 3600_000);
    await entries.updateMany({ webhookId: { $in: [list[0]!.id, list[1]!.id] } }, { $set: { recordedAt: old } });

    expect((await get('', r)).body.data.map((e) => e.id)).to.deep.equal([list[2]!.id, list[3]!.id]);
    expect((await get(`?before=${list[3]!.id}`, r)).body.data.map((e) => e.id)).to.deep.equal([list[2]!.id]);
    expect((await get<any>(`?after=${list[1]!.id}`, r)).status).to.equal(400);

    await t.api.modules.events.removeExpired();
    expect(await entries.countDocuments({ partnerId: r.id })).to.equal(2);
    expect(await t.api.runtime.db.collection(FEED_HEADS_COLLECTION).findOne({ _id: r.id as any })).to.include({ seq: 4, floor: 2 });
    expect((await get('', r)).body.data.map((e) => e.id)).to.deep.equal([list[2]!.id, list[3]!.id]);
    // a new notification continues the numbering above the removed ones
    const later = applicationNotification(r.id, receiver.url('/r'), { key });
    await publishNotifications(t.api.runtime.producer, t.api.runtime.topics, [later]);
    await waitFor('the later one listed after the others', async () => (await get(`?after=${list[3]!.id}`, r)).body.data[0]?.id === later.id);
  });

  it('when /openapi.json is read, then the feed is described with its parameters, its item schema and its 400', async () => {
    const doc = (await t.client.get<any>('/openapi.json')).body;
    const op = doc.paths[PATH].get;
    expect(op.operationId).to.equal('listEvents');
    expect(op.parameters.map((x: any) => x.name)).to.include.members(['limit', 'after', 'before', 'applicationId']);
    expect(op['x-error-codes'].map((e: any) => e.code)).to.include('INVALID_REQUEST');
    const resolve = (x: any) => (x.$ref ? doc.components.schemas[x.$ref.split('/').pop()] : x);
    const item = resolve(resolve(resolve(op.responses['200'].content['application/json'].schema).properties.data).items);
    expect(item.properties.delivery.enum).to.deep.equal(['PENDING', 'DELIVERED', 'FAILED', 'DEAD_LETTERED']);
    expect(item.required).to.include.members(['id', 'type', 'occurredAt', 'data', 'delivery']);
    // a settlement's entry is the partner's, of no one application
    expect(item.properties.type.enum).to.deep.equal(['application', 'payment', 'settlement']);
    expect(item.properties).to.have.property('applicationId');
  });

  const bad: Array<[string, string]> = [
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=abc', 'limit'],
    ['after=x%20y', 'after'],
    [`after=${newId()}`, 'after'],
    [`before=${newId()}`, 'before'],
    ['after=a&before=b', ''],
    ['sort=-id', 'sort'],
    ['filter=type|eq|payment', 'filter'],
  ];
  for (const [query, attribute] of bad) {
    it(`when the query is ${query}, then 400 INVALID_REQUEST${attribute ? ` naming ${attribute}` : ''}`, async () => {
      const res = await get<any>(`?${query}`);
      expect(res.status).to.equal(400);
      expect(res.body.errors[0]).to.include({ code: 'INVALID_REQUEST', severity: 'ERROR' });
      if (attribute) expect(res.body.errors[0].attribute).to.equal(attribute);
    });
  }
});
