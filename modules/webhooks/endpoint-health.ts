import type { AttemptRecord, DeliveryDoc } from './delivery.model.js';

/**
 * Whether an endpoint works now, judged by its newest attempt in the window: a run of
 * failures up to now is FAILING (since the first of the run), an acknowledged newest
 * attempt is HEALTHY however many failed before it (a recovered endpoint is healthy; the
 * day's success rate still shows the trouble).
 */
export type EndpointStatus = 'HEALTHY' | 'FAILING';

/** One endpoint's health over a window: what the partner portal's webhooks page shows. */
export interface EndpointHealth {
  url: string;
  /** undefined: no attempt in the window */
  status?: EndpointStatus;
  /** FAILING: the first failed attempt of the run of failures that reaches now */
  failingSince?: Date;
  /** HEALTHY after failures in the window: the first acknowledged attempt after the last failure */
  recoveredAt?: Date;
  deliveries: number;
  delivered: number;
  failing: number;
  deadLettered: number;
  /** acknowledged attempts / all attempts in the window, 0..1 (undefined: none made) */
  successRate?: number;
  latencyP50Ms?: number;
  latencyP95Ms?: number;
  lastFailure?: { at: Date; outcome: string; statusCode?: number; error?: string };
}

/** The lowest delivery id of notifications created at `at` or later (UUIDv7: 48 bits of milliseconds first). */
export function lowestIdAt(at: Date): string {
  const h = Math.max(0, at.getTime()).toString(16).padStart(12, '0');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-0000-0000-000000000000`;
}

function percentile(sorted: number[], p: number): number | undefined {
  if (!sorted.length) return undefined;
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
}

/** The endpoint's status from its attempts, newest first. */
function streakOf(newestFirst: AttemptRecord[]): Pick<EndpointHealth, 'status' | 'failingSince' | 'recoveredAt'> {
  const [newest] = newestFirst;
  if (!newest) return {};
  const ok = (a: AttemptRecord) => a.outcome === 'ACKNOWLEDGED';
  const end = newestFirst.findIndex((a) => ok(a) !== ok(newest));
  const run = end === -1 ? newestFirst : newestFirst.slice(0, end);
  const first = run[run.length - 1]!.startedAt;
  if (!ok(newest)) return { status: 'FAILING', failingSince: first };
  return { status: 'HEALTHY', ...(end === -1 ? {} : { recoveredAt: first }) };
}

/** Health per endpoint from its deliveries' attempts made since `since` (pure; tested beside). */
export function endpointHealth(docs: Array<Pick<DeliveryDoc, 'url' | 'state' | 'attempts'>>, since: Date): EndpointHealth[] {
  const by = new Map<string, Array<Pick<DeliveryDoc, 'url' | 'state' | 'attempts'>>>();
  for (const d of docs) {
    const list = by.get(d.url);
    if (list) list.push(d);
    else by.set(d.url, [d]);
  }
  return [...by.entries()]
    .map(([url, list]) => {
      const attempts = list.flatMap((d) => Object.values(d.attempts)).filter((a) => a.startedAt >= since);
      const ok = attempts.filter((a) => a.outcome === 'ACKNOWLEDGED');
      const latencies = ok.map((a) => a.durationMs).sort((a, b) => a - b);
      const newestFirst = [...attempts].sort((a, b) => b.startedAt.getTime() - a.startedAt.getTime());
      const failure = newestFirst.find((a) => a.outcome !== 'ACKNOWLEDGED');
      return {
        url,
        ...streakOf(newestFirst),
        deliveries: list.length,
        delivered: list.filter((d) => d.state === 'DELIVERED').length,
        failing: list.filter((d) => d.state === 'RETRY_SCHEDULED').length,
        deadLettered: list.filter((d) => d.state === 'DEAD_LETTERED').length,
        ...(attempts.length ? { successRate: ok.length / attempts.length } : {}),
        ...(latencies.length ? { latencyP50Ms: percentile(latencies, 0.5), latencyP95Ms: percentile(latencies, 0.95) } : {}),
        ...(failure
          ? {
              lastFailure: {
                at: failure.startedAt,
                outcome: failure.outcome,
                ...(failure.statusCode !== undefined ? { statusCode: failure.statusCode } : {}),
                ...(failure.error ? { error: failure.error } : {}),
              },
            }
          : {}),
      };
    })
    .sort((a, b) => b.deliveries - a.deliveries);
}
