import { errorBody, type ErrorRecord } from '../errors.js';
import { withTimeout } from '../kafka.js';
import type { AppRouter } from './create-app.js';

export interface HealthOptions {
  projectVersion: string;
  maintenance: boolean;
  /** dependency probes: resolve true when reachable */
  checks: Record<string, () => Promise<boolean>>;
  /** a probe result is reused for this long, so a burst of probes costs one check */
  cacheMs?: number;
  timeoutMs?: number;
}

/**
 * GET /v1/health (DESIGN 18), no token: 200 {status: UP, projectVersion, components}; a
 * planned outage (MAINTENANCE) or an unreachable dependency gives 503 with an errors body.
 */
export function mountHealth(router: AppRouter, opts: HealthOptions): void {
  const cacheMs = opts.cacheMs ?? 1000;
  const timeoutMs = opts.timeoutMs ?? 2000;
  const cache = new Map<string, { at: number; up: Promise<boolean> }>();
  const probe = (name: string, check: () => Promise<boolean>) => {
    const hit = cache.get(name);
    if (hit && Date.now() - hit.at < cacheMs) return hit.up;
    const up = withTimeout(check().catch(() => false), timeoutMs, false);
    cache.set(name, { at: Date.now(), up });
    return up;
  };

  router.get('/v1/health', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    const names = Object.keys(opts.checks);
    const results = await Promise.all(names.map((n) => probe(n, opts.checks[n]!)));
    const components = Object.fromEntries(names.map((n, i) => [n, { status: results[i] ? 'UP' : 'DOWN' }]));
    const errors: ErrorRecord[] = [];
    if (opts.maintenance) {
      errors.push({ code: 'MAINTENANCE', message: 'The service is down for planned maintenance.', severity: 'ERROR' });
    }
    names.forEach((n, i) => {
      if (!results[i]) errors.push({ code: 'DEPENDENCY_DOWN', message: `${n} is not reachable.`, severity: 'ERROR' });
    });
    if (errors.length) {
      ctx.status = 503;
      ctx.set('Retry-After', '30');
      ctx.body = { ...errorBody(errors), status: opts.maintenance ? 'MAINTENANCE' : 'DOWN', projectVersion: opts.projectVersion, components };
      return;
    }
    ctx.body = { status: 'UP', projectVersion: opts.projectVersion, components };
  });
}
