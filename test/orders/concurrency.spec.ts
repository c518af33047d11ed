import { expect } from 'chai';
import { createLogger } from '../../platform/logger.js';
import { startApi, type Api } from '../../api/create-api.js';
import { startHarness, type AppHarness } from '../applications/harness.js';
import { testConfig } from '../support/config.js';
import { TestClient } from '../support/http.js';
import type { TestPartner } from '../support/partners.js';
import { waitFor } from '../support/wait.js';
import { KETTLE, ORDER_TOTAL, opPath, readyApplication } from './orders-harness.js';

/**
 * 20 simultaneous fulfilment calls on one application never lose an
 * update; each applies on the current version or is refused cleanly in the spec's format.
 */

/**
 * Each event once by its id: Kafka delivery is at least once (a write sends the entries an
 * earlier write left in the document, another instance's too, ahead of its own), and
 * consumers drop a repeat by its id, so the test counts what a consumer takes in.
 */
const once = <E extends { id: string }>(events: E[]): E[] => [...new Map(events.map((e) => [e.id, e])).values()];

describe('20 concurrent fulfilment calls on one application', function () {
  this.timeout(120_000);
  let h: AppHarness;
  let partner: TestPartner;
  before(async () => {
    h = await startHarness();
    partner = h.partner;
  });
  after(async () => {
    await h?.stop();
  });

  const put = (id: string, op: 'send' | 'deliver' | 'return' | 'cancel', body: unknown) => h.t.client.put(opPath(id, op), body, { token: partner.token });
  const cleanRefusal = (res: { status: number; body: any }) => {
    expect(res.status).to.be.within(400, 499);
    expect(res.body.errors).to.be.an('array').with.length.greaterThan(0);
    for (const e of res.body.errors) {
      expect(e.code).to.be.a('string');
      expect(e.message).to.be.a('string');
      expect(e.severity).to.equal('ERROR');
      expect(Object.keys(e).every((k) => ['code', 'message', 'severity', 'attribute'].includes(k))).to.equal(true);
    }
  };

  it('when 20 partial sends of 0.1 piece race, then all 20 apply and the item is sent exactly in full', async () => {
    const app = await readyApplication(h, partner);
    const results = await Promise.all(Array.from({ length: 20 }, () => put(app.id, 'send', { items: [{ code: KETTLE.code, quantity: 0.1 }] })));
    expect(results.map((r) => r.status)).to.deep.equal(Array(20).fill(200));
    const detail = await h.get(app.id, partner);
    expect(detail.order.items[0].state).to.equal('SENT');
    const events = await waitFor('20 sent events', () => {
      const sent = h.eventsFor(app.id).filter((e) => e.type === 'orders.order.sent');
      return sent.length === 20 && sent;
    });
    // each write saw the one before it: versions are consecutive, and the parts add up to the price
    const versions = events.map((e) => e.aggregateVersion).sort((a, b) => a - b);
    expect(new Set(versions).size).to.equal(20);
    expect(versions.at(-1)! - versions[0]!).to.equal(19);
    expect(events.reduce((a, e: any) => a + e.data.lines[0].amount, 0)).to.equal(KETTLE.total);
    const more = await put(app.id, 'send', { items: [{ code: KETTLE.code, quantity: 0.001 }] });
    expect(more.status).to.equal(422);
  });

  it('when 20 "deliver everything" calls race, then exactly one applies and 19 are refused with 422 in the spec\'s format', async () => {
    const app = await readyApplication(h, partner);
    const results = await Promise.all(Array.from({ length: 20 }, () => put(app.id, 'deliver', {})));
    const ok = results.filter((r) => r.status === 200);
    expect(ok).to.have.length(1);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r.status).to.equal(422);
      cleanRefusal(r);
      expect(r.body.errors[0].code).to.equal('UNPROCESSABLE');
    }
    expect(h.eventsFor(app.id).filter((e) => e.type === 'orders.order.delivered').length).to.be.at.most(1);
    await waitFor('one delivered event', () => h.eventsFor(app.id).filter((e) => e.type === 'orders.order.delivered').length === 1);
  });

  it('when sends, deliveries, refunds and cancels of one application race, then every applied change is in the final order and refusals are clean', async () => {
    const app = await readyApplication(h, partner);
    const calls = [
      ...Array.from({ length: 8 }, () => put(app.id, 'send', { items: [{ code: KETTLE.code, quantity: 0.25 }] })),
      ...Array.from({ length: 6 }, () => put(app.id, 'deliver', { items: [{ code: KETTLE.code, quantity: 0.25 }] })),
      ...Array.from({ length: 4 }, () => put(app.id, 'return', { items: [], totalPrice: { amount: 1000, currency: 'CZK' } })),
      ...Array.from({ length: 2 }, () => put(app.id, 'cancel', { items: [{ code: 'SHIP' }] })),
    ];
    const results = await Promise.all(calls);
    for (const r of results.filter((x) => x.status !== 200)) cleanRefusal(r);
    const applied = (from: number, to: number) => results.slice(from, to).filter((r) => r.status === 200).length;
    const detail = await h.get(app.id, partner);
    const kettle = detail.order.items[0];
    const refunds = applied(14, 18);
    const cancels = applied(18, 20);
    expect(applied(0, 8), 'every send had room').to.equal(8);
    expect(cancels, 'the shipping line can be cancelled once').to.equal(1);
    expect(kettle.state).to.be.oneOf(['SENT', 'DELIVERED']);
    expect(detail.order.totalPrice.amount).to.equal(ORDER_TOTAL - 30000 - refunds * 1000);
    const events = await waitFor('every applied change as an event', () => {
      const mine = once(h.eventsFor(app.id).filter((e) => e.type.startsWith('orders.order.')));
      return mine.length === results.filter((r) => r.status === 200).length && mine;
    });
    expect(new Set(events.map((e) => e.aggregateVersion)).size).to.equal(events.length);
  });

  it('when two API processes share the store and 20 partial deliveries race across them, then none is lost', async () => {
    // a second API on the same database and topics: the in-process lock no longer helps,
    // only the version guard does
    const { config } = h.t;
    const second: Api = await startApi(
      testConfig({ MONGO_DB: config.store.db, KAFKA_TOPIC_PREFIX: config.kafka.topicPrefix }),
      createLogger({ level: 'silent', name: 'api-2' }),
    );
    const client2 = new TestClient(`https://localhost:${second.httpsPort}`, second.tls.cert);
    try {
      const app = await readyApplication(h, partner);
      const body = { items: [{ code: KETTLE.code, quantity: 0.1 }] };
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, k) => (k % 2 ? client2 : h.t.client).put(opPath(app.id, 'deliver'), body, { token: partner.token })),
      );
      for (const r of results.filter((x) => x.status !== 200)) {
        expect(r.status, r.text).to.equal(409);
        cleanRefusal(r);
        expect(r.body.errors[0].code).to.equal('CONCURRENT_MODIFICATION');
      }
      const applied = results.filter((r) => r.status === 200).length;
      const detail = await h.get(app.id, partner);
      expect(detail.order.items[0].state).to.equal('DELIVERED');
      const delivered = await waitFor('every applied delivery as an event', () => {
        const mine = once(h.eventsFor(app.id).filter((e) => e.type === 'orders.order.delivered'));
        return mine.length === applied && mine;
      });
      expect(delivered.reduce((a, e: any) => a + e.data.lines[0].quantityMilli, 0)).to.equal(applied * 100);
      expect(applied, 'the version guard retries a lost race instead of refusing it').to.equal(20);
    } finally {
      client2.close();
      await second.stop();
    }
  });
});
