import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { applicationBody } from '../applications/requests.js';
import { GatewayClient } from '../gateway/gateway-client.js';
import { opPath } from '../orders/orders-harness.js';
import { startTestRelay } from '../relay/support/relay.js';
import { startTestApi, type TestApi } from '../support/api.js';
import type { TestResponse } from '../support/http.js';
import { provisionPartner, type TestPartner } from '../support/partners.js';
import { PrivateMongo } from '../support/private-mongo.js';
import { waitFor } from '../support/wait.js';
import type { Relay } from '../../relay/create-relay.js';
import { PartnerEndpoint } from './support/partner-endpoint.js';

const FAST = { OUTBOX_SWEEP_INTERVAL: '300ms', OUTBOX_SWEEP_GRACE: '300ms' };
const OUTAGE_MS = 15_000;
const ANSWER_WITHIN_MS = 2_000;

interface Timed {
  what: string;
  res: TestResponse;
  ms: number;
}

/**
 * The store stops answering for 15 s while partners create applications and ship orders.
 * The API and the relay run on a MongoDB-wire server of this suite's own, paused with
 * SIGSTOP: it keeps every socket open and answers nothing, the outage a client cannot
 * tell from a slow server, and the one that used to hold each request for 30 s.
 */
describe('the store stops answering for 15 s: every request gets a fast 503, and afterwards nothing is lost or half-written', function () {
  this.timeout(240_000);
  let store: PrivateMongo;
  let t: TestApi;
  let relay: Relay;
  let endpoint: PartnerEndpoint;
  let partner: TestPartner;

  before(async function () {
    this.timeout(120_000);
    store = new PrivateMongo();
    await store.start();
    t = await startTestApi({ MONGO_URL: store.url, ...FAST });
    relay = await startTestRelay(t.config);
    endpoint = await new PartnerEndpoint().start();
    partner = await provisionPartner(t);
  });
  after(async () => {
    store?.resume();
    await relay?.stop();
    await endpoint?.stop();
    await t?.stop();
    await store?.dispose();
  });

  const newBody = () => {
    const body = applicationBody({}, { email: `buyer-${randomBytes(3).toString('hex')}+approve@example.com` });
    body.merchantUrls.notificationEndpoint = endpoint.url('/store-outage');
    return body;
  };
  const timed = async (what: string, call: () => Promise<TestResponse>): Promise<Timed> => {
    const started = Date.now();
    const res = await call();
    return { what, res, ms: Date.now() - started };
  };
  const create = (body: unknown) => t.client.post<any>('/financing/v1/applications', body, { token: partner.token, timeoutMs: 10_000 });
  const send = (id: string) => t.client.put<any>(opPath(id, 'send'), {}, { token: partner.token, timeoutMs: 10_000 });
  const ready = async () => {
    const res = await create(newBody());
    expect(res.status, res.text).to.equal(201);
    await new GatewayClient(t, res.body.gatewayRedirectUrl).submit('confirm');
    return waitFor(
      `${res.body.id} READY_TO_SHIP`,
      async () => {
        const app = await t.client.get<any>(`/financing/v1/applications/${res.body.id}`, { token: partner.token });
        return app.body.stateReason === 'READY_TO_SHIP' && app.body;
      },
      { maxWait: 20_000 },
    );
  };

  it('when the store is paused under creates and sends, then each is answered 503 within 2 s, health is 503, and once it is back every request succeeds and every event is published and notified', async () => {
    const shipDuring = [await ready(), await ready()];
    const shipAfter = await ready();

    store.pause();
    const until = Date.now() + OUTAGE_MS;
    const answers: Timed[] = [];
    const refusedBodies: unknown[] = [];
    const loop = async (next: (i: number) => Promise<Timed>) => {
      for (let i = 0; Date.now() < until; i++) answers.push(await next(i));
    };
    await Promise.all([
      loop(async () => {
        const body = newBody();
        const r = await timed('create', () => create(body));
        if (r.res.status !== 201) refusedBodies.push(body);
        return r;
      }),
      loop((i) => timed('send', () => send(shipDuring[i % 2]!.id))),
      loop(() => timed('health', () => t.client.get('/v1/health'))),
    ]);
    store.resume();

    expect(answers.length, 'requests made during the outage').to.be.at.least(15);
    const slow = answers.filter((a) => a.ms > ANSWER_WITHIN_MS).map((a) => `${a.what} ${a.res.status} in ${a.ms} ms`);
    expect(slow, 'answers slower than 2 s').to.deep.equal([]);
    for (const a of answers) {
      expect(a.res.status, `${a.what}: ${a.res.text}`).to.equal(503);
      if (a.what !== 'health') {
        expect(a.res.body.errors[0]).to.include({ code: 'SERVICE_UNAVAILABLE', severity: 'ERROR' });
        expect(a.res.headers['retry-after']).to.equal('1');
      }
    }
    expect(answers.filter((a) => a.what === 'health').every((a) => a.res.body.components.mongo.status === 'DOWN')).to.equal(true);

    await waitFor('health to recover', async () => (await t.client.get('/v1/health')).status === 200, { maxWait: 30_000, interval: 250 });
    // The retries a partner makes: a create the paused store took in before it stopped
    // answering exists once (the retry is its duplicate, 200); any other is created now.
    // Its entries reach Kafka all the same: the write that got no answer called for a sweep.
    const created: string[] = [];
    for (const body of refusedBodies) {
      const res = await create(body);
      expect(res.status, res.text).to.be.oneOf([200, 201]);
      created.push(res.body.id);
    }
    expect(new Set(created).size, 'one application per order').to.equal(refusedBodies.length);
    for (const app of [...shipDuring, shipAfter]) {
      const res = await send(app.id);
      const current = await t.client.get<any>(`/financing/v1/applications/${app.id}`, { token: partner.token });
      expect(current.body.stateReason, `${app.id} after its send (${res.status} ${res.text})`).to.equal('READY_SHIPPED');
    }

    const ids = [...created, ...shipDuring.map((a) => a.id), shipAfter.id];
    await waitFor(
      'every outbox entry published',
      async () => (await t.api.runtime.db.collection('applications').countDocuments({ _id: { $in: ids } as never, outboxAt: { $exists: true } })) === 0,
      { maxWait: 30_000 },
    );
    await waitFor('every application notified', () => ids.every((id) => endpoint.firstArrivals(partner.webhookSecret, id).length > 0), { maxWait: 60_000 });
    for (const app of [...shipDuring, shipAfter]) {
      await waitFor(
        `READY_SHIPPED notified for ${app.id}`,
        () => endpoint.firstArrivals(partner.webhookSecret, app.id).some((a) => a.label === 'READY_SHIPPED'),
        { maxWait: 30_000 },
      );
    }
  });
});
