import type { IHeaders, Message } from 'kafkajs';

/**
 * The one way a Kafka message is made: every producer (the outbox, the consumers' and the
 * relay's dead letters, the relay's retries) builds its messages here, so a reader (a
 * consumer, a future replay tool) finds the same headers on every topic.
 *
 * Standard headers: `message-id` (what consumers deduplicate by), `event-type` and
 * `schema-version` when the value is a domain event, and the trace context of the work that
 * made it (`traceparent`, `tracestate`, `request-id`), passed through when present.
 */
export const HEADERS = {
  messageId: 'message-id',
  eventType: 'event-type',
  schemaVersion: 'schema-version',
  traceparent: 'traceparent',
  tracestate: 'tracestate',
  requestId: 'request-id',
} as const;

/** The dead-letter headers: where the message was read, why it was given up, and when. */
export const DEAD_LETTER_HEADERS = {
  sourceTopic: 'dlq-source-topic',
  sourcePartition: 'dlq-source-partition',
  sourceOffset: 'dlq-source-offset',
  consumerGroup: 'dlq-consumer-group',
  reason: 'dlq-reason',
  at: 'dlq-at',
} as const;

/** The trace context a message carries on from the request or message that caused it. */
export interface TraceContext {
  traceparent?: string;
  tracestate?: string;
  requestId?: string;
}

export interface MessageSpec {
  key: string;
  value: string | Buffer | null;
  /** the message's own id (an event id, a notification id) */
  id: string;
  /** the domain event's type, so consumers can skip others by header */
  type?: string;
  schemaVersion?: number;
  trace?: TraceContext;
  /** a producer's own headers (the relay's delivery ids), added after the standard ones */
  extra?: Record<string, string>;
}

/** The standard headers of a message, as stored with an outbox entry and sent. */
export function messageHeaders(spec: Omit<MessageSpec, 'key' | 'value'>): Record<string, string> {
  const h: Record<string, string> = { [HEADERS.messageId]: spec.id };
  if (spec.type) h[HEADERS.eventType] = spec.type;
  if (spec.schemaVersion !== undefined) h[HEADERS.schemaVersion] = String(spec.schemaVersion);
  if (spec.trace?.traceparent) h[HEADERS.traceparent] = spec.trace.traceparent;
  if (spec.trace?.tracestate) h[HEADERS.tracestate] = spec.trace.tracestate;
  if (spec.trace?.requestId) h[HEADERS.requestId] = spec.trace.requestId;
  return { ...h, ...spec.extra };
}

export function kafkaMessage(spec: MessageSpec): Message {
  return { key: spec.key, value: spec.value, headers: messageHeaders(spec) };
}

/** The trace context of a consumed message, to carry on to what it causes. */
export function traceOf(headers: IHeaders | undefined): TraceContext {
  const read = (name: string) => {
    const v = headers?.[name];
    const one = Array.isArray(v) ? v[0] : v;
    return one === undefined ? undefined : one.toString();
  };
  const trace: TraceContext = {};
  const traceparent = read(HEADERS.traceparent);
  const tracestate = read(HEADERS.tracestate);
  const requestId = read(HEADERS.requestId);
  if (traceparent) trace.traceparent = traceparent;
  if (tracestate) trace.tracestate = tracestate;
  if (requestId) trace.requestId = requestId;
  return trace;
}

export interface DeadLetterSpec {
  /** where the message was read (partition and offset when it was read from Kafka) */
  source: { topic: string; partition?: number; offset?: string; consumerGroup?: string };
  key: string;
  value: string | Buffer | null;
  /** the message id: the source message's own, or one made from where it was read */
  id: string;
  reason: unknown;
  at: Date;
  trace?: TraceContext;
  extra?: Record<string, string>;
}

/** The most of a reason a dead letter keeps. */
const MAX_REASON = 500;

/**
 * The one dead-letter format: the message as it was (key and value untouched), its
 * standard headers, and where it came from, why it was given up and when.
 */
export function deadLetterMessage(spec: DeadLetterSpec): Message {
  const dlq: Record<string, string> = { [DEAD_LETTER_HEADERS.sourceTopic]: spec.source.topic };
  if (spec.source.partition !== undefined) dlq[DEAD_LETTER_HEADERS.sourcePartition] = String(spec.source.partition);
  if (spec.source.offset !== undefined) dlq[DEAD_LETTER_HEADERS.sourceOffset] = spec.source.offset;
  if (spec.source.consumerGroup) dlq[DEAD_LETTER_HEADERS.consumerGroup] = spec.source.consumerGroup;
  dlq[DEAD_LETTER_HEADERS.reason] = reasonText(spec.reason);
  dlq[DEAD_LETTER_HEADERS.at] = spec.at.toISOString();
  return kafkaMessage({ key: spec.key, value: spec.value, id: spec.id, trace: spec.trace, extra: { ...dlq, ...spec.extra } });
}

function reasonText(reason: unknown): string {
  return String((reason as Error)?.message ?? reason).slice(0, MAX_REASON);
}
