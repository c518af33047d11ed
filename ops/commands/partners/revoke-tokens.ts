import { optional, type Verb } from '../../verb.js';
import { USERNAME, partnerAdmin } from './partner-ops.js';

export const revokeTokens: Verb = {
  group: 'partners',
  name: 'revoke-tokens',
  summary: 'every token of one partner, or of all partners (after a key leak); they log in again',
  usage: '[--username U]',
  options: { ...USERNAME },
  run: async (ctx, values) => (await partnerAdmin(ctx)).revokeTokens(optional(values, 'username')),
};
