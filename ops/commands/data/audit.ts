import { OpsAudit } from '../../../platform/audit.js';
import { UsageError, optional, type Verb } from '../../verb.js';

/** What operators did: the audit records every changing verb writes (newest first). */
export const audit: Verb = {
  group: 'data',
  name: 'audit',
  summary: 'what operators changed: who, when, which command and options, the reason, how it ended',
  usage: '[--since ISO_TIME] [--command "group verb"] [--limit N]',
  details: [
    'Prints {count, records} newest first (default limit 100). Every verb that changes something',
    'writes a record when it runs (applied, dry-run, refused or failed), with its options (never',
    'a password or secret) and the reason given; reads (list, show, check, dead-letters, audit) do not.',
  ].join('\n'),
  options: { since: { type: 'string' }, command: { type: 'string' }, limit: { type: 'string' } },
  readOnly: true,
  run: async (ctx, values) => {
    const sinceText = optional(values, 'since');
    const since = sinceText ? new Date(sinceText) : undefined;
    if (since && Number.isNaN(since.getTime())) throw new UsageError('--since must be an ISO 8601 time');
    const limit = Number(optional(values, 'limit') ?? 100);
    if (!Number.isInteger(limit) || limit < 1 || limit > 10_000) throw new UsageError('--limit must be 1..10000');
    const command = optional(values, 'command');
    const records = await new OpsAudit(ctx.db).list({ ...(since ? { since } : {}), ...(command ? { command } : {}), limit });
    return { count: records.length, records: records.map((r) => ({ ...r, at: r.at.toISOString() })) };
  },
};
