import { need, type Verb } from '../../verb.js';
import { PASSWORD, PASSWORD_USAGE, USERNAME, partnerAdmin, password } from './partner-ops.js';

export const rotatePassword: Verb = {
  group: 'partners',
  name: 'rotate-password',
  summary: 'a new password for the partner; every token it holds is revoked',
  usage: `--username U ${PASSWORD_USAGE}`,
  options: { ...USERNAME, ...PASSWORD },
  run: async (ctx, values) => {
    const username = need(values, 'username');
    return (await partnerAdmin(ctx)).rotatePassword(username, await password(ctx, values));
  },
};
