import { expect } from 'chai';
import { PAYMENT_TOPICS } from '../../modules/payments/index.js';
import type { NotificationRequest } from '../../platform/notifications.js';
import type { DomainEvent } from '../../platform/events.js';
import { startHarness, type AppHarness } from '../applications/harness.js';
import { TopicCollector } from '../support/kafka.js';
import { provisionPartner, type TestPartner } from '../support/partners.js';
import { waitFor } from '../support/wait.js';
import { KETTLE, ORDER_TOTAL, SHIPPING, opPath, paymentsPath, readyApplication, waitForReason } from '../orders/orders-harness.js';
import { paymentSchema } from '../../modules/payments/payments.schemas.js';

/** Payouts through HTTP and Kafka: payouts on SENT or DELIVERED, fees, READY_PAID, credit notes. */
describe('payouts to partners and credit notes', function () {
  this.timeout(120_000);
  let h: AppHarness;
  let paymentEvents: TopicCollector;
  before(async () => {
    h = await startHarness();
    paymentEvents = await new TopicCollector(h.t.api.runtime.kafka, h.t.api.runtime.topics.name(PAYMENT_TOPICS.events)).start();
  });
  after(async () => {
    await paymentEvents?.stop();
    await h?.stop();
  });

  const put = (p: TestPartner, id: string, op: 'send' | 'deliver' | 'return' | 'cancel', body: unknown = {}) =>
    h.t.client.put(opPath(id, op), body, { token: p.token });
  const list = (p: TestPartner, id: string, query = '') => h.t.client.get(`${paymentsPath(id)}${query}`, { token: p.token });
  const payments = (p: TestPartner, id: string, n: number) =>
    waitFor(
      `${n} payment(s) of ${id}`,
      async () => {
        const res = await list(p, id, '?limit=100');
        return res.body.data?.length === n && res.body.data;
      },
      { maxWait: 20_000 },
    );
  const paymentNotices = (id: string) => h.notifications.json<NotificationRequest>().filter((n) => n.kind === 'PAYMENT' && n.body.applicationId === id);

  it('when the partner is paid on delivery, then sending pays nothing and delivering pays the total less the fee, notified, listed, and READY_PAID', async () => {
    const partner = await provisionPartner(h.t, { payoutTrigger: 'DELIVERED', feeBps: 250 });
    const app = await readyApplication(h, partner);
    expect((await put(partner, app.id, 'send')).status).to.equal(200);
    await waitFor('the sent event reaches the ledger', () => h.eventsFor(app.id).some((e) => e.type === 'orders.order.sent'));
    expect((await list(partner, app.id)).body).to.deep.equal({ data: [], pagingInfo: { itemsPerPage: 20 } });
    expect((await put(partner, app.id, 'deliver')).status).to.equal(200);
    const [payment] = await payments(partner, app.id, 1);
    const fee = Math.round(ORDER_TOTAL * 0.025);
    expect(payment).to.deep.include({
      type: 'PAYOUT',
      applicationId: app.id,
      variableSymbol: '2024000123',
      value: { amount: ORDER_TOTAL - fee, currency: 'CZK' },
      grossValue: { amount: ORDER_TOTAL, currency: 'CZK' },
      fee: { amount: fee, currency: 'CZK' },
    });
    expect(payment.paymentId).to.match(/^[0-9a-f-]{36}$/);
    expect(payment.date).to.match(/^\d{4}-\d\d-\d\d$/);
    expect(payment.invoice).to.deep.equal({
      fullName: h.t.config.payments.billing.fullName,
      address: { ...h.t.config.payments.billing.address, addressType: 'PERMANENT' },
      dueDate: payment.date,
      accountNumber: { accountNumber: h.t.config.payments.billing.accountNumber, bankCode: h.t.config.payments.billing.bankCode },
    });
    const notice = await waitFor('the payment notification', () => paymentNotices(app.id)[0]);
    expect(notice).to.include({ url: 'https://shop.example/hooks/financing', partnerId: partner.id, key: app.id });
    expect(notice.body).to.deep.equal(payment);
    await waitForReason(h, app.id, partner, 'READY_PAID');
    const paid = await h.waitForNotification(app.id, 'READY_PAID');
    expect(paid.body).to.deep.equal({ id: app.id, state: 'READY', stateReason: 'READY_PAID' });
    const created = paymentEvents.json<DomainEvent<any>>().find((e) => e.aggregateId === app.id)!;
    expect(created).to.deep.include({ type: 'payments.payment.created', partnerId: partner.id });
    expect(created.data.payment).to.deep.equal(payment);
  });

  it('when the partner is paid on sending, then each send pays the value sent, and fees add up to the fee of the total', async () => {
    const partner = await provisionPartner(h.t, { payoutTrigger: 'SENT', feeBps: 333 });
    const app = await readyApplication(h, partner);
    await put(partner, app.id, 'send', { items: [{ code: KETTLE.code, quantity: 0.333 }] });
    const [first] = await payments(partner, app.id, 1);
    expect(first.grossValue.amount).to.equal(Math.round((KETTLE.total * 333) / 2000));
    await waitForReason(h, app.id, partner, 'READY_PAID');
    expect((await put(partner, app.id, 'send', {})).status).to.equal(200);
    const all = await payments(partner, app.id, 2);
    // the second payout brings READY_PAID back after the send moved the application on
    await waitForReason(h, app.id, partner, 'READY_PAID');
    expect(all.reduce((a: number, p: any) => a + p.grossValue.amount, 0)).to.equal(ORDER_TOTAL);
    const fees = all.reduce((a: number, p: any) => a + p.fee.amount, 0);
    expect(fees).to.equal(Math.round((ORDER_TOTAL * 333) / 10_000));
    expect(all.reduce((a: number, p: any) => a + p.value.amount, 0)).to.equal(ORDER_TOTAL - fees);
    // delivery after a payout on sending is the next thing that happened: READY_DELIVERED
    const delivered = await put(partner, app.id, 'deliver');
    expect(delivered.body.applicationInfo.stateReason).to.equal('READY_DELIVERED');
    await waitFor('the delivered event', () => h.eventsFor(app.id).some((e) => e.type === 'orders.order.delivered'));
    expect((await list(partner, app.id)).body.data).to.have.length(2);
  });

  it('when goods come back after a payout, then a credit note with a negative value follows, notified; a refund too; a full return leaves nothing paid', async () => {
    const partner = await provisionPartner(h.t, { payoutTrigger: 'DELIVERED', feeBps: 100 });
    const app = await readyApplication(h, partner);
    await put(partner, app.id, 'deliver');
    await payments(partner, app.id, 1);
    await put(partner, app.id, 'return', { items: [{ code: KETTLE.code, quantity: 1 }] });
    const [, credit] = await payments(partner, app.id, 2);
    expect(credit).to.deep.include({
      type: 'CREDIT_NOTE',
      grossValue: { amount: -KETTLE.total / 2, currency: 'CZK' },
      fee: { amount: -600, currency: 'CZK' },
      value: { amount: -KETTLE.total / 2 + 600, currency: 'CZK' },
    });
    expect(credit.invoice.dueDate > credit.date).to.equal(true);
    expect(paymentSchema.validate(credit).error?.message, 'a credit note matches the declared Payment').to.equal(undefined);
    await waitFor('the credit note notification', () => paymentNotices(app.id).some((n) => n.body.type === 'CREDIT_NOTE'));
    await waitFor('the credit note event', () =>
      paymentEvents.json<DomainEvent>().some((e) => e.aggregateId === app.id && e.type === 'payments.creditnote.issued'),
    );
    await put(partner, app.id, 'return', { items: [], totalPrice: { amount: 5000, currency: 'CZK' } });
    const three = await payments(partner, app.id, 3);
    expect(three[2].grossValue.amount).to.equal(-5000);
    await put(partner, app.id, 'return', {});
    const four = await payments(partner, app.id, 4);
    expect(four.reduce((a: number, p: any) => a + p.grossValue.amount, 0)).to.equal(0);
    expect(four.reduce((a: number, p: any) => a + p.value.amount, 0)).to.equal(0);
    const detail = await waitForReason(h, app.id, partner, 'CANCELLED_RETURNED');
    expect(detail.order.totalPrice.amount).to.equal(0);
  });

  it('when items are cancelled after a payout on sending, then only what was paid for is credited', async () => {
    const partner = await provisionPartner(h.t, { payoutTrigger: 'SENT', feeBps: 0 });
    const app = await readyApplication(h, partner);
    await put(partner, app.id, 'send', { items: [{ code: SHIPPING.code }] });
    await payments(partner, app.id, 1);
    const cancelled = await put(partner, app.id, 'cancel', { items: [{ code: KETTLE.code, quantity: 1 }] });
    expect(cancelled.status).to.equal(200);
    await waitFor('the cancelled event', () => h.eventsFor(app.id).some((e) => e.type === 'orders.order.cancelled'));
    await put(partner, app.id, 'send', {});
    const both = await payments(partner, app.id, 2);
    expect(both.map((p: any) => p.grossValue.amount)).to.deep.equal([SHIPPING.total, KETTLE.total / 2]);
  });

  it('when an order event is delivered twice, then the ledger pays once', async () => {
    const partner = await provisionPartner(h.t, { payoutTrigger: 'DELIVERED' });
    const app = await readyApplication(h, partner);
    await put(partner, app.id, 'deliver');
    await payments(partner, app.id, 1);
    const raw = h.events.messages.find((m) => m.key === app.id && m.value?.includes('"orders.order.delivered"'))!;
    await h.t.api.runtime.producer.send({ topic: raw.topic, messages: [{ key: raw.key, value: raw.value, headers: raw.headers }] });
    await waitFor('the duplicate on the topic', () => h.events.messages.filter((m) => m.value === raw.value).length === 2);
    // a later event proves the consumer has passed the duplicate
    await put(partner, app.id, 'return', { items: [], totalPrice: { amount: 100, currency: 'CZK' } });
    const res = await payments(partner, app.id, 2);
    expect(res.map((p: any) => p.type)).to.deep.equal(['PAYOUT', 'CREDIT_NOTE']);
  });
});
