import { need, type Verb } from '../../verb.js';
import { USERNAME, partnerAdmin } from './partner-ops.js';

export const disable: Verb = {
  group: 'partners',
  name: 'disable',
  summary: 'login refused and every token of the partner revoked (enable undoes it)',
  usage: '--username U',
  options: { ...USERNAME },
  run: async (ctx, values) => (await partnerAdmin(ctx)).disable(need(values, 'username')),
};
