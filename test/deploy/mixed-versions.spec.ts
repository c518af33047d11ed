import { expect } from 'chai';
import { parseDomainEvent } from '../../platform/events.js';
import { parseNotificationRequest } from '../../platform/notifications.js';
import { parseNotificationMessage, parseTaskMessage } from '../../modules/webhooks/index.js';
import { messageHeaders, traceOf } from '../../platform/kafka-message.js';

/**
 * A rollout runs an old and a new release side by side: what a new API writes, an old relay
 * or consumer reads, and the reverse. The rule (docs/operations.md, "Mixed versions during a
 * rollout"): a release may only add optional fields and headers to what it writes; every
 * reader ignores fields and headers it does not know and needs none that an older writer
 * left out. This shows one additive change each way, through the readers the services use.
 */
describe('mixed versions during a rollout: an additive change read by the older and the newer release', () => {
  const event = {
    id: 'e-1',
    type: 'applications.application.created',
    schemaVersion: 1,
    occurredAt: '2026-11-28T10:00:00.000Z',
    aggregateId: 'a-1',
    aggregateVersion: 1,
    partnerId: 'p-1',
    data: { state: 'PROCESSING' },
  };
  const notification = {
    id: 'n-1',
    partnerId: 'p-1',
    kind: 'APPLICATION',
    url: 'https://shop.example/hooks',
    body: { applicationId: 'a-1' },
    sourceEventId: 'e-1',
    key: 'a-1',
    createdAt: '2026-11-28T10:00:00.000Z',
  };
  const json = (v: unknown) => Buffer.from(JSON.stringify(v));

  it("when a newer API adds a field to an event and a notification (and headers such as trace context), then today's consumers and relay read them, dropping what they do not know", () => {
    const newer = { ...event, data: { ...event.data, riskScore: 7 }, origin: 'api-v2' };
    const parsed = parseDomainEvent(json(newer));
    expect(parsed).to.not.have.property('origin');
    expect(parsed.data).to.deep.include({ state: 'PROCESSING' });
    const task = parseNotificationMessage(json({ ...notification, priority: 'high' }), new Date('2026-11-28T10:00:01Z'));
    expect(task.notification).to.not.have.property('priority');
    expect(task.notification.id).to.equal('n-1');
    // a header a reader does not know is simply not read
    const headers = {
      ...messageHeaders({ id: 'n-1', type: 'x.y.z', trace: { traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' } }),
      'new-header': 'v2',
    };
    expect(traceOf(headers)).to.deep.equal({ traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' });
  });

  it("when an older API wrote a message without today's headers (no schema version, no trace context), then today's readers take it as it is", () => {
    expect(parseDomainEvent(json(event)).id).to.equal('e-1');
    expect(parseNotificationRequest(json(notification)).id).to.equal('n-1');
    expect(traceOf(undefined)).to.deep.equal({});
    expect(traceOf({ 'message-id': 'n-1' })).to.deep.equal({});
  });

  it('when a retry task written by a newer relay carries a field this one does not know, then this relay reads the task it knows', () => {
    const task = parseNotificationMessage(json(notification), new Date('2026-11-28T10:00:01Z'));
    const again = parseTaskMessage(json({ ...task, attemptBudget: 9 }));
    expect(again).to.not.have.property('attemptBudget');
    expect(again.notification.id).to.equal('n-1');
  });
});
