import { expect } from 'chai';
import type { Db } from 'mongodb';
import { startHarness, type AppHarness } from '../applications/harness.js';
import { applicationBody } from '../applications/requests.js';
import { SHIPPING, opPath, processingApplication, readyApplication } from '../orders/orders-harness.js';
import { provisionPartner, type TestPartner } from '../support/partners.js';
import { waitFor } from '../support/wait.js';
import { IdempotencyStore, keyHashOf } from '../../platform/idempotency.js';
import { KEY_HEADER, expectReplay, keyed, newKey, sentTwice, storedWithNumber } from './support.js';

const CREATE = '/financing/v1/applications';

describe('Idempotency-Key contract: concurrency, reuse, partners, refusals, expiry', function () {
  this.timeout(120_000);
  let h: AppHarness;
  let partner: TestPartner;
  let db: Db;
  let send: ReturnType<typeof keyed>;
  before(async () => {
    h = await startHarness();
    partner = await provisionPartner(h.t, { payoutTrigger: 'DELIVERED', feeBps: 0 });
    db = h.t.api.runtime.db;
    send = keyed(h.t.client, partner);
  });
  after(async () => {
    await h?.stop();
  });

  it('when 20 identical returns race with one key, then exactly one runs; the others are 409 IDEMPOTENCY_KEY_IN_USE with Retry-After, or its replay', async () => {
    const app = await readyApplication(h, partner);
    expect((await send('PUT', opPath(app.id, 'deliver'), {}, newKey())).status).to.equal(200);
    const key = newKey();
    const body = { items: [{ code: SHIPPING.code }] };
    const all = await Promise.all(Array.from({ length: 20 }, () => send('PUT', opPath(app.id, 'return'), body, key)));
    const ran = all.filter((r) => r.status === 200 && r.headers['idempotent-replayed'] === undefined);
    const replayed = all.filter((r) => r.headers['idempotent-replayed'] === 'true');
    const inUse = all.filter((r) => r.status === 409);
    expect(ran, 'exactly one ran').to.have.length(1);
    expect(ran.length + replayed.length + inUse.length).to.equal(20);
    for (const r of replayed) expectReplay(ran[0]!, r);
    for (const r of inUse) {
      expect(r.body.errors[0]).to.include({ code: 'IDEMPOTENCY_KEY_IN_USE', attribute: KEY_HEADER });
      expect(Number(r.headers['retry-after'])).to.be.at.least(1);
    }
    await h.waitForEvent(app.id, 'orders.order.returned');
    await waitFor(
      'the outbox drained',
      async () => Object.keys((await db.collection('applications').findOne({ _id: app.id as any }))?.outbox ?? {}).length === 0,
    );
    expect(
      h.eventsFor(app.id).filter((e) => e.type === 'orders.order.returned'),
      'one return',
    ).to.have.length(1);
    const retry = await send('PUT', opPath(app.id, 'return'), body, key);
    expectReplay(ran[0]!, retry);
  });

  it('when a key is sent again with another body or on another path, then 422 IDEMPOTENCY_KEY_REUSED naming the header, and nothing runs', async () => {
    const body = applicationBody();
    const { first, key } = await sentTwice(send, 'POST', CREATE, body);
    expect(first.status).to.equal(201);
    const other = applicationBody();
    const reused = await send('POST', CREATE, other, key);
    expect(reused.status).to.equal(422);
    expect(reused.body.errors[0]).to.include({ code: 'IDEMPOTENCY_KEY_REUSED', severity: 'ERROR', attribute: KEY_HEADER });
    expect(await storedWithNumber(db, partner.id, other.order.number)).to.equal(0);
    const elsewhere = await send('PUT', `${CREATE}/${first.body.id}/cancel`, { reason: 'APPLICATION_CANCELLED_OTHER' }, key);
    expect(elsewhere.status).to.equal(422);
    expect(elsewhere.body.errors[0].code).to.equal('IDEMPOTENCY_KEY_REUSED');
  });

  it('when two partners send the same key, then each request runs for its own partner', async () => {
    const other = await provisionPartner(h.t);
    const key = newKey();
    const mine = await send('POST', CREATE, applicationBody(), key);
    const theirs = await keyed(h.t.client, other)('POST', CREATE, applicationBody(), key);
    expect([mine.status, theirs.status]).to.deep.equal([201, 201]);
    expect(theirs.headers['idempotent-replayed']).to.equal(undefined);
    expect(theirs.body.id).to.not.equal(mine.body.id);
  });

  it('when the key is empty, too long or not printable ASCII, then 400 INVALID_REQUEST naming Idempotency-Key', async () => {
    for (const key of ['', 'k'.repeat(256), 'tab\there']) {
      const res = await send('POST', CREATE, applicationBody(), key);
      expect(res.status, JSON.stringify(key)).to.equal(400);
      expect(res.body.errors[0]).to.include({ code: 'INVALID_REQUEST', attribute: KEY_HEADER });
    }
    expect((await send('POST', CREATE, applicationBody(), 'k'.repeat(255))).status).to.equal(201);
  });

  it('when a request is refused as invalid (400), then nothing is kept: its retry runs again, and the key is free for the corrected body', async () => {
    const key = newKey();
    const bad = { ...applicationBody(), type: 'NOPE' };
    const first = await send('POST', CREATE, bad, key);
    const again = await send('POST', CREATE, bad, key);
    expect([first.status, again.status]).to.deep.equal([400, 400]);
    expect(again.headers['idempotent-replayed']).to.equal(undefined);
    expect((await send('POST', CREATE, applicationBody(), key)).status).to.equal(201);
  });

  it('when a request is refused by a business rule (422 wrong state), then that answer is kept and replayed', async () => {
    const app = await processingApplication(h, partner);
    const { first, second } = await sentTwice(send, 'PUT', opPath(app.id, 'send'), {});
    expect(first.status).to.equal(422);
    expect(first.body.errors[0].code).to.equal('APPLICATION_NOT_READY');
    expectReplay(first, second);
  });

  it('when no key is sent, then behaviour is as before: an identical create is the 200 duplicate, not a replay', async () => {
    const body = applicationBody();
    const first = await h.t.client.post(CREATE, body, { token: partner.token });
    const again = await h.t.client.post(CREATE, body, { token: partner.token });
    expect([first.status, again.status]).to.deep.equal([201, 200]);
    expect(again.headers['idempotent-replayed']).to.equal(undefined);
  });

  it('when the OpenAPI document is read, then every partner write declares the header and the 409/422 answers', async () => {
    const doc = (await h.t.client.get('/openapi.json')).body;
    const writes = Object.entries(doc.paths as Record<string, Record<string, any>>)
      .filter(([path]) => path.startsWith('/financing/'))
      .flatMap(([path, ops]) =>
        Object.entries(ops)
          .filter(([m]) => ['post', 'put', 'patch'].includes(m))
          .map(([m, op]) => ({ path, m, op })),
      );
    expect(writes.length).to.be.at.least(10);
    for (const { path, m, op } of writes) {
      const where = `${m} ${path}`;
      expect(
        op.parameters.some((p: any) => p.in === 'header' && p.name === KEY_HEADER),
        where,
      ).to.equal(true);
      const codes = op['x-error-codes'].map((e: any) => `${e.status} ${e.code}`);
      expect(codes, where).to.include.members(['409 IDEMPOTENCY_KEY_IN_USE', '422 IDEMPOTENCY_KEY_REUSED']);
    }
  });

  describe('with a short IDEMPOTENCY_TTL', () => {
    let short: AppHarness;
    let sendShort: ReturnType<typeof keyed>;
    before(async () => {
      short = await startHarness({ IDEMPOTENCY_TTL: '1s' });
      sendShort = keyed(short.t.client, short.partner);
    });
    after(async () => {
      await short?.stop();
    });

    it('when the key has expired (IDEMPOTENCY_TTL), then the request runs again as new', async () => {
      const body = applicationBody();
      const key = newKey();
      const first = await sendShort('POST', CREATE, body, key);
      expect(first.status).to.equal(201);
      // replays until the key expires; then it runs, and the duplicate rule answers 200
      const ranAgain = await waitFor(
        'the key to expire',
        async () => {
          const res = await sendShort('POST', CREATE, body, key);
          return res.headers['idempotent-replayed'] === undefined && res;
        },
        { maxWait: 15_000, interval: 250 },
      );
      expect(ranAgain.status).to.equal(200);
      expect(ranAgain.body.id).to.equal(first.body.id);
    });

    it('when expired claims are purged, then the live ones stay', async () => {
      const key = newKey();
      expect((await sendShort('POST', CREATE, applicationBody(), key)).status).to.equal(201);
      const store = new IdempotencyStore(short.t.api.runtime.db, { ttlMs: 1000, leaseMs: 60_000 });
      const claim = { _id: keyHashOf(short.partner.id, key) };
      await store.purgeExpired(new Date());
      expect(await store.keys.countDocuments(claim), 'still live').to.equal(1);
      await store.purgeExpired(new Date(Date.now() + 2000));
      expect(await store.keys.countDocuments(claim), 'expired and purged').to.equal(0);
    });
  });
});
