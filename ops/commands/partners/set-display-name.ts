import { need, type Verb } from '../../verb.js';
import { USERNAME, partnerAdmin } from './partner-ops.js';

export const setDisplayName: Verb = {
  group: 'partners',
  name: 'set-display-name',
  summary: "the shop's name as customers see it (the gateway page, the portal)",
  usage: '--username U --display-name N',
  options: { ...USERNAME, 'display-name': { type: 'string' } },
  run: async (ctx, values) => (await partnerAdmin(ctx)).setDisplayName(need(values, 'username'), need(values, 'display-name')),
};
