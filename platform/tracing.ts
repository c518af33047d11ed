import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import {
  type Attributes,
  type Context,
  context,
  createContextKey,
  createTraceState,
  isSpanContextValid,
  type Link,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  type SpanContext,
  trace,
} from '@opentelemetry/api';
import type { TraceContext } from './kafka-message.js';

/**
 * The work context: which request, message or delivery the running code serves, and its span.
 * It lives in OpenTelemetry's context (one AsyncLocalStorage), whether or not traces are
 * exported, because the request id travels with the outbox entries and on every log line
 * even when tracing is off. Only the SDK (tracing-sdk.ts) is left unloaded then: spans made
 * here are the API's non-recording ones, which cost an object each and export nothing.
 */
const contextManager = new AsyncLocalStorageContextManager();
contextManager.enable();
context.setGlobalContextManager(contextManager);

const REQUEST_ID = createContextKey('partner-financing request id');

/** The tracer, asked of the global provider each time (so a provider set or removed later is the one used). */
export function tracer() {
  return trace.getTracer('partner-financing');
}

let exporting = false;

/** Whether the SDK runs (tracing-sdk.ts): what costs more than a non-recording span (store command spans) is set up only then. */
export function tracingActive(): boolean {
  return exporting;
}

/** Called once the SDK has started. */
export function markTracingActive(): void {
  exporting = true;
}

/** Whether the running work is traced (a recording span is active). */
export function activeSpanRecording(): boolean {
  return trace.getSpan(context.active())?.isRecording() ?? false;
}

export { context, SpanKind, SpanStatusCode, type Span, type Context, type Link, type Attributes };

/** The W3C `traceparent` of a span context (version 00). */
export function traceparentOf(sc: SpanContext): string {
  return `00-${sc.traceId}-${sc.spanId}-0${(sc.traceFlags & 1).toString(16)}`;
}

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

/** The span context a `traceparent` (and `tracestate`) names; undefined when it is malformed. */
export function spanContextOf(traceparent: string | undefined, tracestate?: string): SpanContext | undefined {
  const m = traceparent ? TRACEPARENT.exec(traceparent.trim()) : null;
  if (!m) return undefined;
  const sc: SpanContext = { traceId: m[1]!, spanId: m[2]!, traceFlags: Number.parseInt(m[3]!, 16) & 1, isRemote: true };
  if (tracestate) sc.traceState = createTraceState(tracestate);
  return isSpanContextValid(sc) ? sc : undefined;
}

/**
 * The context a message or a stored entry continues: its trace (as the remote parent) and its
 * request id, on top of `base`.
 */
export function contextOf(t: TraceContext, base: Context = ROOT_CONTEXT): Context {
  let ctx = base;
  const sc = spanContextOf(t.traceparent, t.tracestate);
  if (sc) ctx = trace.setSpanContext(ctx, sc);
  if (t.requestId) ctx = ctx.setValue(REQUEST_ID, t.requestId);
  return ctx;
}

/** A context carrying a request id (the API's requests). */
export function withRequestId(id: string, base: Context = context.active()): Context {
  return base.setValue(REQUEST_ID, id);
}

export function currentRequestId(ctx: Context = context.active()): string | undefined {
  return ctx.getValue(REQUEST_ID) as string | undefined;
}

/**
 * The trace context of the running work, to store with what it writes and send with what it
 * produces: the active span (or, tracing off, the remote parent it continues) and the request id.
 */
export function currentTrace(ctx: Context = context.active()): TraceContext {
  const out: TraceContext = {};
  const sc = trace.getSpanContext(ctx);
  if (sc && isSpanContextValid(sc)) {
    out.traceparent = traceparentOf(sc);
    const state = sc.traceState?.serialize();
    if (state) out.tracestate = state;
  }
  const requestId = currentRequestId(ctx);
  if (requestId) out.requestId = requestId;
  return out;
}

/** A link to the span a stored trace context names (a batch that joins many writes). */
export function linkTo(t: TraceContext): Link | undefined {
  const sc = spanContextOf(t.traceparent, t.tracestate);
  return sc ? { context: sc } : undefined;
}

export interface SpanOptions {
  kind?: SpanKind;
  attributes?: Attributes;
  links?: Link[];
  /** the parent context (default: the active one) */
  parent?: Context;
}

/**
 * Runs `fn` inside a new span, active for everything it awaits; records a thrown error and
 * ends the span either way. Tracing off, the span is non-recording and nearly free.
 */
export function inSpan<R>(name: string, opts: SpanOptions, fn: (span: Span) => Promise<R>): Promise<R> {
  const parent = opts.parent ?? context.active();
  const span = tracer().startSpan(name, { kind: opts.kind, attributes: opts.attributes, links: opts.links }, parent);
  return context.with(trace.setSpan(parent, span), async () => {
    try {
      return await fn(span);
    } catch (err) {
      failSpan(span, err);
      throw err;
    } finally {
      span.end();
    }
  });
}

/** Marks a span failed with the error's name and message (never its data). */
export function failSpan(span: Span, err: unknown): void {
  if (!span.isRecording()) return;
  const e = err as Error;
  span.recordException({ name: e?.name ?? 'Error', message: String(e?.message ?? err) });
  span.setStatus({ code: SpanStatusCode.ERROR, message: String(e?.message ?? err).slice(0, 200) });
}

/**
 * The fields every log line gets from the active context (a pino mixin): the trace and
 * span ids when a span is active, and the request id of the work it serves.
 */
export function logFields(): Record<string, string> {
  const ctx = context.active();
  if (ctx === ROOT_CONTEXT) return {};
  const out: Record<string, string> = {};
  const sc = trace.getSpanContext(ctx);
  if (sc && isSpanContextValid(sc)) {
    out.trace_id = sc.traceId;
    out.span_id = sc.spanId;
  }
  const requestId = currentRequestId(ctx);
  if (requestId) out.requestId = requestId;
  return out;
}
