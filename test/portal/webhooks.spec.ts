import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { fail, acknowledge, verify, type Received } from '../relay/support/receiver.js';
import { provisionPartner } from '../support/partners.js';
import { waitFor } from '../support/wait.js';
import { csrfOf, postForm } from './portal-support.js';
import { seriousViolations } from './axe.js';
import { startPortalWorld, type PortalWorld } from './portal-world.js';

/**
 * The webhooks page: endpoint health over 24 h, deliveries by outcome, redeliver one,
 * recover every failed delivery since a time, and a test notification to an endpoint,
 * against the real relay and an endpoint that is down and then comes back.
 */
describe('the partner portal: webhooks', function () {
  this.timeout(240_000);
  let w: PortalWorld;
  const states = async () =>
    (await w.relay.deliveries.collection.find({ partnerId: w.h.partner.id, url: w.endpoint.url('/down') }).toArray()).map((d) => d.state);
  before(async () => {
    w = await startPortalWorld();
    w.endpoint.on('/down', fail);
    await w.approved(undefined, '/down');
    await waitFor(
      'every delivery to /down dead-lettered',
      async () => {
        const s = await states();
        return s.length >= 2 && s.every((x) => x === 'DEAD_LETTERED');
      },
      { maxWait: 30_000 },
    );
  });
  after(async () => {
    await w?.stop();
  });

  it('when the page is opened, then each endpoint shows whether it fails now, its success rate, latency and last failure, and the deliveries filter by the states the rows name', async () => {
    const page = w.pages.viewer;
    await page.goto(`${w.base}/portal/webhooks`);
    const down = page.getByRole('row', { name: new RegExp(w.endpoint.url('/down').replace(/[/.]/g, '\\$&')) });
    const cells = await down.locator('td').allTextContents();
    expect(cells[0]).to.match(/^Failing since /);
    expect(cells[2]).to.equal('0%');
    expect(cells[4]).to.include('Error status (HTTP_ERROR) 503');
    // one set of names: the filter's options are the words the rows show
    const options = (await page.locator('#state option').allTextContents()).slice(1);
    expect(options).to.deep.equal(['Delivered', 'Failing, retry scheduled', 'Failed, no more retries']);
    await page.getByLabel('Outcome').selectOption({ label: 'Failed, no more retries' });
    await page.getByRole('button', { name: 'Apply' }).click();
    expect(page.url()).to.include('state=DEAD_LETTERED');
    const states = await page.locator('#deliveries tbody td[data-label=State]').allTextContents();
    expect(states.length).to.be.at.least(2);
    expect(states.every((r) => r === 'Failed, no more retries')).to.equal(true);
    // a viewer reads, but neither recovers nor redelivers
    expect(await page.getByRole('button', { name: 'Redeliver' }).count()).to.equal(0);
    const csrf = await csrfOf(page);
    expect((await postForm(w.h.t, page, '/portal/webhooks/recover', { csrf, since: '2020-01-01T00:00' })).status).to.equal(403);
    const one = (await w.relay.deliveries.collection.findOne({ partnerId: w.h.partner.id }))!;
    expect((await postForm(w.h.t, page, `/portal/webhooks/deliveries/${one._id}/redeliver`, { csrf })).status).to.equal(403);
  });

  it('when deliveries fail, then the Overview warns with the endpoint and a link to the failing deliveries, in both languages', async () => {
    const page = w.pages.viewer;
    await page.goto(`${w.base}/portal/`);
    const warning = page.locator('#webhooks-failing');
    expect(await warning.textContent()).to.include(`Notifications to ${w.endpoint.url('/down')} are failing since`);
    await page.goto(`${w.base}/portal/lang/cs?back=/portal/`);
    expect(await warning.textContent()).to.include(`Oznámení na ${w.endpoint.url('/down')} selhávají od`);
    await page.goto(`${w.base}/portal/lang/en?back=/portal/`);
    await warning.getByRole('link', { name: 'See the deliveries' }).click();
    expect(page.url()).to.match(/\/portal\/webhooks\?state=FAILED$/);
  });

  it("when a delivery's page is opened, then it shows the payload sent and each attempt's status, headers and answer, in both languages at 390 px, with no serious axe finding", async () => {
    const page = w.pages.viewer;
    await page.goto(`${w.base}/portal/webhooks?state=DEAD_LETTERED`);
    await page.locator('#deliveries tbody tr').first().locator('td[data-label=Created] a').click();
    await page.waitForURL(/\/portal\/webhooks\/deliveries\/[0-9a-f-]{36}$/);
    const id = page.url().split('/').pop()!;
    const doc = (await w.relay.deliveries.collection.findOne({ _id: id }))!;
    expect(JSON.parse((await page.locator('pre.payload').first().textContent())!)).to.deep.equal(JSON.parse(doc.payload));
    expect(await page.getByRole('heading', { level: 1 }).textContent()).to.equal('Application notification delivery');
    const attempts = page.locator('ol.attempt-list > li');
    expect(await attempts.count()).to.equal(doc.attemptCount);
    const newest = attempts.first();
    expect(await newest.getByRole('heading', { level: 3 }).textContent()).to.equal(`Attempt ${doc.attemptCount}: Error status (HTTP_ERROR)`);
    expect(await newest.locator('dl.facts').textContent()).to.include('503');
    expect(await newest.locator('dl.headers').textContent()).to.include('content-type:application/json');
    expect(JSON.parse((await newest.locator('pre.payload').textContent())!)).to.deep.equal({ status: 'DOWN' });
    // another partner's or an unknown delivery is not found
    expect((await page.goto(`${w.base}/portal/webhooks/deliveries/00000000-0000-7000-8000-000000000000`))!.status()).to.equal(404);
    await page.setViewportSize({ width: 390, height: 800 });
    try {
      for (const lang of ['en', 'cs'] as const) {
        await page.goto(`${w.base}/portal/lang/${lang}?back=/portal/webhooks/deliveries/${id}`);
        expect(await page.locator('body').textContent()).to.include(lang === 'cs' ? 'Odeslaná data' : 'Payload sent');
        expect(await page.evaluate(() => (globalThis as any).document.documentElement.scrollWidth)).to.be.at.most(390);
        expect(await seriousViolations(page)).to.deep.equal([]);
        await page.goto(`${w.base}/portal/webhooks`);
        expect(await page.evaluate(() => (globalThis as any).document.documentElement.scrollWidth)).to.be.at.most(390);
      }
    } finally {
      await page.goto(`${w.base}/portal/lang/en?back=/portal/`);
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });

  it('when the endpoint is back and an operator recovers since an hour ago, then every dead-lettered delivery is delivered', async () => {
    w.endpoint.on('/down', acknowledge);
    const page = w.pages.operator;
    await page.goto(`${w.base}/portal/webhooks`);
    await page.getByRole('button', { name: 'Redeliver all failed since then' }).click();
    expect(await page.getByRole('status').textContent()).to.match(/^\d+ deliveries queued/);
    await waitFor('every delivery to /down delivered', async () => (await states()).every((x) => x === 'DELIVERED'), { maxWait: 30_000 });
    // recovered: the endpoint reads healthy now (the day's rate still shows the failures), and the Overview warns no more
    await page.goto(`${w.base}/portal/webhooks`);
    const down = page.getByRole('row', { name: new RegExp(w.endpoint.url('/down').replace(/[/.]/g, '\\$&')) });
    const cells = await down.locator('td').allTextContents();
    expect(cells[0]).to.match(/^Healthy recovered /);
    expect(cells[2]).not.to.equal('100%');
    await page.goto(`${w.base}/portal/`);
    expect(await page.locator('#webhooks-failing').count()).to.equal(0);
  });

  it("when an operator redelivers one delivery, then a new round is attempted; another partner's delivery is not found", async () => {
    const page = w.pages.operator;
    await page.goto(`${w.base}/portal/webhooks`);
    const first = page.locator('#deliveries tbody tr').first();
    const id = (await first.getByRole('button', { name: 'Redeliver' }).getAttribute('aria-label'))!.replace('Redeliver ', '');
    await first.getByRole('button', { name: 'Redeliver' }).click();
    expect(await page.getByRole('status').textContent()).to.equal('Redelivery queued.');
    await waitFor('the redelivery attempted', async () => (await w.relay.deliveries.collection.findOne({ _id: id }))!.round >= 1, { maxWait: 20_000 });
    const other = await provisionPartner(w.h.t);
    await w.approved(other);
    const theirs = await waitFor('a delivery of the other partner', () => w.relay.deliveries.collection.findOne({ partnerId: other.id }), { maxWait: 20_000 });
    const res = await postForm(w.h.t, page, `/portal/webhooks/deliveries/${theirs!._id}/redeliver`, { csrf: await csrfOf(page) });
    expect(res.status).to.equal(404);
    await page.goto(`${w.base}/portal/audit`);
    expect(await page.getByRole('table').count()).to.equal(0); // the audit log is the owner's
    await w.pages.owner.goto(`${w.base}/portal/audit`);
    expect((await w.pages.owner.getByRole('table').textContent())!)
      .to.include('webhook.recover')
      .and.include('webhook.redeliver');
  });

  it('when an operator sends a test notification, then the endpoint receives it signed, the page lists its delivery, a form sent twice sends one, a viewer may not, and the limit refuses a flood', async () => {
    const { t, partner } = w.h;
    w.endpoint.on('/probe', acknowledge);
    const url = w.endpoint.url('/probe');
    await w.approved(undefined, '/probe');
    await waitFor('a delivery to /probe recorded', () => w.relay.deliveries.collection.findOne({ partnerId: partner.id, url }), { maxWait: 20_000 });
    const isTest = (r: Received) => r.path === '/probe' && (JSON.parse(r.body) as { type?: string }).type === 'TEST';
    const testDeliveries = () => w.relay.deliveries.collection.find({ partnerId: partner.id, kind: 'TEST' }).toArray();
    const sent = async () => (await w.h.t.api.runtime.db.collection('webhook_test_notifications').findOne({ _id: partner.id } as never))?.recent.length ?? 0;

    // a viewer sees no button, and a forged POST is refused on the server
    const viewer = w.pages.viewer;
    await viewer.goto(`${w.base}/portal/webhooks`);
    expect(await viewer.getByRole('button', { name: /Send a test notification/ }).count()).to.equal(0);
    expect((await postForm(t, viewer, '/portal/webhooks/test', { csrf: await csrfOf(viewer), key: randomUUID(), url })).status).to.equal(403);
    expect(await sent()).to.equal(0);

    const page = w.pages.operator;
    await page.goto(`${w.base}/portal/webhooks`);
    const row = page.getByRole('row', { name: new RegExp(url.replace(/[/.]/g, '\\$&')) });
    const key = (await row.locator('input[name=key]').getAttribute('value'))!;
    const csrf = await csrfOf(page);
    await row.getByRole('button', { name: /Send a test notification/ }).click();
    expect(await page.getByRole('status').textContent()).to.match(/^Test notification queued/);
    const [received] = (await w.endpoint.waitForRequests('the test notification at /probe', (all) => all.some(isTest), 20_000)).filter(isTest);
    const body = verify(received!, partner.webhookSecret) as Record<string, unknown>;
    expect(body).to.deep.equal({ id: received!.webhookId, type: 'TEST', createdAt: body.createdAt });
    expect(body.createdAt).to.match(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);

    // its delivery is listed with its attempt, in the portal and the API, and not in the event feed
    await waitFor(
      'the test delivery listed as delivered',
      async () => {
        await page.goto(`${w.base}/portal/webhooks`);
        return (await page.locator('#deliveries tbody tr').allTextContents()).some((r) => r.includes('Test') && r.includes('Delivered'));
      },
      { maxWait: 20_000 },
    );
    const listed = await t.client.get<any>('/financing/v1/webhooks/deliveries?limit=100', { token: partner.token });
    const delivery = listed.body.data.find((d: any) => d.webhookId === received!.webhookId);
    expect(delivery).to.deep.include({ kind: 'TEST', notificationEndpoint: url, state: 'DELIVERED', body });
    expect(delivery.attempts[0].outcome).to.equal('ACKNOWLEDGED');
    // its page shows what was sent and the answer, like any delivery's
    await page.goto(`${w.base}/portal/webhooks/deliveries/${delivery.deliveryId}`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).to.equal('Test notification delivery');
    expect(JSON.parse((await page.locator('pre.payload').first().textContent())!)).to.deep.equal(body);
    expect(await page.locator('ol.attempt-list > li h3').first().textContent()).to.equal('Attempt 1: Acknowledged (ACKNOWLEDGED)');
    const feed = await t.client.get<any>('/financing/v1/events?limit=100', { token: partner.token });
    expect(feed.body.data.map((e: any) => e.id)).not.to.include(received!.webhookId);

    // the same form again (a reload of the POST) sends nothing; two clicks at once send one
    const again = await postForm(t, page, '/portal/webhooks/test', { csrf, key, url });
    expect(again.status).to.equal(303);
    expect(again.headers.location).to.equal('/portal/webhooks?done=test-replayed');
    expect(await sent()).to.equal(1);
    const twice = randomUUID();
    const statuses = (await Promise.all([0, 1].map(() => postForm(t, page, '/portal/webhooks/test', { csrf, key: twice, url })))).map((r) => r.status);
    expect(statuses).to.include(303);
    expect(
      statuses.every((x) => x === 303 || x === 409),
      statuses.join(),
    ).to.equal(true);
    expect(await sent()).to.equal(2);
    await waitFor(
      'two test deliveries, both delivered',
      async () => {
        const docs = await testDeliveries();
        return docs.length === 2 && docs.every((d) => d.state === 'DELIVERED');
      },
      { maxWait: 20_000 },
    );

    // an address that is none of the partner's endpoints is refused
    const refusedForm = { csrf, key: randomUUID(), url: 'http://127.0.0.1:9/elsewhere' };
    for (let i = 0; i < 2; i++) {
      // the form sent again is refused again
      const elsewhere = await postForm(t, page, '/portal/webhooks/test', refusedForm);
      expect(elsewhere.status).to.equal(422);
      expect(elsewhere.text).to.include('A test notification goes only to an endpoint your notifications went to in the last 24 hours.');
    }

    // the limit: three more within the minute, then a clear refusal on the page
    for (let i = 0; i < 3; i++) expect((await postForm(t, page, '/portal/webhooks/test', { csrf, key: randomUUID(), url })).status).to.equal(303);
    await page.goto(`${w.base}/portal/webhooks`);
    await row.getByRole('button', { name: /Send a test notification/ }).click();
    expect(await page.getByRole('alert').textContent()).to.match(/^At most 5 test notifications a minute: try again in \d+ seconds\.$/);
    expect(await sent()).to.equal(5);
    await w.pages.owner.goto(`${w.base}/portal/audit`);
    const audit = (await w.pages.owner.getByRole('table').textContent())!;
    expect(audit).to.include('webhook.test').and.include('RATE_LIMIT_EXCEEDED').and.include('role viewer');
  });
});
