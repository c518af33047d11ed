import type { ParseArgsOptionsConfig } from 'node:util';
import { readDeadLetters, selectDeadLetters, type DeadLetter } from '../../../platform/dead-letters.js';
import { TOPICS } from '../../../platform/kafka.js';
import { UsageError, optional, type Values, type VerbContext } from '../../verb.js';

/** How both dead-letter verbs choose: by message id (repeatable), source topic, time given up. */
export const CHOOSE_OPTIONS: ParseArgsOptionsConfig = {
  id: { type: 'string', multiple: true },
  source: { type: 'string' },
  since: { type: 'string' },
  until: { type: 'string' },
};
export const CHOOSE_USAGE = '[--id MESSAGE_ID]... [--source TOPIC] [--since ISO_TIME] [--until ISO_TIME]';

function time(values: Values, name: string): Date | undefined {
  const v = optional(values, name);
  if (v === undefined) return undefined;
  const d = new Date(v);
  if (Number.isNaN(d.getTime())) throw new UsageError(`--${name} must be an ISO 8601 time, e.g. 2026-11-28T10:00:00Z`);
  return d;
}

/** The service's dead-letter topic, read whole, then the operator's choice of it. */
export async function chosenDeadLetters(ctx: VerbContext, values: Values): Promise<DeadLetter[]> {
  const runtime = ctx.runtime!;
  const all = await readDeadLetters(runtime.kafka, runtime.topics.name(TOPICS.deadLetter), { groupPrefix: ctx.config.kafka.topicPrefix });
  const ids = (values as Record<string, unknown>).id as string[] | undefined;
  const source = optional(values, 'source');
  return selectDeadLetters(all, {
    ...(ids?.length ? { ids } : {}),
    ...(source ? { sourceTopic: source.startsWith(ctx.config.kafka.topicPrefix) ? source : runtime.topics.name(source) } : {}),
    ...(time(values, 'since') ? { since: time(values, 'since') } : {}),
    ...(time(values, 'until') ? { until: time(values, 'until') } : {}),
  });
}

/** A dead letter as printed: no value (it may hold personal data), its age. */
export function listed(d: DeadLetter, now: Date) {
  return {
    id: d.id,
    eventType: d.eventType,
    source: d.source,
    reason: d.reason,
    at: d.at.toISOString(),
    ageSeconds: Math.round((now.getTime() - d.at.getTime()) / 1000),
    deadLetterPosition: `${d.partition}@${d.offset}`,
  };
}
