import { expect } from 'chai';
import type { NotificationRequest } from '../../platform/notifications.js';
import { startHarness, type AppHarness } from '../applications/harness.js';
import { provisionPartner, type TestPartner } from '../support/partners.js';
import { waitFor } from '../support/wait.js';
import { KETTLE, SHIPPING, opPath, paymentsPath, readyApplication } from './orders-harness.js';

/**
 * The transition table applied literally, in the order things happen: each trigger sets its
 * own stateReason and the partner is notified of it, whatever came before.
 */
describe('every Events-table row is notified in every order of events', function () {
  this.timeout(120_000);
  let h: AppHarness;
  before(async () => {
    h = await startHarness();
  });
  after(async () => {
    await h?.stop();
  });

  const put = (p: TestPartner, id: string, op: 'send' | 'deliver' | 'return' | 'cancel', body: unknown = {}) =>
    h.t.client.put<any>(opPath(id, op), body, { token: p.token });
  const notified = (id: string) =>
    h
      .notificationsFor(id)
      .filter((n: NotificationRequest) => n.kind === 'APPLICATION')
      .map((n) => n.body.stateReason);
  const until = (id: string, reasons: string[]) =>
    waitFor(
      `${reasons.join(' → ')} notified for ${id} (have ${notified(id).join(', ')})`,
      () => reasons.every((r) => notified(id).includes(r)) && notified(id),
      { maxWait: 20_000 },
    );

  it('when the partner is paid on send and the order is delivered afterwards, then READY_PAID and then READY_DELIVERED are notified, and the payout stays listed', async () => {
    const partner = await provisionPartner(h.t, { payoutTrigger: 'SENT' });
    const app = await readyApplication(h, partner);
    expect((await put(partner, app.id, 'send')).status).to.equal(200);
    await until(app.id, ['READY_SHIPPED', 'READY_PAID']);
    expect((await put(partner, app.id, 'deliver')).status).to.equal(200);
    const reasons = await until(app.id, ['READY_DELIVERED']);
    expect(reasons.slice(reasons.indexOf('READY_TO_SHIP'))).to.deep.equal(['READY_TO_SHIP', 'READY_SHIPPED', 'READY_PAID', 'READY_DELIVERED']);
    expect((await h.get(app.id, partner)).stateReason).to.equal('READY_DELIVERED');
    const payouts = await h.t.client.get<any>(paymentsPath(app.id), { token: partner.token });
    expect(payouts.body.data.map((p: { type: string }) => p.type)).to.deep.equal(['PAYOUT']);
  });

  it('when the whole order comes back, then CANCELLED_RETURNED is notified', async () => {
    const partner = await provisionPartner(h.t, { payoutTrigger: 'DELIVERED' });
    const app = await readyApplication(h, partner);
    expect((await put(partner, app.id, 'send')).status).to.equal(200);
    expect((await put(partner, app.id, 'deliver')).status).to.equal(200);
    await until(app.id, ['READY_DELIVERED']);
    const res = await put(partner, app.id, 'return');
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    await until(app.id, ['CANCELLED_RETURNED']);
    expect(await h.get(app.id, partner)).to.include({ state: 'CANCELLED', stateReason: 'CANCELLED_RETURNED' });
  });

  it('when everything sent came back and the partner cancels the rest, then the sale is closed and CANCELLED_RETURNED is notified', async () => {
    const partner = await provisionPartner(h.t, { payoutTrigger: 'SENT' });
    const app = await readyApplication(h, partner);
    const kettles = { items: [{ code: KETTLE.code }] };
    expect((await put(partner, app.id, 'send', kettles)).status).to.equal(200);
    await until(app.id, ['READY_PAID']);
    expect((await put(partner, app.id, 'return', kettles)).status).to.equal(200);
    expect((await h.get(app.id, partner)).state).to.equal('READY');
    const cancel = await put(partner, app.id, 'cancel', { items: [{ code: SHIPPING.code }] });
    expect(cancel.status, JSON.stringify(cancel.body)).to.equal(200);
    await until(app.id, ['CANCELLED_RETURNED']);
    expect(await h.get(app.id, partner)).to.include({ state: 'CANCELLED', stateReason: 'CANCELLED_RETURNED' });
    expect([cancel.body.state, cancel.body.totalPrice.amount]).to.deep.equal(['RETURNED', 0]);
  });
});
