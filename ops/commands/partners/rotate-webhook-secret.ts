import { parseDuration } from '../../../platform/duration.js';
import { UsageError, need, optional, type Verb } from '../../verb.js';
import { USERNAME, partnerAdmin } from './partner-ops.js';

export const rotateWebhookSecret: Verb = {
  group: 'partners',
  name: 'rotate-webhook-secret',
  summary: 'a new webhook secret leads; the old ones keep signing beside it until the grace ends',
  usage: '--username U [--grace 24h]',
  options: { ...USERNAME, grace: { type: 'string' } },
  run: async (ctx, values) => {
    let graceMs: number;
    try {
      graceMs = parseDuration(optional(values, 'grace') ?? '24h');
    } catch {
      throw new UsageError('--grace must be a duration like 0s, 30m or 24h');
    }
    return (await partnerAdmin(ctx)).rotateWebhookSecret(need(values, 'username'), graceMs);
  },
};
