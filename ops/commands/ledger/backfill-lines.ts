import { backfillLines as backfill } from '../../../modules/payments/index.js';
import type { Verb } from '../../verb.js';

export const backfillLines: Verb = {
  group: 'ledger',
  name: 'backfill-lines',
  summary: 'makes the payment lines follow the ledgers after a restore: missing lines written, unexplained open ones withdrawn',
  usage: '',
  details:
    'Prints {ok, ledgers, lines, withdrawn, settledWithoutRecord}: ledgers read, lines written\nfor records that had none (open, so the next settlement takes them), open lines withdrawn\nbecause no ledger record explains them (a dump taken while the service wrote can hold a\nline without the change that made it), and the ids of such lines a settlement holds or a\nclose has claimed, which are left for a person (exit 1). Run again, it changes nothing.',
  options: {},
  run: async (ctx) => backfill(ctx.db, { withdraw: true }),
  exitCodeOf: (answer) => ((answer as { ok: boolean }).ok ? 0 : 1),
};
