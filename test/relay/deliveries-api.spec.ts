import { expect } from 'chai';
import { startTestApi, type TestApi } from '../support/api.js';
import { provisionPartner, type TestPartner } from '../support/partners.js';
import { waitFor } from '../support/wait.js';
import type { Relay } from '../../relay/create-relay.js';
import { deliveryIdOf } from '../../modules/webhooks/delivery.model.js';
import type { DeliveryPage } from '../../modules/webhooks/webhooks.service.js';
import type { DeliveryView } from '../../modules/webhooks/delivery.view.js';
import { acknowledge, fail, Receiver } from './support/receiver.js';
import { applicationNotification, publishNotifications, startTestRelay } from './support/relay.js';

const PATH = '/financing/v1/webhooks/deliveries';

describe('partner API for webhook deliveries (list, detail, redeliver)', function () {
  this.timeout(60_000);
  let t: TestApi;
  let relay: Relay;
  let p: TestPartner;
  let q: TestPartner;
  let receiver: Receiver;
  let delivered: string[]; // p's delivered ids, oldest first
  let ofQ: string;

  before(async () => {
    t = await startTestApi({ WEBHOOK_RETRY_DELAYS: '50ms,50ms,50ms,50ms,50ms' });
    [p, q] = await Promise.all([provisionPartner(t), provisionPartner(t)]);
    receiver = await new Receiver(acknowledge).start();
    relay = await startTestRelay(t.config);
    // distinct creation times keep the newest-first order unambiguous
    const base = Date.now() - 10_000;
    const mine = Array.from({ length: 5 }, (_, i) => applicationNotification(p.id, receiver.url('/p'), { createdAt: new Date(base + i).toISOString() }));
    const theirs = applicationNotification(q.id, receiver.url('/q'));
    await publishNotifications(t.api.runtime.producer, t.api.runtime.topics, [...mine, theirs]);
    delivered = mine.map(deliveryIdOf);
    ofQ = deliveryIdOf(theirs);
    await waitFor('6 deliveries recorded', async () => (await relay.deliveries.collection.countDocuments({ state: 'DELIVERED' })) === 6);
  });
  after(async () => {
    await relay?.stop();
    await receiver?.stop();
    await t?.stop();
  });

  const get = <T = DeliveryPage>(path: string, who: TestPartner = p) => t.client.get<T>(path, { token: who.token });

  it('when no token is sent, then 401 as for every partner endpoint', async () => {
    const res = await t.client.get(PATH);
    expect(res.status).to.equal(401);
    expect(res.body.error).to.equal('invalid_request');
  });

  it("when the list is paged forward, then it is newest first, only the partner's own, with nextPage while more follow", async () => {
    const first = await get(`${PATH}?limit=2`);
    expect(first.status).to.equal(200);
    const newestFirst = [...delivered].reverse();
    expect(first.body.data.map((d) => d.deliveryId)).to.deep.equal(newestFirst.slice(0, 2));
    expect(first.body.pagingInfo).to.deep.equal({ itemsPerPage: 2 }); // the spec: no links without a cursor
    expect(first.body.data[0]).to.include({ state: 'DELIVERED', kind: 'APPLICATION', attemptCount: 1 });
    expect(first.body.data[0]!.attempts[0]).to.include({ outcome: 'ACKNOWLEDGED' });

    const second = await get(`${PATH}?limit=2&after=${newestFirst[1]}`);
    expect(second.body.data.map((d) => d.deliveryId)).to.deep.equal(newestFirst.slice(2, 4));
    expect(second.body.pagingInfo.nextPage).to.equal(`${PATH}?limit=2&after=${newestFirst[3]}`);

    const last = await get(second.body.pagingInfo.nextPage!);
    expect(last.body.data.map((d) => d.deliveryId)).to.deep.equal(newestFirst.slice(4));
    expect(last.body.pagingInfo.nextPage).to.equal(undefined);
    expect([...first.body.data, ...second.body.data, ...last.body.data].some((d) => d.deliveryId === ofQ)).to.equal(false);
  });

  it('when the list is paged backward with before, then it holds the newer neighbours, still newest first, with prevPage while more precede', async () => {
    const newestFirst = [...delivered].reverse();
    const res = await get(`${PATH}?limit=2&before=${newestFirst[4]}`);
    expect(res.body.data.map((d) => d.deliveryId)).to.deep.equal(newestFirst.slice(2, 4));
    expect(res.body.pagingInfo.prevPage).to.equal(`${PATH}?limit=2&before=${newestFirst[2]}`);
  });

  const bad: Array<[string, string]> = [
    ['limit=101', 'limit'],
    ['limit=0', 'limit'],
    ['limit=abc', 'limit'],
    ['after=a&before=b', ''],
    ['filter=state|eq|NOPE', 'filter'],
    ['filter=url|eq|x', 'filter'],
    ['sort=-deliveryId', 'sort'],
    ['after=notuuid', 'after'],
    ['before=x%20y', 'before'],
    ['after=01900000-0000-7000-8000-000000000000', 'after'],
    ['before=01900000-0000-7000-8000-000000000000', 'before'],
  ];
  for (const [query, attribute] of bad) {
    it(`when the query is ${query}, then 400 INVALID_REQUEST${attribute ? ` naming ${attribute}` : ''}`, async () => {
      const res = await get<any>(`${PATH}?${query}`);
      expect(res.status).to.equal(400);
      expect(res.body.errors[0]).to.include({ code: 'INVALID_REQUEST', severity: 'ERROR' });
      if (attribute) expect(res.body.errors[0].attribute).to.equal(attribute);
    });
  }

  it("when the cursor is another partner's delivery, then 400 naming it, exactly as for an unknown one; a delivery outside the filter still serves as cursor", async () => {
    const foreign = await get<any>(`${PATH}?after=${ofQ}`);
    const unknown = await get<any>(`${PATH}?after=01900000-0000-7000-8000-000000000000`);
    expect(foreign.status).to.equal(400);
    expect(foreign.body.errors[0]).to.include({ code: 'INVALID_REQUEST', attribute: 'after' });
    expect(foreign.body.errors[0].message).to.match(/unknown cursor/);
    expect(foreign.body).to.deep.equal(unknown.body);
    // the cursor names an item of the partner's deliveries, whatever the filter selects
    const filtered = await get(`${PATH}?filter=state|eq|DEAD_LETTERED&after=${delivered[4]}`);
    expect(filtered.status).to.equal(200);
  });

  it("when a partner asks for another partner's delivery, then the answer is exactly that of an unknown id (404 OBJECT_NOT_FOUND)", async () => {
    const foreign = await get<DeliveryView>(`${PATH}/${ofQ}`);
    const unknown = await get<DeliveryView>(`${PATH}/01900000-0000-7000-8000-000000000000`);
    expect(foreign.status).to.equal(404);
    expect(foreign.body).to.deep.equal(unknown.body);
    expect((foreign.body as any).errors[0]).to.include({ code: 'OBJECT_NOT_FOUND' });
    const redeliver = await t.client.post(`${PATH}/${ofQ}/redeliver`, undefined, { token: p.token });
    expect(redeliver.status).to.equal(404);
    expect((await get<DeliveryView>(`${PATH}/${ofQ}`, q)).status).to.equal(200);
  });

  it('when dead-lettered deliveries are redelivered all at once, then each is sent again with its webhook-id and only the dead ones', async () => {
    let down = true;
    receiver.on('/flaky', (r, nth) => (down ? fail(r, nth) : acknowledge(r, nth)));
    const dead = [applicationNotification(p.id, receiver.url('/flaky')), applicationNotification(p.id, receiver.url('/flaky'))];
    await publishNotifications(t.api.runtime.producer, t.api.runtime.topics, dead);
    const filtered = await waitFor('2 dead letters listed', async () => {
      const r = await get(`${PATH}?filter=state|eq|DEAD_LETTERED`);
      return r.body.data.length === 2 && r;
    });
    expect(filtered.body.data.map((d) => d.webhookId).sort()).to.deep.equal(dead.map((n) => n.id).sort());

    down = false;
    const res = await t.client.post(`${PATH}/redeliver`, {}, { token: p.token });
    expect(res.status).to.equal(202);
    expect(res.body).to.deep.equal({ redeliveryCount: 2 });
    await waitFor('both redelivered', async () => (await get(`${PATH}?filter=state|eq|DEAD_LETTERED`)).body.data.length === 0);
    for (const n of dead) {
      const got = receiver.byWebhookId(n.id);
      expect(got).to.have.length(7);
      expect(got.every((r) => r.body === JSON.stringify(n.body))).to.equal(true);
    }
    const bodyWrong = await t.client.post(`${PATH}/redeliver`, { state: 'DELIVERED' }, { token: p.token });
    expect(bodyWrong.status).to.equal(400);
  });
});
