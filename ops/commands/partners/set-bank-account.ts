import { need, type Verb } from '../../verb.js';
import { USERNAME, partnerAdmin } from './partner-ops.js';

export const setBankAccount: Verb = {
  group: 'partners',
  name: 'set-bank-account',
  summary: "where the partner's settlements are paid",
  usage: '--username U --account ACCOUNT',
  details: 'ACCOUNT: a Czech account number ([prefix-]number/bank code, checksums checked) or an IBAN.',
  options: { ...USERNAME, account: { type: 'string' } },
  run: async (ctx, values) => (await partnerAdmin(ctx)).setBankAccount(need(values, 'username'), need(values, 'account')),
};
