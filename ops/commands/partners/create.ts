import { UsageError, need, optional, type Verb } from '../../verb.js';
import { PASSWORD, PASSWORD_USAGE, USERNAME, partnerAdmin, password } from './partner-ops.js';

export const create: Verb = {
  group: 'partners',
  name: 'create',
  summary: 'a new partner: prints its id and its first webhook secret',
  usage: `--username U ${PASSWORD_USAGE} [--payout-trigger SENT|DELIVERED] [--fee-bps N] [--api-version V] [--display-name N]`,
  details: 'Defaults: payout trigger DELIVERED, fee 0 basis points, the current API version.',
  options: {
    ...USERNAME,
    ...PASSWORD,
    'payout-trigger': { type: 'string' },
    'fee-bps': { type: 'string' },
    'api-version': { type: 'string' },
    'display-name': { type: 'string' },
  },
  run: async (ctx, values) => {
    const trigger = optional(values, 'payout-trigger') ?? 'DELIVERED';
    if (trigger !== 'SENT' && trigger !== 'DELIVERED') throw new UsageError('--payout-trigger must be SENT or DELIVERED');
    const feeText = optional(values, 'fee-bps') ?? '0';
    if (!/^\d{1,5}$/.test(feeText)) throw new UsageError('--fee-bps must be an integer from 0 to 10000');
    const apiVersion = optional(values, 'api-version');
    const displayName = optional(values, 'display-name');
    const username = need(values, 'username');
    return (await partnerAdmin(ctx)).create({
      username,
      password: await password(ctx, values),
      payoutTrigger: trigger,
      feeBps: Number(feeText),
      ...(apiVersion ? { apiVersion } : {}),
      ...(displayName !== undefined ? { displayName } : {}),
    });
  },
};
