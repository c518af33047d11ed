import { INBOX_RETENTION_MS } from '../../../platform/consumer.js';
import { journalEntries, republish } from '../../../platform/reconcile.js';
import { destructively, DESTRUCTIVE_HELP, DESTRUCTIVE_USAGE } from '../../confirm.js';
import { need, optional, UsageError, type Values, type Verb } from '../../verb.js';

function time(values: Values, name: string, fallback?: Date): Date {
  const v = name === 'since' ? need(values, name) : optional(values, name);
  if (v === undefined) return fallback!;
  const d = new Date(v);
  if (Number.isNaN(d.getTime())) throw new UsageError(`--${name} must be an ISO 8601 time, e.g. 2026-11-28T10:00:00Z`);
  return d;
}

const RETENTION_DAYS = INBOX_RETENTION_MS / 86_400_000;

/**
 * Rebuilds Kafka from the database for a time window (platform/reconcile.ts): after the
 * cluster lost its data, or came back older than the store, or the store was restored from
 * a backup. Bounded by the consumers' inbox retention: a message older than that could be
 * applied a second time, since no inbox remembers its id any more.
 */
export const reconcile: Verb = {
  group: 'kafka',
  name: 'reconcile',
  summary: "re-publishes the outbox entries the documents' journals hold for a window (same ids: consumers and the relay drop what they handled)",
  usage: `--since ISO_TIME [--until ISO_TIME] ${DESTRUCTIVE_USAGE}`,
  details: [
    'Reads every collection for documents whose journal (the last 100 outbox entries each',
    'document wrote) has entries made in [--since, --until) (--until: now), and sends them',
    'again, oldest first, with their own message ids, keys and headers. Consumers drop an id',
    'their inbox holds and the relay a delivery it recorded, so nothing takes effect twice.',
    `--since may go back at most ${RETENTION_DAYS} days (the inbox retention). The dry run prints`,
    'the counts by collection and topic, and journalsCutShort: documents whose journal no',
    'longer reaches back to --since (their older entries cannot be sent from it).',
    'docs/runbook.md, "Kafka lost or behind the database".',
    DESTRUCTIVE_HELP,
  ].join('\n'),
  options: { since: { type: 'string' }, until: { type: 'string' } },
  needs: 'runtime',
  destructive: true,
  run: async (ctx, values) => {
    const now = ctx.clock.now();
    const since = time(values, 'since');
    const until = time(values, 'until', now);
    if (until <= since) throw new UsageError('--until must be after --since');
    if (since.getTime() < now.getTime() - INBOX_RETENTION_MS) {
      throw new UsageError(
        `--since is more than ${RETENTION_DAYS} days ago: consumers forget handled message ids after ${RETENTION_DAYS} days, so older messages could take effect twice; reconcile a window within the last ${RETENTION_DAYS} days`,
      );
    }
    const found = await journalEntries(ctx.db, { since, until });
    return destructively(ctx, 'kafka reconcile', values, {
      plan: async () => found.plan,
      apply: async () => ({ ...found.plan, republished: await republish(ctx.runtime!.producer, ctx.runtime!.topics, found.entries) }),
    });
  },
};
