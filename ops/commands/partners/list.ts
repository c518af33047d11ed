import type { Verb } from '../../verb.js';
import { partnerAdmin } from './partner-ops.js';

export const list: Verb = {
  group: 'partners',
  name: 'list',
  summary: 'every partner, without secrets',
  usage: '',
  options: {},
  readOnly: true,
  run: async (ctx) => (await partnerAdmin(ctx)).list(),
};
