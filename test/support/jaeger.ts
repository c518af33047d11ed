import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './api-process.js';
import { waitFor } from './wait.js';

/** The pinned Jaeger (scripts/jaeger.sh builds it from its Go module into the cache). */
export const JAEGER_VERSION = 'v1.76.0';

/** Where the built Jaeger is: $JAEGER, else the project's cache; undefined when it is not there. */
export function jaegerBinary(): string | undefined {
  const cache = process.env.PF_CACHE ?? join(homedir(), '.cache', 'partner-financing');
  const path = process.env.JAEGER ?? join(cache, `jaeger-${JAEGER_VERSION}`, 'jaeger');
  return existsSync(path) ? path : undefined;
}

/** A span as Jaeger's query API returns it. */
export interface JaegerSpan {
  traceID: string;
  spanID: string;
  operationName: string;
  references: Array<{ refType: 'CHILD_OF' | 'FOLLOWS_FROM'; traceID: string; spanID: string }>;
  tags: Array<{ key: string; value: unknown }>;
  processID: string;
}

export interface JaegerTrace {
  traceID: string;
  spans: JaegerSpan[];
  processes: Record<string, { serviceName: string }>;
}

/**
 * Jaeger (v2, all-in-one: OTLP receiver, in-memory store, query API) as a child process on
 * 127.0.0.1, on free ports: OTLP over HTTP only, no UI, no other receivers.
 */
export class Jaeger {
  private child: ChildProcess | undefined;
  private dir = '';
  private output = '';
  otlpPort = 0;
  queryPort = 0;

  constructor(private readonly binary: string) {}

  /** The OTEL_EXPORTER_OTLP_ENDPOINT of this Jaeger. */
  get otlpEndpoint(): string {
    return `http://127.0.0.1:${this.otlpPort}`;
  }

  async start(): Promise<this> {
    this.otlpPort = await freePort();
    this.queryPort = await freePort();
    const grpcPort = await freePort();
    this.dir = await mkdtemp(join(tmpdir(), 'pf-jaeger-'));
    const config = join(this.dir, 'jaeger.yaml');
    await writeFile(
      config,
      `service:
  extensions: [jaeger_storage, jaeger_query]
  pipelines:
    traces:
      receivers: [otlp]
      processors: [batch]
      exporters: [jaeger_storage_exporter]
  telemetry:
    metrics:
      level: none
    logs:
      level: warn
extensions:
  jaeger_query:
    storage:
      traces: memory
    http:
      endpoint: 127.0.0.1:${this.queryPort}
    grpc:
      endpoint: 127.0.0.1:${grpcPort}
  jaeger_storage:
    backends:
      memory:
        memory:
          max_traces: 10000
receivers:
  otlp:
    protocols:
      http:
        endpoint: 127.0.0.1:${this.otlpPort}
processors:
  batch:
    timeout: 100ms
exporters:
  jaeger_storage_exporter:
    trace_storage: memory
`,
    );
    this.child = spawn(this.binary, ['--config', config], { stdio: ['ignore', 'pipe', 'pipe'] });
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString()).slice(-10_000);
    };
    this.child.stdout!.on('data', keep);
    this.child.stderr!.on('data', keep);
    await waitFor(
      'Jaeger to answer its query API',
      async () => {
        if (this.child!.exitCode !== null) throw new Error(`Jaeger exited: ${this.output}`);
        return (await this.query('/api/services').catch(() => undefined)) !== undefined;
      },
      { maxWait: 30_000, interval: 100 },
    );
    return this;
  }

  /** GET on the query API; the JSON's `data`. */
  async query<T = unknown>(path: string): Promise<T> {
    const res = await fetch(`http://127.0.0.1:${this.queryPort}${path}`, { signal: AbortSignal.timeout(5_000) });
    if (!res.ok) throw new Error(`Jaeger ${path}: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { data: T }).data;
  }

  /** The traces of `service` that hold a span with tag `key` = `value`. */
  tracesTagged(service: string, key: string, value: string): Promise<JaegerTrace[]> {
    const tags = encodeURIComponent(JSON.stringify({ [key]: value }));
    return this.query<JaegerTrace[]>(`/api/traces?service=${encodeURIComponent(service)}&tags=${tags}&lookback=1h&limit=20`).then((d) => d ?? []);
  }

  trace(traceId: string): Promise<JaegerTrace | undefined> {
    return this.query<JaegerTrace[]>(`/api/traces/${traceId}`).then(
      (d) => d?.[0],
      () => undefined,
    );
  }

  get log(): string {
    return this.output;
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (child && child.exitCode === null && child.signalCode === null) {
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
      });
    }
    if (this.dir) await rm(this.dir, { recursive: true, force: true });
  }
}

/** The span's tag value. */
export function tagOf(span: JaegerSpan, key: string): unknown {
  return span.tags.find((t) => t.key === key)?.value;
}

/** The span's ancestors' ids, nearest first, and whether the walk reached the root (not: a parent not in the trace). */
function ancestry(trace: JaegerTrace, span: JaegerSpan): { ids: string[]; complete: boolean } {
  const byId = new Map(trace.spans.map((s) => [s.spanID, s]));
  const ids: string[] = [];
  let current = span;
  for (let hops = 0; hops < 100; hops++) {
    const parent = current.references.find((r) => r.refType === 'CHILD_OF');
    if (!parent) return { ids, complete: true };
    ids.push(parent.spanID);
    const next = byId.get(parent.spanID);
    if (!next) return { ids, complete: false };
    current = next;
  }
  return { ids, complete: false };
}

/**
 * Whether Jaeger holds every ancestor of the span up to the trace's root. Each process
 * exports its spans in its own batches when they end, so a span (a relay's webhook attempt)
 * can be stored before an ancestor that ends later in another process (the API consumer
 * that published it): until then the chain is not there to be judged.
 */
export function ancestorsStored(trace: JaegerTrace, span: JaegerSpan): boolean {
  return ancestry(trace, span).complete;
}

/** Whether `span` descends from `ancestor` (CHILD_OF references within the trace). */
export function descendsFrom(trace: JaegerTrace, span: JaegerSpan, ancestor: JaegerSpan): boolean {
  return ancestry(trace, span).ids.includes(ancestor.spanID);
}
