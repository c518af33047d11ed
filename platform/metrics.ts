import http from 'node:http';
import client, { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { LagSource } from './consumer-lag.js';
import { withTimeout } from './kafka.js';

/**
 * One prom-client registry per process (API or relay), with the default Node metrics.
 * Modules register their own metrics on it; /metrics is served on a separate port so
 * that it is never exposed through the partner-facing listener.
 */
export function createRegistry(service: string): Registry {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  client.collectDefaultMetrics({ register: registry });
  return registry;
}

export interface OutboxMetrics {
  published: Counter<'path'>;
  failures: Counter;
  sweeps: Counter<'reason'>;
  /** the publisher names where the gauges read what it has not yet published */
  watchPending(source: () => PendingSnapshot): void;
}

/** What the outbox publisher knows is not yet in Kafka: how many entries, and the oldest's creation (epoch ms). */
export interface PendingSnapshot {
  count: number;
  oldestAt: number | undefined;
}

export function outboxMetrics(registry: Registry): OutboxMetrics {
  let source = (): PendingSnapshot => ({ count: 0, oldestAt: undefined });
  const known =
    'this process knows is not yet in Kafka (queued, in flight, or failed and waiting for the sweeper), read from memory at scrape time, never from the store';
  new Gauge({
    name: 'outbox_oldest_pending_age_seconds',
    help: `Age of the oldest outbox entry ${known}; 0 when none`,
    registers: [registry],
    collect() {
      const { oldestAt } = source();
      this.set(oldestAt === undefined ? 0 : Math.max(0, (Date.now() - oldestAt) / 1000));
    },
  });
  new Gauge({
    name: 'outbox_pending_entries',
    help: `Outbox entries ${known}`,
    registers: [registry],
    collect() {
      this.set(source().count);
    },
  });
  return {
    watchPending: (fn) => {
      source = fn;
    },
    published: new Counter({
      name: 'outbox_published_total',
      help: 'Outbox entries sent to Kafka and cleared from their document, by path (direct: right after the write; sweeper: found left behind by the sweep)',
      labelNames: ['path'],
      registers: [registry],
    }),
    failures: new Counter({
      name: 'outbox_publish_failures_total',
      help: 'Writes whose outbox entries could not be sent or cleared (either path); the entries stay in the document for the next sweep',
      registers: [registry],
    }),
    sweeps: new Counter({
      name: 'outbox_sweeps_total',
      help: 'Sweeps of the outbox collections, by what called for them (start, failure: a publish of this process failed, unknown: a write of this process got no answer and may have been applied, peer: a publisher stopped beating, backstop: the full-sweep interval)',
      labelNames: ['reason'],
      registers: [registry],
    }),
  };
}

export function httpMetrics(registry: Registry): Histogram<'method' | 'route' | 'status'> {
  return new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by method, route template ("unmatched" when no route matched) and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
}

/** What became of a consumed message. The help text is built from this table, so it names every outcome. */
export const CONSUMER_OUTCOMES = {
  ok: 'handled and recorded in the inbox',
  ignored: 'a type the consumer does not act on, skipped before the inbox',
  duplicate: 'already in the inbox (a redelivery), skipped',
  retry: 'an attempt failed and is retried in place (counted per attempt)',
  dead_letter: 'unparseable or failed for good, sent to the dead-letter topic',
} as const;
export type ConsumerOutcome = keyof typeof CONSUMER_OUTCOMES;

export interface ConsumerMetrics {
  handled: Counter<'group' | 'outcome'>;
  duration: Histogram<'group'>;
  /** what the running consumers read: the lag gauge samples these groups and topics */
  lagSources: LagSource[];
}

export function consumerMetrics(registry: Registry): ConsumerMetrics {
  const outcomes = Object.entries(CONSUMER_OUTCOMES)
    .map(([k, v]) => `${k} (${v})`)
    .join(', ');
  return {
    handled: new Counter({
      name: 'kafka_messages_handled_total',
      help: `Messages taken by the in-process consumers, by group and outcome: ${outcomes}`,
      labelNames: ['group', 'outcome'],
      registers: [registry],
    }),
    duration: new Histogram({
      name: 'kafka_message_handle_seconds',
      help: 'Time from taking a message to its inbox record, in-place retries included (outcome ok only)',
      labelNames: ['group'],
      buckets: [0.005, 0.01, 0.05, 0.1, 0.5, 1, 5],
      registers: [registry],
    }),
    lagSources: [],
  };
}

/**
 * `dependency_up{dependency}`: 1 when the dependency answered a probe at the last scrape.
 * It is what the "unreachable" alerts read, whatever the health endpoint answers; the
 * probes run in parallel and each gives up after `timeoutMs`, inside a scrape's timeout.
 */
export function dependencyGauge(registry: Registry, checks: Record<string, () => Promise<boolean>>, timeoutMs = 1500): Gauge<'dependency'> {
  return new Gauge({
    name: 'dependency_up',
    help: `1 when the dependency answered its probe at this scrape, 0 when not (${Object.keys(checks).join(', ')})`,
    labelNames: ['dependency'],
    registers: [registry],
    async collect() {
      await Promise.all(
        Object.entries(checks).map(async ([dependency, check]) => {
          const up = await withTimeout(
            check().catch(() => false),
            timeoutMs,
            false,
          );
          this.set({ dependency }, up ? 1 : 0);
        }),
      );
    },
  });
}

/** An extra GET route of the metrics listener (the relay's health): its status and JSON body. */
export type PlainRoute = () => { status: number; body: unknown } | Promise<{ status: number; body: unknown }>;

/** Serves GET /metrics of the registry (and any `routes`); resolves with the bound server. */
export async function serveMetrics(registry: Registry, host: string, port: number, routes: Record<string, PlainRoute> = {}): Promise<http.Server> {
  const server = http.createServer(async (req, res) => {
    const path = req.url?.split('?')[0] ?? '';
    if (req.method === 'GET' && path === '/metrics') {
      res.setHeader('Content-Type', registry.contentType);
      res.end(await registry.metrics());
      return;
    }
    const route = req.method === 'GET' ? routes[path] : undefined;
    res.setHeader('Content-Type', 'application/json');
    res.setHeader('Cache-Control', 'no-store');
    if (route) {
      const { status, body } = await route();
      res.statusCode = status;
      res.end(JSON.stringify(body));
      return;
    }
    res.statusCode = 404;
    res.end(
      JSON.stringify({
        errors: [
          {
            code: 'OBJECT_NOT_FOUND',
            message: `Only GET /metrics${Object.keys(routes)
              .map((r) => `, ${r}`)
              .join('')} are served here.`,
            severity: 'ERROR',
          },
        ],
      }),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}
