import { expect } from 'chai';
import { startHarness, type AppHarness } from './harness.js';
import { applicationBody } from './requests.js';
import { GatewayClient } from '../gateway/gateway-client.js';
import { waitFor } from '../support/wait.js';
import { ManualClock } from '../../platform/clock.js';
import { outboxDrained } from './harness.js';

describe('expiry of abandoned applications and recurrences', function () {
  this.timeout(60_000);
  let h: AppHarness;
  // the API's time: the tests move it past the TTLs; the sweeper's heartbeat runs on it too
  const clock = new ManualClock(Date.now());
  before(async () => {
    // no backstop within the suite: what expires does so because the instance noted it was due
    h = await startHarness({ APPLICATION_TTL: '2s', RECURRENCE_VALIDITY: '2s', EXPIRY_SWEEP_INTERVAL: '200ms', EXPIRY_FULL_SWEEP_INTERVAL: '1h' }, { clock });
  });
  after(async () => {
    await h?.stop();
  });

  it('when a PROCESSING application passes APPLICATION_TTL, then CANCELLED / CANCELLED_NOT_PAID, reason EXPIRED, with its event and notification', async () => {
    const app = await h.create();
    await clock.advance(1_800);
    expect((await h.get(app.id)).stateReason).to.equal('PROCESSING_REDIRECT_NEEDED');
    await clock.advance(400); // past the TTL and the heartbeat after it
    const expired = await h.waitForState(app.id, 'CANCELLED_NOT_PAID');
    expect(expired).to.include({ state: 'CANCELLED', cancelReason: 'APPLICATION_CANCELLED_EXPIRED' });
    await h.waitForNotification(app.id, 'CANCELLED_NOT_PAID');
    await waitFor('the expired event', () => h.eventsFor(app.id).some((e) => e.type === 'applications.application.expired'));
    // the pass ran because this instance noted the due time, not by polling nor the backstop
    const passes = (await h.t.api.runtime.registry.getSingleMetric('expiry_sweeps_total')!.get()).values;
    expect(passes.find((v) => v.labels.reason === 'due')?.value ?? 0).to.be.greaterThan(0);
    expect(passes.find((v) => v.labels.reason === 'backstop')).to.equal(undefined);
  });

  it('when an application was decided before its TTL, then it does not expire', async () => {
    const app = await h.create(applicationBody({}, { email: 'tom+approve@example.com' }));
    await new GatewayClient(h.t, app.gatewayRedirectUrl).submit('confirm');
    await h.waitForState(app.id, 'READY_TO_SHIP');
    const swept = await h.t.api.modules.applications.sweepExpired(new Date(clock.now().getTime() + 10_000));
    expect(swept).to.equal(0);
    expect((await h.get(app.id)).state).to.equal('READY');
  });

  it('when two sweeps race (two API instances), then the application expires once', async () => {
    const app = await h.create();
    const later = new Date(clock.now().getTime() + 5_000);
    const mod = h.t.api.modules.applications;
    const expiredBy = await Promise.all([mod.sweepExpired(later, { concurrent: true }), mod.sweepExpired(later, { concurrent: true })]);
    expect(expiredBy.reduce((a, b) => a + b, 0)).to.equal(1);
    await h.waitForNotification(app.id, 'CANCELLED_NOT_PAID');
    // the event and the notification travel on different topics: wait for the event; once the
    // application has nothing left to publish, a second one could only be in flight already
    await h.waitForEvent(app.id, 'applications.application.expired');
    await outboxDrained(h, app.id);
    expect(
      (await h.t.api.runtime.db.collection('applications').findOne({ _id: app.id } as any))!.history.filter(
        (e: { event: string }) => e.event === 'applications.application.expired',
      ),
    ).to.have.length(1);
    expect(h.eventsFor(app.id).filter((e) => e.type === 'applications.application.expired')).to.have.length(1);
  });

  it('when a READY recurrence passes RECURRENCE_VALIDITY, then EXPIRED (and the application stays READY)', async () => {
    const app = await h.create(applicationBody({ isRecurring: true }, { email: 'ola+approve@example.com' }));
    await new GatewayClient(h.t, app.gatewayRedirectUrl).submit('confirm');
    await h.waitForState(app.id, 'READY_TO_SHIP');
    await clock.advance(2_400);
    await waitFor('the recurrence expired', async () => {
      const r = await h.t.client.get(`/financing/v1/recurrences/${app.recurrence.id}`, { token: h.partner.token });
      return r.body.state === 'EXPIRED';
    });
    await waitFor('the recurrence expired event', () => h.eventsFor(app.id).some((e) => e.type === 'applications.recurrence.expired'));
    expect((await h.get(app.id)).state).to.equal('READY');
  });
});
