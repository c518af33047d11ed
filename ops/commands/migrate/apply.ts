import { applyMigrations } from '../../../platform/migrations.js';
import { UsageError, type Verb } from '../../verb.js';
import { ALL_MIGRATIONS } from './steps.js';

export const apply: Verb = {
  group: 'migrate',
  name: 'apply',
  summary: "applies the store's pending migrations in order, under the store-wide lease (the deploy's migration Job)",
  usage: '[--wait DURATION]',
  details: [
    'Prints {applied, pending}: the steps this run applied, and what is still missing (empty',
    'on success). Runners started together queue on the lease and apply each step once; a',
    'step that fails stays unrecorded and the next run does it again (every step is safe to',
    'repeat). --wait: how long to wait for another runner holding the lease (default 10m).',
    'Adds indexes and fills in data; never drops anything.',
  ].join('\n'),
  options: { wait: { type: 'string' } },
  run: async (ctx, values) => {
    const waitMs = values.wait ? parseWait(String(values.wait)) : undefined;
    const { applied } = await applyMigrations(ctx.db, ALL_MIGRATIONS, {
      ...(waitMs !== undefined ? { waitMs } : {}),
      onStep: (id, durationMs) => ctx.logger.info({ id, durationMs }, 'migration applied'),
    });
    return { applied, pending: [] };
  },
};

function parseWait(text: string): number {
  const m = /^(\d+)(ms|s|m)$/.exec(text);
  if (!m) throw new UsageError(`--wait takes a duration such as 30s or 10m, not ${text}`);
  return Number(m[1]) * { ms: 1, s: 1000, m: 60_000 }[m[2] as 'ms' | 's' | 'm'];
}
