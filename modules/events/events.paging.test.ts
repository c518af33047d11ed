import { expect } from 'chai';
import { pageOf, pagingInfoOf, seqRange } from './events.paging.js';
import { deliveryStatusOf, entryKey, eventView, newEntryOf } from './events.model.js';

describe('event feed paging and views (pure)', () => {
  it('when more than the limit was found, then forward keeps the first items and backward the last, both flagging more', () => {
    expect(pageOf([1, 2, 3], { limit: 2 })).to.deep.equal({ data: [1, 2], more: true });
    expect(pageOf([1, 2, 3], { limit: 2, before: 'x' })).to.deep.equal({ data: [2, 3], more: true });
    expect(pageOf([1, 2], { limit: 2 })).to.deep.equal({ data: [1, 2], more: false });
  });

  it('when a cursor was sent and more remain that way, then only that link, carrying the limit and the applicationId filter', () => {
    expect(pagingInfoOf({ limit: 2 }, ['a', 'b'], true, '/e')).to.deep.equal({ itemsPerPage: 2 });
    expect(pagingInfoOf({ limit: 2, after: 'x' }, ['a', 'b'], true, '/e')).to.deep.equal({ itemsPerPage: 2, nextPage: '/e?limit=2&after=b' });
    expect(pagingInfoOf({ limit: 2, after: 'x' }, ['a', 'b'], false, '/e')).to.deep.equal({ itemsPerPage: 2 });
    expect(pagingInfoOf({ limit: 2, before: 'x', applicationId: 'app' }, ['a', 'b'], true, '/e')).to.deep.equal({
      itemsPerPage: 2,
      prevPage: '/e?limit=2&before=a&applicationId=app',
    });
  });

  it('when seqs are keyed, then the keys sort like the seqs within a partner', () => {
    expect(seqRange(3, 5)).to.deep.equal([3, 4, 5]);
    expect(seqRange(5, 4)).to.deep.equal([]);
    const keys = [9, 10, 100, 2].map((s) => entryKey('p', s));
    expect([...keys].sort()).to.deep.equal([2, 9, 10, 100].map((s) => entryKey('p', s)));
  });

  it('when the relay has no record, a retry scheduled, delivered or dead-lettered, then PENDING, FAILED, DELIVERED, DEAD_LETTERED', () => {
    expect([undefined, 'RETRY_SCHEDULED', 'DELIVERED', 'DEAD_LETTERED'].map(deliveryStatusOf)).to.deep.equal([
      'PENDING',
      'FAILED',
      'DELIVERED',
      'DEAD_LETTERED',
    ]);
  });

  it("when a payment notification is recorded and shown, then its type, application and body are the webhook's, times without fractions", () => {
    const body = { paymentId: 'pay-1', applicationId: 'app-1', value: { amount: 100, currency: 'CZK' } };
    const entry = newEntryOf({
      id: 'w1',
      partnerId: 'p',
      kind: 'PAYMENT',
      url: 'https://s/h',
      body,
      sourceEventId: 'e',
      key: 'app-1',
      createdAt: '2026-11-23T10:00:00.123Z',
    })!;
    expect(entry).to.include({ type: 'payment', applicationId: 'app-1', webhookId: 'w1', payload: JSON.stringify(body) });
    const view = eventView({ ...entry, _id: entryKey('p', 1), seq: 1, recordedAt: new Date() }, 'DELIVERED');
    expect(view).to.deep.equal({ id: 'w1', type: 'payment', applicationId: 'app-1', occurredAt: '2026-11-23T10:00:00Z', data: body, delivery: 'DELIVERED' });
  });

  it('when a test notification is projected, then it has no feed entry: it is about nothing that happened', () => {
    const body = { id: 'w2', type: 'TEST', createdAt: '2026-11-23T10:00:00Z' };
    expect(
      newEntryOf({ id: 'w2', partnerId: 'p', kind: 'TEST', url: 'https://s/h', body, sourceEventId: 'w2', key: 'p', createdAt: '2026-11-23T10:00:00.123Z' }),
    ).to.equal(undefined);
  });
});
