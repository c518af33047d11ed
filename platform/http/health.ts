import { errorBody, type ErrorRecord } from '../errors.js';
import { withTimeout } from '../kafka.js';
import { topicsMissingError } from '../kafka-topic-presence.js';
import type { AppRouter } from './create-app.js';
import type { Drain } from './drain.js';

export interface HealthCheck {
  /** resolves true when the dependency is reachable */
  probe(): Promise<boolean>;
  /**
   * Without it the service cannot do its job, so an orchestrator should route elsewhere
   * (the store). A non-critical dependency that is down (Kafka: creates still commit their
   * events to the outbox) is reported, and alerted on, but keeps the instance in service.
   */
  critical: boolean;
}

export interface HealthOptions {
  projectVersion: string;
  maintenance: boolean;
  checks: Record<string, HealthCheck>;
  /** a probe result is reused for this long, so a burst of probes costs one check */
  cacheMs?: number;
  timeoutMs?: number;
  /** set from SIGTERM on: readiness answers 503 DRAINING while requests are still served */
  drain?: Pick<Drain, 'draining'>;
  /** while it answers a message (store migrations missing), readiness answers 503 NOT_READY with it */
  notReady?: () => string | undefined;
  /** KAFKA_TOPICS=check: the process's topics the cluster no longer lists (undefined: unknown) */
  topics?: { missing(): Promise<string[] | undefined> } | undefined;
}

/**
 * Readiness, GET /v1/health, no token:
 * - 200 `UP`: every dependency answers;
 * - 200 `DEGRADED`: a non-critical dependency is down (its component says DOWN) while the
 *   service still does its job: an orchestrator that took every instance out for a Kafka
 *   outage would turn it into an API outage, although creates keep working;
 * - 503 `DOWN` or `MAINTENANCE` with an errors body: a critical dependency is down, or a
 *   planned outage (MAINTENANCE);
 * - 503 `NOT_READY`: the store lacks migrations this code needs (named in the message);
 *   the instance waits for `ops migrate apply` and serves nothing else meanwhile;
 * - 503 `TOPICS_MISSING`: with KAFKA_TOPICS=check, a topic of the process does not exist
 *   (deleted after the start): producing to it fails, so the instance leaves rotation naming it;
 * - 503 `DRAINING`: the instance got SIGTERM and leaves rotation (SHUTDOWN_DELAY) while
 *   it still answers everything else.
 * Liveness, GET /v1/health/live: 200 while the process answers at all, with no dependency
 * checked, so a store outage never gets healthy instances restarted.
 */
export function mountHealth(router: AppRouter, opts: HealthOptions): void {
  const cacheMs = opts.cacheMs ?? 1000;
  const timeoutMs = opts.timeoutMs ?? 2000;
  const cache = new Map<string, { at: number; up: Promise<boolean> }>();
  const probe = (name: string, check: HealthCheck) => {
    const hit = cache.get(name);
    if (hit && Date.now() - hit.at < cacheMs) return hit.up;
    const up = withTimeout(
      check.probe().catch(() => false),
      timeoutMs,
      false,
    );
    cache.set(name, { at: Date.now(), up });
    return up;
  };

  router.get('/v1/health/live', (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { status: 'UP', projectVersion: opts.projectVersion };
  });

  router.get('/v1/health', async (ctx) => {
    ctx.state.operationId = 'health';
    ctx.set('Cache-Control', 'no-store');
    if (opts.drain?.draining) {
      ctx.status = 503;
      ctx.set('Retry-After', '5');
      ctx.body = {
        ...errorBody([{ code: 'DRAINING', message: 'This instance is shutting down; other instances serve the request.', severity: 'ERROR' }]),
        status: 'DRAINING',
        projectVersion: opts.projectVersion,
      };
      return;
    }
    const notReady = opts.notReady?.();
    if (notReady) {
      ctx.status = 503;
      ctx.set('Retry-After', '5');
      ctx.body = { ...errorBody([{ code: 'NOT_READY', message: notReady, severity: 'ERROR' }]), status: 'NOT_READY', projectVersion: opts.projectVersion };
      return;
    }
    const names = Object.keys(opts.checks);
    const [results, missingTopics] = await Promise.all([Promise.all(names.map((n) => probe(n, opts.checks[n]!))), opts.topics?.missing()]);
    const components = Object.fromEntries(names.map((n, i) => [n, { status: results[i] ? 'UP' : 'DOWN' }]));
    const down = names.filter((_, i) => !results[i]);
    const errors: ErrorRecord[] = [];
    if (opts.maintenance) {
      errors.push({ code: 'MAINTENANCE', message: 'The service is down for planned maintenance.', severity: 'ERROR' });
    }
    for (const n of down.filter((d) => opts.checks[d]!.critical)) {
      errors.push({ code: 'DEPENDENCY_DOWN', message: `${n} is not reachable.`, severity: 'ERROR' });
    }
    if (missingTopics?.length) errors.push(topicsMissingError(missingTopics));
    if (errors.length) {
      ctx.status = 503;
      ctx.set('Retry-After', '30');
      ctx.body = { ...errorBody(errors), status: opts.maintenance ? 'MAINTENANCE' : 'DOWN', projectVersion: opts.projectVersion, components };
      return;
    }
    ctx.body = { status: down.length ? 'DEGRADED' : 'UP', projectVersion: opts.projectVersion, components };
  });
}
