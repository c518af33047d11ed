import { createFirstOwner } from '../../../modules/portal/index.js';
import { need, type Verb } from '../../verb.js';
import { USERNAME, partnerAdmin } from './partner-ops.js';

export const portalOwner: Verb = {
  group: 'partners',
  name: 'portal-owner',
  summary: "the partner portal's first owner of a partner: prints a one-time setup link",
  usage: '--username U --email E --name N',
  details: 'The link names PUBLIC_BASE_URL and lasts PORTAL_SETUP_LINK_TTL, as the API reads them.',
  options: { ...USERNAME, email: { type: 'string' }, name: { type: 'string' } },
  run: async (ctx, values) => {
    const partner = await (await partnerAdmin(ctx)).get(need(values, 'username'));
    const store = { db: ctx.db, clock: ctx.clock, publicBaseUrl: ctx.config.http.publicBaseUrl, setupLinkTtlMs: ctx.config.portal.setupLinkTtlMs };
    return createFirstOwner(store, { id: partner.id, name: partner.username }, { email: need(values, 'email'), name: need(values, 'name') });
  },
};
