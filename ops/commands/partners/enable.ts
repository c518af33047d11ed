import { need, type Verb } from '../../verb.js';
import { USERNAME, partnerAdmin } from './partner-ops.js';

export const enable: Verb = {
  group: 'partners',
  name: 'enable',
  summary: 'the partner may log in again',
  usage: '--username U',
  options: { ...USERNAME },
  run: async (ctx, values) => (await partnerAdmin(ctx)).enable(need(values, 'username')),
};
