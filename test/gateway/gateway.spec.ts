import { expect } from 'chai';
import { waitFor } from '../support/wait.js';
import { outboxDrained, startHarness, type AppHarness } from '../applications/harness.js';
import { applicationBody } from '../applications/requests.js';
import { GatewayClient } from './gateway-client.js';
import { ManualClock } from '../../platform/clock.js';
import { DECISION_WAIT_MS } from '../../modules/applications/decision/gateway/gateway.routes.js';

describe('the gateway over HTTP (no browser)', function () {
  this.timeout(60_000);
  let h: AppHarness;
  before(async () => {
    h = await startHarness();
  });
  after(async () => {
    await h?.stop();
  });

  it('when the link is opened, then an HTML page with a strict CSP, no script, the total and both forms', async () => {
    const app = await h.create();
    const res = await new GatewayClient(h.t, app.gatewayRedirectUrl).open();
    expect(res.status).to.equal(200);
    expect(res.headers['content-type']).to.match(/^text\/html/);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).to.include("default-src 'none'").and.include("frame-ancestors 'none'").and.not.include('script-src');
    expect(res.headers['cache-control']).to.equal('no-store');
    expect(res.text).not.to.match(/<script/i);
    expect(res.text)
      .to.include('<html lang="en">')
      .and.match(/CZK\s1,500\.00/)
      .and.include('Electric kettle');
    expect(res.text)
      .to.match(/action="[^"]+\/confirm\?csrf=/)
      .and.match(/action="[^"]+\/decline\?csrf=/);
    expect(String(res.headers['set-cookie']))
      .to.match(/__Host-pf_gw=.*secure.*httponly/i)
      .and.match(/samesite=strict/i);
  });

  it('when partner data holds markup, then it is escaped on the page', async () => {
    const body = applicationBody();
    body.order.items[0]!.name = '<img src=x onerror=alert(1)>';
    const app = await h.create(body);
    const res = await new GatewayClient(h.t, app.gatewayRedirectUrl).open();
    expect(res.text).to.include('&lt;img src=x onerror=alert(1)&gt;').and.not.include('<img src=x');
  });

  it('when the token is wrong, then 404 page; when it is tampered to another application, then 404 too', async () => {
    const app = await h.create();
    const other = await h.create();
    const token = app.gatewayRedirectUrl.split('/').pop();
    for (const path of [`/gateway/${app.id}/${'A'.repeat(43)}`, `/gateway/${other.id}/${token}`]) {
      const res = await h.t.client.get(path);
      expect(res.status).to.equal(404);
      expect(res.text).to.include('Payment link not found');
    }
  });

  it("when a gateway link or form is malformed, then the browser gets a gateway page (HTML), never the API's JSON", async () => {
    const app = await h.create();
    const page = await h.t.client.get('/gateway/not-an-id/short', { headers: { Accept: 'text/html' } });
    expect(page.status).to.equal(404);
    expect(page.headers['content-type']).to.match(/^text\/html/);
    expect(page.text).to.include('Payment link not found');
    const path = new URL(app.gatewayRedirectUrl).pathname;
    const form = await h.t.client.post(`${path}/confirm?csrf=x`, undefined, { headers: { Accept: 'text/html' } });
    expect(form.status).to.equal(403);
    expect(form.headers['content-type']).to.match(/^text\/html/);
    expect(form.headers['content-security-policy']).to.include("default-src 'none'");
    expect((await h.get(app.id)).stateReason).to.equal('PROCESSING_REDIRECT_NEEDED');
  });

  it('when the form is posted without the page cookie or from another origin, then 403 and nothing changes', async () => {
    const app = await h.create();
    const gw = new GatewayClient(h.t, app.gatewayRedirectUrl);
    const page = (await gw.open()).text;
    const action = /action="([^"]*\/confirm\?csrf=[^"]+)"/.exec(page)![1]!.replace(/&amp;/g, '&');
    const noCookie = await h.t.client.post(action, undefined, { headers: { Accept: 'text/html' } });
    expect(noCookie.status).to.equal(403);
    const foreign = await h.t.client.post(action, undefined, { headers: { Cookie: gw.cookie, Origin: 'https://evil.example' } });
    expect(foreign.status).to.equal(403);
    expect((await h.get(app.id)).stateReason).to.equal('PROCESSING_REDIRECT_NEEDED');
  });

  it('when the customer confirms, then PROCESSING_VALIDATION_IN_PROGRESS, the confirmed event, the decision, and the page sends the browser to approvedRedirect', async () => {
    const app = await h.create(applicationBody({}, { email: 'olga+approve@example.com' }));
    const gw = new GatewayClient(h.t, app.gatewayRedirectUrl);
    const res = await gw.submit('confirm');
    expect(res.status).to.equal(303);
    expect(res.headers.location).to.equal(gw.path);
    await h.waitForState(app.id, 'READY_TO_SHIP');
    const types = await waitFor('the approved event', () => {
      const seen = h.eventsFor(app.id).map((e) => e.type);
      return seen.includes('applications.application.approved') && seen;
    });
    expect(types, 'two stages: screening, then the final checks').to.deep.equal(
      ['created', 'confirmed', 'preapproved', 'approved'].map((t) => `applications.application.${t}`),
    );
    const after = await gw.open();
    expect(after.status).to.equal(303);
    expect(after.headers.location).to.equal('https://shop.example/checkout/approved');
    const decided = await h.get(app.id);
    expect(decided.agreementTermsAndConditions).to.equal(true);
    expect(decided.repaymentPlan).to.have.length(1);
    const n = await h.waitForNotification(app.id, 'READY_TO_SHIP');
    expect(n.body).to.deep.equal({ id: app.id, state: 'READY', stateReason: 'READY_TO_SHIP' });
    expect(h.notificationsFor(app.id).map((x) => x.body.stateReason)).to.deep.equal(['PROCESSING_REDIRECT_NEEDED', 'READY_TO_SHIP']);
  });

  it('when the page is opened while the decision runs, then the request waits for it and, still undecided, a processing page that reloads itself at once (a long poll)', async () => {
    const app = await h.create();
    await h.t.api.runtime.db
      .collection('applications')
      .updateOne({ _id: app.id as any }, { $set: { stateReason: 'PROCESSING_VALIDATION_IN_PROGRESS' }, $inc: { version: 1 } });
    const started = Date.now();
    const res = await new GatewayClient(h.t, app.gatewayRedirectUrl).open();
    expect(Date.now() - started).to.be.at.least(DECISION_WAIT_MS);
    expect(res.status).to.equal(200);
    expect(res.text)
      .to.match(/<meta http-equiv="refresh" content="0">/)
      .and.include('role="status"');
  });

  it("when the decision comes while the page's request waits, then the request answers with the outcome at once", async () => {
    const app = await h.create();
    const applications = h.t.api.runtime.db.collection('applications');
    await applications.updateOne({ _id: app.id as any }, { $set: { stateReason: 'PROCESSING_VALIDATION_IN_PROGRESS' }, $inc: { version: 1 } });
    const started = Date.now();
    const opening = new GatewayClient(h.t, app.gatewayRedirectUrl).open();
    await new Promise((r) => setTimeout(r, 500));
    await applications.updateOne({ _id: app.id as any }, { $set: { state: 'READY', stateReason: 'READY_TO_SHIP' }, $inc: { version: 1 } });
    const res = await opening;
    // this browser did not confirm (no return cookie): the approved page, not the shop
    expect(res.status).to.equal(200);
    expect(res.text).to.include('Your purchase is approved');
    expect(Date.now() - started).to.be.below(DECISION_WAIT_MS);
  });

  it("when an approved application's link is opened again (the confirming browser after its way back to the shop, or another device), then it shows how to pay: account, variable symbol, a QR Platba code per instalment, and the way back to the shop; the Application carries the same account and symbol", async () => {
    const app = await h.create(applicationBody({}, { email: 'vera+approve@example.com' }));
    const gw = new GatewayClient(h.t, app.gatewayRedirectUrl);
    await gw.submit('confirm');
    await h.waitForState(app.id, 'READY_TO_SHIP');
    const first = await gw.open();
    expect(first.status, 'the confirming browser goes back to the shop once').to.equal(303);
    expect(first.headers.location).to.equal('https://shop.example/checkout/approved');
    const decided = await h.get(app.id);
    expect(decided.paymentInstructions).to.deep.include({ iban: 'CZ9320100000002000145399', accountNumber: '2000145399/2010' });
    const vs = decided.paymentInstructions.variableSymbol;
    expect(vs).to.match(/^\d{10}$/);
    for (const page of [await gw.open(), await new GatewayClient(h.t, app.gatewayRedirectUrl).open()]) {
      expect(page.status).to.equal(200);
      expect(page.text).to.include('Your purchase is approved').and.include(vs).and.include('2000145399/2010');
      expect(page.text).to.match(/data-spayd="SPD\*1\.0\*ACC:CZ9320100000002000145399\*AM:[0-9.]+\*CC:CZK\*[^"]*X-VS:/);
      expect(page.text).to.include('href="https://shop.example/checkout/approved"');
      expect(page.text, 'nothing to confirm any more').to.not.include('/confirm?csrf=');
    }
  });

  it('when the customer declines, then CANCELLED / CANCELLED_NOT_PAID by the customer and the browser goes to rejectedRedirect', async () => {
    const app = await h.create();
    const res = await new GatewayClient(h.t, app.gatewayRedirectUrl).submit('decline');
    expect(res.status).to.equal(303);
    expect(res.headers.location).to.equal('https://shop.example/checkout/rejected');
    const after = await h.get(app.id);
    expect(after).to.include({ state: 'CANCELLED', stateReason: 'CANCELLED_NOT_PAID', cancelReason: 'APPLICATION_CANCELLED_BY_CUSTOMER' });
    await h.waitForNotification(app.id, 'CANCELLED_NOT_PAID');
  });

  it('when a +reject customer confirms, then REJECTED and the browser goes to rejectedRedirect', async () => {
    const app = await h.create(applicationBody({}, { email: 'karel+reject@example.com' }));
    const gw = new GatewayClient(h.t, app.gatewayRedirectUrl);
    await gw.submit('confirm');
    await h.waitForState(app.id, 'REJECTED');
    const res = await gw.open();
    expect(res.status).to.equal(303);
    expect(res.headers.location).to.equal('https://shop.example/checkout/rejected');
    await h.waitForNotification(app.id, 'REJECTED');
  });

  it('when a stale page declines an application that was approved meanwhile, then nothing changes and the browser is sent to the real outcome, approvedRedirect', async () => {
    const app = await h.create(applicationBody({}, { email: 'ema+approve@example.com' }));
    const gw = new GatewayClient(h.t, app.gatewayRedirectUrl);
    const stalePage = (await gw.open()).text;
    await gw.submit('confirm', stalePage);
    await h.waitForState(app.id, 'READY_TO_SHIP');

    const res = await gw.submit('decline', stalePage);
    expect(res.status).to.equal(303);
    expect(res.headers.location).to.equal(gw.path);
    const page = await gw.open();
    expect(page.status).to.equal(303);
    expect(page.headers.location).to.equal('https://shop.example/checkout/approved');
    expect(await h.get(app.id)).to.include({ state: 'READY', stateReason: 'READY_TO_SHIP' });
    expect(h.eventsFor(app.id).filter((e) => e.type === 'applications.application.declined')).to.have.length(0);
  });

  it('when the merchant redirect URLs carry {applicationId}, then the gateway fills it in on the way back to the shop', async () => {
    const urls = {
      approvedRedirect: 'https://shop.example/back/{applicationId}/ok?app={applicationId}',
      rejectedRedirect: 'https://shop.example/back/{applicationId}/no',
      notificationEndpoint: 'https://shop.example/hooks/financing',
    };
    const approved = await h.create(applicationBody({ merchantUrls: urls }, { email: 'ida+approve@example.com' }));
    const gw = new GatewayClient(h.t, approved.gatewayRedirectUrl);
    await gw.submit('confirm');
    await h.waitForState(approved.id, 'READY_TO_SHIP');
    expect((await gw.open()).headers.location).to.equal(`https://shop.example/back/${approved.id}/ok?app=${approved.id}`);

    const declined = await h.create(applicationBody({ merchantUrls: urls }));
    const res = await new GatewayClient(h.t, declined.gatewayRedirectUrl).submit('decline');
    expect(res.headers.location).to.equal(`https://shop.example/back/${declined.id}/no`);
    expect((await h.get(declined.id)).merchantUrls).to.deep.equal(urls); // the partner's own text is kept
  });

  it('when the confirm form is posted twice, then one confirmed event only', async () => {
    const app = await h.create(applicationBody({}, { email: 'dana+approve@example.com' }));
    const gw = new GatewayClient(h.t, app.gatewayRedirectUrl);
    const page = (await gw.open()).text;
    await Promise.all([gw.submit('confirm', page), gw.submit('confirm', page)]);
    await h.waitForState(app.id, 'READY_TO_SHIP');
    await h.waitForEvent(app.id, 'applications.application.confirmed');
    // once the application has nothing left to publish, a second event could only be in flight already
    await outboxDrained(h, app.id);
    const doc = await h.t.api.runtime.db.collection('applications').findOne({ _id: app.id } as any);
    expect(doc!.history.filter((e: { event: string }) => e.event === 'applications.application.confirmed')).to.have.length(1);
    expect(h.eventsFor(app.id).filter((e) => e.type === 'applications.application.confirmed')).to.have.length(1);
  });
});

describe('the gateway link expires (GATEWAY_TOKEN_TTL)', function () {
  this.timeout(60_000);
  let h: AppHarness;
  // the API's time: moved past the link's lifetime instead of waiting for it
  const clock = new ManualClock(Date.now());
  before(async () => {
    h = await startHarness({ GATEWAY_TOKEN_TTL: '1s' }, { clock });
  });
  after(async () => {
    await h?.stop();
  });

  it('when the link is older than its TTL, then 410 and the link cannot confirm', async () => {
    const app = await h.create();
    const gw = new GatewayClient(h.t, app.gatewayRedirectUrl);
    await clock.advance(999);
    expect((await gw.open()).status).to.equal(200);
    await clock.advance(1);
    const res = await gw.open();
    expect(res.status).to.equal(410);
    expect(res.text).to.include('This link has expired');
  });
});
