import { expect } from 'chai';
import { compileChange } from './compile-change.js';
import { APPLICATION_EVENTS, applicationTopic } from '../application.events.js';
import { TransitionRefused } from '../application.state-machine.js';
import { sampleDoc } from '../../../test/applications/fixtures.js';
import type { OrderDoc } from '../../order-rules/order.model.js';
import { searchTermsOf } from '../search-terms.js';

const opts = { recurrenceValidityMs: 1000 };
const now = new Date('2024-03-02T10:00:00Z');

describe('the one write path of an application (compileChange)', () => {
  it('when a change moves the status, then the write has the status, a history entry, the event and one notification', () => {
    const doc = sampleDoc({ stateReason: 'PROCESSING_VALIDATION_IN_PROGRESS' });
    const c = compileChange(doc, { trigger: 'APPROVE', events: [{ type: APPLICATION_EVENTS.approved }] }, now, opts);
    expect(c.set).to.include({ state: 'READY', stateReason: 'READY_TO_SHIP', expiresAt: null });
    expect((c.set.history as unknown[]).length).to.equal(2);
    expect(c.entries.map((e) => e.topic)).to.deep.equal(['applications.decisions', 'notifications']);
    const event = JSON.parse(c.entries[0]!.value);
    expect(event).to.include({ type: APPLICATION_EVENTS.approved, aggregateId: 'app-1', aggregateVersion: 2, partnerId: 'p-1' });
    expect(event.data.previous).to.deep.equal({ state: 'PROCESSING', stateReason: 'PROCESSING_VALIDATION_IN_PROGRESS' });
    const notification = JSON.parse(c.entries[1]!.value);
    expect(notification).to.include({ kind: 'APPLICATION', url: 'https://shop.example/hook', sourceEventId: event.id, key: 'app-1' });
    expect(notification.body).to.deep.equal({ id: 'app-1', state: 'READY', stateReason: 'READY_TO_SHIP' });
  });

  it('when a change keeps the status, then no notification unless asked', () => {
    const doc = sampleDoc({ state: 'READY', stateReason: 'READY_TO_SHIP' });
    const quiet = compileChange(doc, { trigger: 'REFUND_AMOUNT', events: [{ type: 'orders.order.refunded' }] }, now, opts);
    expect(quiet.entries).to.have.length(1);
    expect(quiet.set).not.to.have.property('history');
    const loud = compileChange(doc, { events: [{ type: 'orders.order.changed' }], notify: true }, now, opts);
    expect(loud.entries).to.have.length(2);
  });

  it('when a change leaves the customer and the order number, then the search terms are not rewritten; when it changes them, or the document has none yet, they are', () => {
    const doc = sampleDoc({ state: 'READY', stateReason: 'READY_TO_SHIP' });
    doc.search = searchTermsOf(doc);
    expect(compileChange(doc, { events: [{ type: 'orders.order.changed' }] }, now, opts).set).not.to.have.property('search');
    const renamed = compileChange(
      doc,
      { set: { customer: { ...doc.customer, firstName: 'Eliška', lastName: 'Šťastná' } }, events: [{ type: 'x.y.z' }] },
      now,
      opts,
    );
    expect(renamed.set.search).to.include.members(['n:eliska', 'n:stastna']);
    const { search: _, ...older } = doc;
    expect(compileChange(older, { events: [{ type: 'orders.order.changed' }] }, now, opts).set.search).to.deep.equal(doc.search);
  });

  it('when the transition is not in the table, then TransitionRefused with the spec code', () => {
    expect(() => compileChange(sampleDoc({ state: 'REJECTED', stateReason: 'REJECTED' }), { trigger: 'CANCEL', events: [{ type: 'x.y.z' }] }, now, opts))
      .to.throw(TransitionRefused)
      .with.property('refusal')
      .that.deep.includes({ code: 'APPLICATION_REJECTED' });
  });

  it('when the origin of a recurrence is approved or cancelled, then the recurrence follows', () => {
    const recurrence = { id: 'r-1', state: 'APPROVING' as const, financingType: 'DEFERRED_PAYMENT' as const, createdAt: now };
    const approved = compileChange(
      sampleDoc({ stateReason: 'PROCESSING_VALIDATION_IN_PROGRESS', recurrence }),
      { trigger: 'APPROVE', events: [{ type: APPLICATION_EVENTS.approved }] },
      now,
      opts,
    );
    expect(approved.set.recurrence).to.deep.include({ state: 'READY', authorizedAt: now, validUntil: new Date(now.getTime() + 1000) });
    const cancelled = compileChange(sampleDoc({ recurrence }), { trigger: 'CANCEL', events: [{ type: APPLICATION_EVENTS.cancelled }] }, now, opts);
    expect(cancelled.set.recurrence).to.deep.include({ state: 'CANCELLED' });
  });

  it('when an application is cancelled, declined or expires, then its order and items become CANCELLED with nothing owed; a rejection leaves the order', () => {
    const rows: Array<[Parameters<typeof sampleDoc>[0], 'CANCEL' | 'DECLINE' | 'EXPIRE']> = [
      [{ state: 'READY', stateReason: 'READY_TO_SHIP' }, 'CANCEL'],
      [{}, 'DECLINE'],
      [{}, 'EXPIRE'],
    ];
    for (const [over, trigger] of rows) {
      const c = compileChange(sampleDoc(over), { trigger, events: [{ type: 'applications.application.x' }] }, now, opts);
      const order = c.set.order as OrderDoc;
      expect(order.state, trigger).to.equal('CANCELLED');
      expect(order.items.map((i) => [i.state, i.cancelledMilli])).to.deep.equal([['CANCELLED', 1000]]);
      expect(order.totalPrice.amount).to.equal(0);
      expect(order.totalVat).to.deep.equal([{ vatRate: 21, amount: 0, currency: 'CZK' }]);
      expect(order.fulfilment.at(-1)).to.deep.include({
        operation: 'CANCEL',
        items: [{ index: 0, quantityMilli: 1000 }],
        reason: 'applications.application.x',
      });
    }
    const rejected = compileChange(
      sampleDoc({ stateReason: 'PROCESSING_VALIDATION_IN_PROGRESS' }),
      { trigger: 'REJECT', events: [{ type: APPLICATION_EVENTS.rejected }] },
      now,
      opts,
    );
    expect(rejected.set).not.to.have.property('order');
  });

  it('when a change lowers what the order leaves owed, then the plan follows in the same write with its own event; an unchanged total keeps it', () => {
    const plan = [{ dueDate: '2024-03-31', amount: { amount: 12100, currency: 'CZK' } }];
    const doc = sampleDoc({ state: 'READY', stateReason: 'READY_DELIVERED', repaymentPlan: plan });
    const order = { ...doc.order, totalPrice: { amount: 2100, currency: 'CZK' } };
    const c = compileChange(doc, { trigger: 'REFUND_AMOUNT', set: { order }, events: [{ type: 'orders.order.refunded', topic: 'orders.events' }] }, now, opts);
    expect(c.set.repaymentPlan).to.deep.equal([{ dueDate: '2024-03-31', amount: { amount: 2100, currency: 'CZK' } }]);
    expect(c.entries.map((e) => e.topic)).to.deep.equal(['orders.events', 'applications.events']);
    const event = JSON.parse(c.entries[1]!.value);
    expect(event).to.deep.include({ type: APPLICATION_EVENTS.repaymentPlanChanged, aggregateVersion: 2 });
    expect(event.data).to.deep.include({
      repaymentPlan: c.set.repaymentPlan,
      previousRepaymentPlan: plan,
      owed: { amount: 2100, currency: 'CZK' },
      cause: 'orders.order.refunded',
    });
    const same = compileChange(doc, { trigger: 'MARK_SENT', events: [{ type: 'orders.order.sent' }] }, now, opts);
    expect(same.set).not.to.have.property('repaymentPlan');
    const cancelled = compileChange(
      sampleDoc({ state: 'READY', stateReason: 'READY_TO_SHIP', repaymentPlan: plan }),
      { trigger: 'CANCEL', events: [{ type: APPLICATION_EVENTS.cancelled }] },
      now,
      opts,
    );
    expect(cancelled.set.repaymentPlan).to.deep.equal([{ dueDate: '2024-03-31', amount: { amount: 0, currency: 'CZK' } }]);
  });

  it('when a status change comes without an event, then it is a programming error', () => {
    expect(() => compileChange(sampleDoc(), { trigger: 'CANCEL' }, now, opts)).to.throw(/without an event/);
  });

  describe('the topic of each application event (one family per topic)', () => {
    const rows: Array<[keyof typeof APPLICATION_EVENTS, string]> = [
      ['created', 'applications.events'],
      ['confirmed', 'applications.decisions'],
      ['preapproved', 'applications.decisions'],
      ['declined', 'applications.decisions'],
      ['approved', 'applications.decisions'],
      ['rejected', 'applications.decisions'],
      ['cancelled', 'applications.events'],
      ['expired', 'applications.events'],
      ['recurrenceCancelled', 'applications.events'],
      ['recurrenceExpired', 'applications.events'],
      ['repaymentPlanChanged', 'applications.events'],
    ];
    it('covers every application event', () => {
      expect(rows.map(([k]) => k).sort()).to.deep.equal(Object.keys(APPLICATION_EVENTS).sort());
    });
    for (const [key, topic] of rows) {
      it(`when ${key} is written, then it goes to ${topic}`, () => {
        expect(applicationTopic(APPLICATION_EVENTS[key])).to.equal(topic);
      });
    }
  });
});
