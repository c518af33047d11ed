import http from 'node:http';
import client, { Counter, Histogram, Registry } from 'prom-client';

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
}

export function outboxMetrics(registry: Registry): OutboxMetrics {
  return {
    published: new Counter({
      name: 'outbox_published_total',
      help: 'Outbox entries sent to Kafka, by path (direct after the write, or by the sweeper)',
      labelNames: ['path'],
      registers: [registry],
    }),
    failures: new Counter({
      name: 'outbox_publish_failures_total',
      help: 'Direct publishes that failed and were left to the sweeper',
      registers: [registry],
    }),
  };
}

export function httpMetrics(registry: Registry): Histogram<'method' | 'route' | 'status'> {
  return new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by route template, method and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
}

export interface ConsumerMetrics {
  handled: Counter<'group' | 'outcome'>;
  duration: Histogram<'group'>;
}

export function consumerMetrics(registry: Registry): ConsumerMetrics {
  return {
    handled: new Counter({
      name: 'kafka_messages_handled_total',
      help: 'Messages handled by the in-process consumers, by outcome (ok, duplicate, dead_letter, retry)',
      labelNames: ['group', 'outcome'],
      registers: [registry],
    }),
    duration: new Histogram({
      name: 'kafka_message_handle_seconds',
      help: 'Time to handle one consumed message',
      labelNames: ['group'],
      buckets: [0.005, 0.01, 0.05, 0.1, 0.5, 1, 5],
      registers: [registry],
    }),
  };
}

/** Serves GET /metrics of the registry; resolves with the bound server. */
export async function serveMetrics(registry: Registry, host: string, port: number): Promise<http.Server> {
  const server = http.createServer(async (req, res) => {
    if (req.method === 'GET' && req.url?.split('?')[0] === '/metrics') {
      res.setHeader('Content-Type', registry.contentType);
      res.end(await registry.metrics());
      return;
    }
    res.statusCode = 404;
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify({ errors: [{ code: 'OBJECT_NOT_FOUND', message: 'Only GET /metrics is served here.', severity: 'ERROR' }] }));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}
