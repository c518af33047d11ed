import { expect } from 'chai';
import { startHarness, type AppHarness } from './harness.js';
import { applicationBody } from './requests.js';
import { GatewayClient } from '../gateway/gateway-client.js';
import { waitFor } from '../support/wait.js';
import { newId } from '../../platform/ids.js';
import { APPLICATION_TOPICS } from '../../modules/applications/index.js';
import { localDate } from '../../platform/dates.js';
import { provisionPartner } from '../support/partners.js';

const DAY = 86_400_000;
// counted from the service's own calendar day (its time zone), as due dates are: between
// 23:00 and 24:00 UTC that is already tomorrow in Prague
const daysUntil = (date: string) => Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${localDate(new Date())}T00:00:00Z`)) / DAY);

/**
 * The customer's account level as it grows from approvals: a deferred payment is
 * due in 30 days for BASIC and 50 for GOLD; a customer becomes GOLD after 3 approvals
 * (docs/applications.md). The count comes from the `approved` event, so it survives a crash
 * between the decision and the count.
 */
describe('account level from approvals', function () {
  this.timeout(90_000);
  let h: AppHarness;
  before(async () => {
    h = await startHarness();
  });
  after(async () => {
    await h?.stop();
  });

  const approve = async (email: string) => {
    const app = await h.create(applicationBody({}, { email }));
    await new GatewayClient(h.t, app.gatewayRedirectUrl).submit('confirm');
    return h.waitForState(app.id, 'READY_TO_SHIP');
  };

  it('when a customer had 3 approvals, then the 4th deferred payment is due in 50 days instead of 30', async () => {
    const email = `gold.${Date.now()}+approve@example.com`;
    const first = await approve(email);
    expect(daysUntil(first.repaymentPlan[0].dueDate)).to.be.within(29, 30);
    await approve(email);
    const third = await approve(email);
    // the third approval's count arrives through its `approved` event: wait for the promotion
    await waitFor('the customer promoted to GOLD', async () => {
      const account = await h.t.api.runtime.db.collection('customer_accounts').findOne({ approvedApplicationIds: third.id, level: 'GOLD' });
      return account !== null;
    });
    const fourth = await approve(email.replace('gold.', 'GOLD.'));
    expect(fourth.repaymentPlan).to.have.length(1);
    expect(daysUntil(fourth.repaymentPlan[0].dueDate)).to.be.within(49, 50);
  });

  it('when a customer is GOLD at one shop, then another shop sees plain terms: neither its page nor its plan tells of purchases elsewhere', async () => {
    const email = `private.${Date.now()}+approve@example.com`;
    for (let i = 0; i < 3; i++) await approve(email);
    await waitFor(
      'the customer promoted to GOLD at the first shop',
      async () =>
        (await h.t.api.runtime.db
          .collection('customer_accounts')
          .findOne({ _id: `partner:${h.partner.id}:${email.replace('+approve', '')}` as never, level: 'GOLD' })) !== null,
    );
    const other = await provisionPartner(h.t);
    const app = await h.create(applicationBody({}, { email }), other);
    const page = await new GatewayClient(h.t, app.gatewayRedirectUrl).open();
    // the page names the due date itself: 30 days out, as for a first purchase, never the 50 of the other shop
    expect(page.text).not.to.match(/GOLD|50 days/);
    const shownDueDays = [
      ...page.text.matchAll(/\b(\d{1,2}) (January|February|March|April|May|June|July|August|September|October|November|December) (\d{4})\b/g),
    ].map((m) => daysUntil(new Date(`${m[1]} ${m[2]} ${m[3]} UTC`).toISOString().slice(0, 10)));
    expect(shownDueDays, 'due dates on the page').to.not.be.empty;
    expect(
      shownDueDays.every((d) => d >= 29 && d <= 31),
      `days until each date shown: ${shownDueDays}`,
    ).to.equal(true);
    await new GatewayClient(h.t, app.gatewayRedirectUrl).submit('confirm');
    const decided = await waitFor('decided at the other shop', async () => {
      const got = await h.get(app.id, other);
      return got.stateReason === 'READY_TO_SHIP' && got;
    });
    expect(daysUntil(decided.repaymentPlan[0].dueDate)).to.be.within(29, 30);
  });

  it('when an approved event is delivered again, then the approval counts once', async () => {
    const email = `once.${Date.now()}+approve@example.com`;
    const app = await approve(email);
    const accounts = h.t.api.runtime.db.collection('customer_accounts');
    const account = await waitFor('the approval counted', async () => (await accounts.findOne({ approvedApplicationIds: app.id })) ?? false);
    const event = await h.waitForEvent(app.id, 'applications.application.approved');
    expect(event, 'the approved event').to.exist;
    // the same event once more on the topic (as a sweeper republish would send it)
    await h.t.api.runtime.producer.send({
      topic: h.t.api.runtime.topics.name(APPLICATION_TOPICS.decisions),
      messages: [{ key: app.id, value: JSON.stringify(event) }],
    });
    const sentinel = await approve(`other.${Date.now()}+approve@example.com`);
    await waitFor('a later approval counted', async () => (await accounts.findOne({ approvedApplicationIds: sentinel.id })) ?? false);
    const after = await accounts.findOne({ _id: account._id });
    expect(after!.approvedApplicationIds.filter((id: string) => id === app.id)).to.have.length(1);
  });

  it('when a customer already had 5 approvals created within the last 24 hours, then the next one passes the screening (PROCESSING_PREAPPROVED) and the final checks reject it by VELOCITY_LIMIT', async () => {
    const email = `busy.${Date.now()}@example.com`;
    const accounts = h.t.api.runtime.db.collection<any>('customer_accounts');
    const recent = Array.from({ length: 5 }, () => newId());
    await accounts.insertOne({ _id: email, level: 'BASIC', approvedApplicationIds: recent, createdAt: new Date() });
    const app = await h.create(applicationBody({}, { email }));
    await new GatewayClient(h.t, app.gatewayRedirectUrl).submit('confirm');
    await h.waitForState(app.id, 'REJECTED');
    const doc = await h.t.api.runtime.db.collection<any>('applications').findOne({ _id: app.id });
    expect(doc.screening).to.include({ rule: 'WITHIN_LIMITS' });
    expect(doc.decision).to.include({ outcome: 'REJECTED', rule: 'VELOCITY_LIMIT' });
    const types = await waitFor('the rejected event', () => {
      const seen = h.eventsFor(app.id).map((e) => e.type);
      return seen.includes('applications.application.rejected') && seen;
    });
    expect(types).to.deep.equal(['created', 'confirmed', 'preapproved', 'rejected'].map((t) => `applications.application.${t}`));
    const preapproved = h.eventsFor(app.id).find((e) => e.type === 'applications.application.preapproved')!;
    expect(preapproved.data).to.include({ state: 'PROCESSING', stateReason: 'PROCESSING_PREAPPROVED', rule: 'WITHIN_LIMITS' });
    await h.waitForNotification(app.id, 'REJECTED');
    expect(
      h.notificationsFor(app.id).map((n) => n.body.stateReason),
      'PREAPPROVED is not in the Events table',
    ).to.deep.equal(['PROCESSING_REDIRECT_NEEDED', 'REJECTED']);

    // with only 4 such approvals the same customer is approved
    await accounts.updateOne({ _id: email }, { $set: { approvedApplicationIds: recent.slice(0, 4) } });
    const next = await h.create(applicationBody({}, { email, number: `next-${Date.now()}` }));
    await new GatewayClient(h.t, next.gatewayRedirectUrl).submit('confirm');
    await h.waitForState(next.id, 'READY_TO_SHIP');
  });
});
