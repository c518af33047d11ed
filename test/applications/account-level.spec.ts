import { expect } from 'chai';
import { startHarness, type AppHarness } from './harness.js';
import { applicationBody } from './requests.js';
import { GatewayClient } from '../gateway/gateway-client.js';
import { waitFor } from '../support/wait.js';

const DAY = 86_400_000;
const daysUntil = (date: string) => Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`)) / DAY);

/**
 * The customer's account level (DESIGN 8) as it grows from approvals: a deferred payment is
 * due in 30 days for BASIC and 50 for GOLD; a customer becomes GOLD after 3 approvals
 * (docs/applications.md). The count comes from the `approved` event, so it survives a crash
 * between the decision and the count.
 */
describe('account level from approvals (DESIGN 8)', function () {
  this.timeout(90_000);
  let h: AppHarness;
  before(async () => { h = await startHarness(); });
  after(async () => { await h?.stop(); });

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
      const account = await h.t.api.runtime.db.collection('customer_accounts').findOne({ approvedApplicationIds: third.id });
      return account?.level === 'GOLD';
    });
    const fourth = await approve(email.replace('gold.', 'GOLD.'));
    expect(fourth.repaymentPlan).to.have.length(1);
    expect(daysUntil(fourth.repaymentPlan[0].dueDate)).to.be.within(49, 50);
  });

  it('when an approved event is delivered again, then the approval counts once', async () => {
    const email = `once.${Date.now()}+approve@example.com`;
    const app = await approve(email);
    const accounts = h.t.api.runtime.db.collection('customer_accounts');
    const account = await waitFor('the approval counted', async () => (await accounts.findOne({ approvedApplicationIds: app.id })) ?? false);
    const event = h.eventsFor(app.id).find((e) => e.type === 'applications.application.approved');
    expect(event, 'the approved event').to.exist;
    // the same event once more on the topic (as a sweeper republish would send it)
    await h.t.api.runtime.producer.send({ topic: h.t.api.runtime.topics.name('applications.events'), messages: [{ key: app.id, value: JSON.stringify(event) }] });
    const sentinel = await approve(`other.${Date.now()}+approve@example.com`);
    await waitFor('a later approval counted', async () => (await accounts.findOne({ approvedApplicationIds: sentinel.id })) ?? false);
    const after = await accounts.findOne({ _id: account._id });
    expect(after!.approvedApplicationIds.filter((id: string) => id === app.id)).to.have.length(1);
  });
});
