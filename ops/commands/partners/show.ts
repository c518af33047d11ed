import { need, type Verb } from '../../verb.js';
import { USERNAME, partnerAdmin } from './partner-ops.js';

export const show: Verb = {
  group: 'partners',
  name: 'show',
  summary: 'one partner, without its secrets',
  usage: '--username U',
  options: { ...USERNAME },
  readOnly: true,
  run: async (ctx, values) => (await partnerAdmin(ctx)).get(need(values, 'username')),
};
