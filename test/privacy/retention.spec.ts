import { expect } from 'chai';
import { randomBytes, randomInt } from 'node:crypto';
import { Binary, type Db } from 'mongodb';
import { ManualClock } from '../../platform/clock.js';
import { createLogger } from '../../platform/logger.js';
import { startRelay, type Relay } from '../../relay/create-relay.js';
import { createPartnerDirectory } from '../../modules/auth/index.js';
import { orderTotals } from '../../modules/applications/index.js';
import { ApplicationListing } from '../../modules/applications/store/application-listing.js';
import { checkLedger } from '../../modules/payments/index.js';
import { startHarness, type AppHarness } from '../applications/harness.js';
import { applicationBody } from '../applications/requests.js';
import { GatewayClient } from '../gateway/gateway-client.js';
import { KETTLE, opPath, waitForReason } from '../orders/orders-harness.js';
import { Receiver, acknowledge, fail } from '../relay/support/receiver.js';
import { TopicCollector } from '../support/kafka.js';
import { provisionPartner, type TestPartner } from '../support/partners.js';
import { waitFor } from '../support/wait.js';

const DAY = 86_400_000;

/**
 * Personal data has a lifecycle: applications seeded through the real API with a unique
 * marker in every personal field, taken through decisions, fulfilment, payouts and webhooks
 * (the real relay to local receivers, one of which always fails, so the dead-letter topic
 * holds messages too), then the clock moved past every retention and the retention job run:
 * no marker is left in any collection of the store, on any of the service's Kafka topics
 * (the dead-letter topics included) or in anything the API and the relay logged, and the
 * money (payment lines, ledgers, settlements, the ledger check) reads exactly as before.
 */
