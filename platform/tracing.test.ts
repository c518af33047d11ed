import { expect } from 'chai';
import { Writable } from 'node:stream';
import { trace } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { createLogger } from './logger.js';
import { eventEntry } from './outbox.js';
import { traceOf } from './kafka-message.js';
import { context, contextOf, currentTrace, inSpan, spanContextOf, withRequestId } from './tracing.js';
import { tracingWanted } from './tracing-sdk.js';

const PARENT = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
const event = { id: 'ev-1', type: 'ApplicationCreated', aggregateId: 'app-1', occurredAt: new Date(0).toISOString(), schemaVersion: 1 } as any;

describe('work context and trace propagation (tracing off)', () => {
  it('when an entry is written inside a request, then its headers carry the request id, and no trace when none is active', async () => {
    const entry = await context.with(withRequestId('req-42'), async () => {
      await new Promise((r) => setImmediate(r)); // across an await
      return eventEntry('events', event);
    });
    expect(entry.headers).to.include({ 'request-id': 'req-42' });
    expect(entry.headers).to.not.have.property('traceparent');
    expect(eventEntry('events', event).headers).to.not.have.property('request-id');
  });

  it('when a message is handled in the context its headers give, then what it writes carries the same traceparent, tracestate and request id', async () => {
    const incoming = { traceparent: PARENT, tracestate: 'vendor=x', requestId: 'req-7' };
    const written = await inSpan('handle', { parent: contextOf(incoming) }, async () => eventEntry('events', event).headers);
    expect(traceOf(written as any)).to.deep.equal(incoming);
  });

  it('when a traceparent is malformed or all zeros, then it is ignored', () => {
    expect(spanContextOf('00-xyz-b7ad6b7169203331-01')).to.equal(undefined);
    expect(spanContextOf(`00-${'0'.repeat(32)}-b7ad6b7169203331-01`)).to.equal(undefined);
    expect(currentTrace(contextOf({ traceparent: 'garbage', requestId: 'r' }))).to.deep.equal({ requestId: 'r' });
  });

  it('when a log line is written inside a handled message, then it carries trace_id, span_id and requestId; outside, none', () => {
    let out = '';
    const sink = new Writable({
      write(chunk, _enc, done) {
        out += chunk.toString();
        done();
      },
    });
    const logger = createLogger({ level: 'info', name: 'test', destination: sink });
    context.with(contextOf({ traceparent: PARENT, requestId: 'req-9' }), () => logger.info('inside'));
    logger.info('outside');
    const [inside, outside] = out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(inside).to.include({ trace_id: '0af7651916cd43dd8448eb211c80319c', span_id: 'b7ad6b7169203331', requestId: 'req-9' });
    expect(outside).to.not.have.any.keys('trace_id', 'span_id', 'requestId');
  });

  it('the SDK is wanted only with an OTLP endpoint, and not when disabled', () => {
    expect(tracingWanted({})).to.equal(false);
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' })).to.equal(true);
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://127.0.0.1:4318/v1/traces' })).to.equal(true);
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://x', OTEL_SDK_DISABLED: 'true' })).to.equal(false);
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://x', OTEL_TRACES_EXPORTER: 'none' })).to.equal(false);
  });
});

describe('spans (tracing on, in memory)', () => {
  const exporter = new InMemorySpanExporter();
  before(() => trace.setGlobalTracerProvider(new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] })));
  after(() => trace.disable());

  it('when a consumer handles a message, then its span is a child of the message trace, and what it writes names its own span', async () => {
    const headers = await inSpan(
      'consume',
      { parent: contextOf({ traceparent: PARENT, requestId: 'req-1' }) },
      async () => eventEntry('events', event).headers!,
    );
    const [span] = exporter.getFinishedSpans();
    expect(span!.spanContext().traceId).to.equal('0af7651916cd43dd8448eb211c80319c');
    expect(span!.parentSpanContext?.spanId).to.equal('b7ad6b7169203331');
    expect(headers.traceparent).to.equal(`00-${span!.spanContext().traceId}-${span!.spanContext().spanId}-01`);
    expect(headers['request-id']).to.equal('req-1');
  });

  it('when the work throws, then the span is ended with an error status and the error goes on', async () => {
    exporter.reset();
    const failed = await inSpan('boom', {}, async () => {
      throw new Error('no');
    }).catch((e) => e);
    expect(failed.message).to.equal('no');
    expect(exporter.getFinishedSpans()[0]!.status.code).to.equal(2);
  });
});
