import { expect } from 'chai';
import { domainEvent, parseDomainEvent } from './events.js';
import { InvalidMessage } from './messages.js';
import { parseNotificationRequest } from './notifications.js';

const buf = (v: unknown) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v));

describe('parsing Kafka messages (one rule for every consumer)', () => {
  const event = domainEvent('applications.application.created', { id: 'app-1', version: 1, partnerId: 'p' }, { note: 'kept' });

  it('when an envelope carries a field the schema does not name, then it is accepted and dropped; the payload is kept whole', () => {
    const parsed = parseDomainEvent(buf({ ...event, traceId: 't-1' }));
    expect(parsed).to.deep.equal(event);
    expect(parsed).not.to.have.property('traceId');
  });

  it('when a value is not JSON, empty or of the wrong type, then it is an InvalidMessage that is not retried', () => {
    for (const value of [buf('{nope'), null, buf({ ...event, aggregateVersion: '1' })]) {
      const thrown = (() => {
        try {
          parseDomainEvent(value);
        } catch (err) {
          return err;
        }
      })();
      expect(thrown).to.be.instanceOf(InvalidMessage);
      expect((thrown as InvalidMessage).retriable).to.equal(false);
    }
  });

  it('when a notification names a kind of its own, then the kernel accepts any upper-case kind and nothing else', () => {
    const n = {
      id: 'w',
      partnerId: 'p',
      kind: 'REFUND_REMINDER',
      url: 'https://s/h',
      body: { a: 1 },
      sourceEventId: 'e',
      key: 'k',
      createdAt: '2026-01-01T00:00:00Z',
    };
    expect(parseNotificationRequest(buf({ ...n, extra: true }))).to.deep.equal(n);
    expect(() => parseNotificationRequest(buf({ ...n, kind: 'payment' }))).to.throw(InvalidMessage, /kind/);
  });
});