describe('personal data past its retention is anonymised, and the money still adds up', function () {
  this.timeout(180_000);
  const marker = `mk${randomBytes(4).toString('hex')}`; // 10 characters: fits a fraud-prevention tag
  const phoneDigits = `7${String(randomInt(10_000_000, 99_999_999))}`;
  const clock = new ManualClock(Date.now());
  const t0 = clock.now().getTime();
  const logLines: string[] = [];
  const destination = { write: (line: string) => void logLines.push(line) };
  let h: AppHarness;
  let relay: Relay;
  let shop: TestPartner;
  const ok = new Receiver(acknowledge);
  const broken = new Receiver(fail);
  const ids: Record<string, string> = {};

  const env = {
    LOG_LEVEL: 'info',
    RETENTION_CREDIT_RECORDS_DAYS: '2',
    RETENTION_REJECTED_DAYS: '1',
    RETENTION_DELIVERY_BODIES_DAYS: '1',
    // one run at start, the next three days later: the test chooses when the job runs
    RETENTION_JOB_INTERVAL: '3d',
    EXPIRY_FULL_SWEEP_INTERVAL: '1d',
    WEBHOOK_RETRY_DELAYS: '200ms,200ms',
    OUTBOX_SWEEP_INTERVAL: '300ms',
  };

  before(async function () {
    this.timeout(60_000);
    await ok.start();
    await broken.start();
    h = await startHarness(env, { clock }, { destination });
    relay = await startRelay({ ...h.t.config }, createLogger({ level: 'info', name: 'relay-test', destination }), { partnerSecrets: createPartnerDirectory });
    shop = await provisionPartner(h.t, { payoutTrigger: 'DELIVERED', feeBps: 175 });
  });
  after(async () => {
    await relay?.stop();
    await h?.stop();
    await ok.stop();
    await broken.stop();
  });

  /** Every personal field of a create request, each carrying the marker. */
  const personalBody = (label: string, outcome: 'approve' | 'reject', endpoint: string) => {
    const body = applicationBody({}, { email: `${marker}.${label}+${outcome}@${marker}.example.com` }) as any;
    body.customer = {
      titleBefore: `Ing. ${marker}`,
      titleAfter: `Ph.D. ${marker}`,
      firstName: `Jana ${marker}`,
      lastName: `Nová ${marker}`,
      email: body.customer.email,
      phone: `+420${phoneDigits}`,
      tin: `CZ${marker}`,
      vatin: `CZ${marker}`,
      addresses: [
        {
          addressType: 'PERMANENT',
          name: `Jana ${marker}`,
          city: `Praha ${marker}`,
          country: 'CZ',
          streetAddress: `Dlouhá ${marker}`,
          streetNumber: '12',
          zip: '11000',
        },
      ],
      fraudPreventionData: { transactionsNumber: 4, transactionsSum: { amount: 250000, currency: 'CZK' }, tags: [marker] },
    };
    body.order.addresses = [
      {
        addressType: 'DELIVERY',
        name: `Jana ${marker}`,
        city: `Brno ${marker}`,
        country: 'CZ',
        streetAddress: `Krátká ${marker}`,
        streetNumber: '3',
        zip: '60200',
      },
    ];
    body.order.documents = [
      {
        type: 'INVOICE',
        description: `invoice of ${marker}`,
        file: { filename: `${marker}-${label}.txt`, content: Buffer.from(`Invoice for Jana ${marker} (${label})\nTotal 1500.00 CZK\n`).toString('base64') },
      },
    ];
    body.customData = { note: `customer ${marker}`, [`key-${marker}`]: 1 };
    body.merchantUrls.notificationEndpoint = endpoint;
    return body;
  };
  // every write with an Idempotency-Key, as partners send them: the kept answers render the customer
  const as = (method: string, path: string, body?: unknown) =>
    h.t.client.request(method, path, {
      token: shop.token,
      body,
      ...(method === 'GET' ? {} : { headers: { 'Idempotency-Key': randomBytes(8).toString('hex') } }),
    });
  const create = async (label: string, outcome: 'approve' | 'reject', endpoint = ok.url('/hooks')) => {
    const res = await as('POST', '/financing/v1/applications', personalBody(label, outcome, endpoint));
    expect(res.status, res.text).to.equal(201);
    ids[label] = res.body.id;
    return res.body;
  };
  const confirm = async (app: any) => {
    const res = await new GatewayClient(h.t, app.gatewayRedirectUrl).submitAsCustomer('confirm');
    expect(res.status).to.be.below(400);
  };

  it('when applications carrying markers are decided, fulfilled, paid out, cancelled and notified, then the markers are in the store', async () => {
    // financed: approved, shipped, delivered (payout), partly returned (credit note)
    const financed = await create('financed', 'approve');
    await confirm(financed);
    await waitForReason(h, financed.id, shop, 'READY_TO_SHIP');
    for (const [op, body] of [
      ['send', { items: [{ code: KETTLE.code, quantity: 2 }] }],
      ['deliver', {}],
    ] as const) {
      const res = await as('PUT', opPath(financed.id, op), body);
      expect(res.status, `${op}: ${res.text}`).to.equal(200);
    }
    await waitForReason(h, financed.id, shop, 'READY_PAID');
    const ret = await as('PUT', opPath(financed.id, 'return'), { items: [{ code: KETTLE.code, quantity: 1 }] });
    expect(ret.status, ret.text).to.equal(200);
    // rejected at the decision
    const rejected = await create('rejected', 'reject');
    await confirm(rejected);
    await waitForReason(h, rejected.id, shop, 'REJECTED');
    // cancelled by the partner with a free-text reason, notified to an endpoint that always fails
    const cancelled = await create('cancelled', 'approve', broken.url('/hooks'));
    const res = await as('PUT', `/financing/v1/applications/${cancelled.id}/cancel`, {
      reason: 'APPLICATION_CANCELLED_OTHER',
      customReason: `asked by ${marker}`,
    });
    expect(res.status, res.text).to.equal(200);

    const db = h.t.api.runtime.db;
    await waitFor(
      '2 payment lines of the financed application',
      async () => (await db.collection('payment_lines').countDocuments({ applicationId: financed.id })) === 2,
      {
        maxWait: 20_000,
      },
    );
    await waitFor(
      "the failing endpoint's deliveries dead-lettered",
      async () => (await db.collection('webhook_deliveries').countDocuments({ url: broken.url('/hooks'), state: 'DEAD_LETTERED' })) >= 2,
      { maxWait: 30_000 },
    );
    await waitFor(
      'every other delivery delivered',
      async () =>
        (await db.collection('webhook_deliveries').countDocuments({ url: ok.url('/hooks') })) >= 8 &&
        (await db.collection('webhook_deliveries').countDocuments({ url: ok.url('/hooks'), state: { $ne: 'DELIVERED' } })) === 0,
      { maxWait: 30_000 },
    );
    const found = await markersInStore(db);
    expect(found, 'the markers were stored (else the test below could not fail)').to.include.members([
      'applications',
      'idempotency_keys',
      'customer_accounts',
      'application_document_contents',
    ]);
  });

  let moneyBefore: string;
  it('when the clock passes every retention but the job has not run again, then the markers are still there and the settlements are closed', async () => {
    await clock.advanceTo(new Date(t0 + 3 * DAY - 60_000));
    const db = h.t.api.runtime.db;
    expect(await markersInStore(db), 'nothing is anonymised before the job runs').to.include('applications');
    const byName = await new ApplicationListing(db).list(shop.id, { search: `nová ${marker}`, limit: 25 });
    expect(byName.items.map((a) => a._id).sort(), "the portal's search finds them by name").to.deep.equal([ids.financed, ids.rejected, ids.cancelled].sort());
    expect(await db.collection('settlements').countDocuments(), 'the daily cut-offs on the way closed a settlement').to.be.at.least(1);
    moneyBefore = await money(db);
  });

  it('when the retention job runs, then no marker is left in any collection, and payment lines, ledgers and settlements are unchanged', async () => {
    await clock.advanceTo(new Date(t0 + 3 * DAY + 60_000));
    const db = h.t.api.runtime.db;
    expect(await markersInStore(db)).to.deep.equal([]);
    expect(await money(db)).to.equal(moneyBefore);
    const listing = new ApplicationListing(db);
    expect((await listing.list(shop.id, { search: `Nová ${marker}`, limit: 25 })).items, 'no longer found by name').to.deep.equal([]);
    expect((await listing.list(shop.id, { search: marker, limit: 25 })).items).to.deep.equal([]);
    const report = await checkLedger(db, orderTotals(db));
    expect(report.problems).to.deep.equal([]);
    const apps = await db
      .collection('applications')
      .find({ _id: { $in: Object.values(ids) } } as any)
      .toArray();
    expect(apps.map((a: any) => [a._id, a.privacy?.dataClass]).sort()).to.deep.equal(
      [
        [ids.financed, 'CREDIT_RECORD'],
        [ids.rejected, 'NOT_FINANCED'],
        [ids.cancelled, 'NOT_FINANCED'],
      ].sort(),
    );
    const metrics = await h.t.api.runtime.registry.metrics();
    expect(metrics).to.match(/applications_anonymised_total\{data_class="CREDIT_RECORD"[^}]*\} 1\n/);
    expect(metrics).to.match(/applications_anonymised_total\{data_class="NOT_FINANCED"[^}]*\} 2\n/);
    expect(metrics).to.match(/retention_job_last_success_timestamp_seconds(\{[^}]*\})? [1-9]/);
    const deliveries = await db.collection('webhook_deliveries').find({}).toArray();
    expect(deliveries.length).to.be.at.least(10);
    expect(
      deliveries.every((d: any) => d.bodyClearedAt && d.payload === '{}'),
      'every delivery body cleared, the records kept',
    ).to.equal(true);
  });

  it('when the partner reads a delivery whose body was cleared, then the record is there with an empty body, and it cannot be redelivered', async () => {
    // three days on the clock: the token of the first login has expired
    const login = await h.t.client.post('/authentication/v1/partner', { username: shop.username, password: shop.password });
    expect(login.status, login.text).to.equal(200);
    const token = login.body.accessToken as string;
    const db = h.t.api.runtime.db;
    const dead = (await db.collection('webhook_deliveries').findOne({ url: broken.url('/hooks'), state: 'DEAD_LETTERED' })) as any;
    const detail = await h.t.client.request('GET', `/financing/v1/webhooks/deliveries/${dead._id}`, { token });
    expect(detail.status, detail.text).to.equal(200);
    expect(detail.body).to.deep.include({ deliveryId: dead._id, state: 'DEAD_LETTERED', body: {} });
    const again = await h.t.client.request('POST', `/financing/v1/webhooks/deliveries/${dead._id}/redeliver`, { token, body: {} });
    expect(again.status, again.text).to.equal(404);
    const all = await h.t.client.request('POST', '/financing/v1/webhooks/deliveries/redeliver', { token, body: {} });
    expect(all.status, all.text).to.be.oneOf([200, 202]);
    expect(all.body.redeliveryCount, 'nothing left to send').to.equal(0);
  });

  it('when every topic of the service is read from the beginning, the dead-letter topics included, then no marker is on any', async () => {
    const { kafka, topics } = h.t.api.runtime;
    const admin = kafka.admin();
    await admin.connect();
    const mine = (await admin.listTopics()).filter((n) => n.startsWith(topics.name('')));
    await admin.disconnect();
    const collector = await new TopicCollector(kafka, mine).start();
    try {
      await waitFor('the dead-letter topics read', () => collector.messages.filter((m) => m.topic.endsWith('dead-letter')).length >= 2, { maxWait: 30_000 });
      await new Promise((r) => setTimeout(r, 1500)); // the rest of the topics, read alongside
      expect(collector.messages.length).to.be.at.least(20);
      const carrying = collector.messages.filter((m) => hasMarker(`${m.key} ${m.value} ${JSON.stringify(m.headers)}`)).map((m) => m.topic);
      expect(carrying).to.deep.equal([]);
    } finally {
      await collector.stop();
    }
  });

  it('when everything the API and the relay logged is read, then no marker is in it', () => {
    expect(logLines.length, 'the processes logged').to.be.at.least(10);
    expect(logLines.filter(hasMarker)).to.deep.equal([]);
  });

  function hasMarker(text: string): boolean {
    const lower = text.toLowerCase();
    return lower.includes(marker) || lower.includes(phoneDigits);
  }

  /** The collections of the store in which a marker is found (document bytes read as text). */
  async function markersInStore(db: Db): Promise<string[]> {
    const found: string[] = [];
    for (const { name } of await db.listCollections().toArray()) {
      for await (const doc of db.collection(name).find({})) {
        if (hasMarker(JSON.stringify(doc, bytesAsText))) {
          found.push(name);
          break;
        }
      }
    }
    return found.sort();
  }

  /** Reads stored bytes (a document's content) as the text they hold, not as base64. */
  function bytesAsText(this: any, key: string, value: unknown): unknown {
    const raw = this[key];
    return raw instanceof Binary ? Buffer.from(raw.buffer).toString('utf8') : value;
  }

  /** The money at rest as text: payment lines, ledgers and settlements, whole, by id. */
  async function money(db: Db): Promise<string> {
    const read = (name: string) =>
      db
        .collection(name)
        .find({}, { sort: { _id: 1 } })
        .toArray();
    return JSON.stringify({ lines: await read('payment_lines'), ledgers: await read('payment_ledgers'), settlements: await read('settlements') });
  }
});
