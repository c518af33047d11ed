import { need, type Verb } from '../../verb.js';
import { USERNAME, partnerAdmin } from './partner-ops.js';

export const setApiVersion: Verb = {
  group: 'partners',
  name: 'set-api-version',
  summary: 'pin the partner to an API version (docs/api-versions.md)',
  usage: '--username U --api-version V',
  options: { ...USERNAME, 'api-version': { type: 'string' } },
  run: async (ctx, values) => (await partnerAdmin(ctx)).setApiVersion(need(values, 'username'), need(values, 'api-version')),
};
