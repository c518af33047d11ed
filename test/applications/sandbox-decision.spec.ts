import { expect } from 'chai';
import { startHarness, type AppHarness } from './harness.js';
import { applicationBody } from './requests.js';
import { GatewayClient } from '../gateway/gateway-client.js';
import { waitFor } from '../support/wait.js';

const path = (id: string) => `/financing/v1/sandbox/applications/${id}/decision`;

describe('the sandbox decision helper (SANDBOX=true)', function () {
  this.timeout(60_000);
  let h: AppHarness;
  before(async () => {
    h = await startHarness({ SANDBOX: 'true' });
  });
  after(async () => {
    await h?.stop();
  });
  const decide = (id: string, outcome: unknown, token = h.partner.token) => h.t.client.post<any>(path(id), { outcome }, { token });
  /** the event types and notified stateReasons of one application, once `last` was notified */
  const story = async (id: string, last: string) => {
    await h.waitForNotification(id, last);
    await waitFor(`the events of ${id}`, () => h.eventsFor(id).some((e) => e.type.endsWith('.approved') || e.type.endsWith('.rejected')));
    return { events: h.eventsFor(id).map((e) => e.type), notified: h.notificationsFor(id).map((n) => n.body.stateReason) };
  };

  it('when a plain customer is approved through the helper, then the events and notifications are those of a browser confirm that approves', async () => {
    const viaHelper = await h.create(applicationBody({}, { email: 'plain.customer@example.com' }));
    const res = await decide(viaHelper.id, 'APPROVE');
    expect(res.status, res.text).to.equal(202);
    expect(res.body).to.include({ id: viaHelper.id, state: 'PROCESSING', stateReason: 'PROCESSING_VALIDATION_IN_PROGRESS' });
    await h.waitForState(viaHelper.id, 'READY_TO_SHIP');

    const viaBrowser = await h.create(applicationBody({}, { email: 'browser+approve@example.com' }));
    await new GatewayClient(h.t, viaBrowser.gatewayRedirectUrl).submit('confirm');
    await h.waitForState(viaBrowser.id, 'READY_TO_SHIP');

    expect(await story(viaHelper.id, 'READY_TO_SHIP')).to.deep.equal(await story(viaBrowser.id, 'READY_TO_SHIP'));
  });

  it('when REJECT is asked for, then the decision consumer rejects it as the sandbox rules do', async () => {
    const app = await h.create(applicationBody({}, { email: 'would.be.approved+approve@example.com' }));
    expect((await decide(app.id, 'REJECT')).status).to.equal(202);
    const rejected = await h.waitForState(app.id, 'REJECTED');
    expect(rejected.state).to.equal('REJECTED');
    await h.waitForNotification(app.id, 'REJECTED');
  });

  it("when the application is no longer waiting for the customer, the outcome is unknown, or the id is another partner's, then it is refused and nothing changes", async () => {
    const app = await h.create();
    expect((await decide(app.id, 'APPROVE')).status).to.equal(202);
    const again = await decide(app.id, 'REJECT');
    expect(again.status).to.equal(422);
    expect(again.body.errors[0].code).to.equal('APPLICATION_NOT_WAITING');
    const bad = await decide(app.id, 'MAYBE');
    expect(bad.status).to.equal(400);
    expect(bad.body.errors[0]).to.include({ attribute: 'outcome' });
    expect((await decide('0190d3f0-0000-7000-8000-000000000000', 'APPROVE')).status).to.equal(404);
  });
});

describe('the sandbox decision helper without SANDBOX', function () {
  this.timeout(60_000);
  let h: AppHarness;
  before(async () => {
    h = await startHarness({ SANDBOX: 'false' });
  });
  after(async () => {
    await h?.stop();
  });

  it('when SANDBOX=false, then the path does not exist (404) and the application is untouched', async () => {
    const app = await h.create();
    const res = await h.t.client.post<any>(path(app.id), { outcome: 'APPROVE' }, { token: h.partner.token });
    expect(res.status).to.equal(404);
    expect((await h.get(app.id)).stateReason).to.equal('PROCESSING_REDIRECT_NEEDED');
  });
});
