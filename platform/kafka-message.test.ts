import { expect } from 'chai';
import { deadLetterMessage, kafkaMessage, traceOf } from './kafka-message.js';
import { entryMessage, eventEntry } from './outbox.js';
import { domainEvent } from './events.js';

describe('one way to build a Kafka message', () => {
  const trace = { traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01', tracestate: 'pf=1', requestId: 'req-1' };

  it('when a message is built, then it has the key, the value and the standard headers, with the trace context passed through', () => {
    const m = kafkaMessage({
      key: 'app-1',
      value: '{}',
      id: 'ev-1',
      type: 'applications.application.created',
      schemaVersion: 1,
      trace,
      extra: { 'partner-id': 'p-1' },
    });
    expect(m).to.deep.equal({
      key: 'app-1',
      value: '{}',
      headers: {
        'message-id': 'ev-1',
        'event-type': 'applications.application.created',
        'schema-version': '1',
        traceparent: trace.traceparent,
        tracestate: 'pf=1',
        'request-id': 'req-1',
        'partner-id': 'p-1',
      },
    });
  });

  it('when there is no trace context, then no empty trace headers', () => {
    expect(kafkaMessage({ key: 'k', value: 'v', id: 'm-1' }).headers).to.deep.equal({ 'message-id': 'm-1' });
  });

  it('when a consumed message carries trace context, then it is read back for what it causes', () => {
    const headers = kafkaMessage({ key: 'k', value: 'v', id: 'm-1', trace }).headers!;
    expect(traceOf({ ...headers, traceparent: Buffer.from(trace.traceparent) })).to.deep.equal(trace);
    expect(traceOf(undefined)).to.deep.equal({});
  });

  it('when a message is dead-lettered, then key and value stay as they were and the headers say where from, why and when', () => {
    const m = deadLetterMessage({
      source: { topic: 't.notifications', partition: 2, offset: '41', consumerGroup: 'g' },
      key: 't.notifications:2:41',
      value: Buffer.from('not json'),
      id: 'n-1',
      reason: new Error('x'.repeat(600)),
      at: new Date('2030-01-01T10:00:00Z'),
      trace,
    });
    expect(m.value).to.deep.equal(Buffer.from('not json'));
    expect(m.headers).to.include({
      'message-id': 'n-1',
      'dlq-source-topic': 't.notifications',
      'dlq-source-partition': '2',
      'dlq-source-offset': '41',
      'dlq-consumer-group': 'g',
      'dlq-at': '2030-01-01T10:00:00.000Z',
      traceparent: trace.traceparent,
    });
    expect(String(m.headers!['dlq-reason'])).to.have.length(500);
  });

  it('when an outbox entry is written, then its headers are stored with it; an older entry without them is sent with the ones its id and type give', () => {
    const event = domainEvent('test.thing.created', { id: 'a-1', version: 1, partnerId: 'p1' }, { name: 'one' });
    const entry = eventEntry('things', event, { requestId: 'req-9' });
    expect(entry.headers).to.deep.equal({ 'message-id': event.id, 'event-type': 'test.thing.created', 'schema-version': '1', 'request-id': 'req-9' });
    expect(entryMessage(entry).headers).to.deep.equal(entry.headers);
    const { headers: _stored, ...old } = entry;
    expect(entryMessage(old).headers).to.deep.equal({ 'message-id': event.id, 'event-type': 'test.thing.created' });
  });
});
