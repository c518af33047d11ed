import { backfillLines as backfill } from '../../../modules/payments/index.js';
import type { Verb } from '../../verb.js';

export const backfillLines: Verb = {
  group: 'ledger',
  name: 'backfill-lines',
  summary: 'writes the payment line of every ledger record made before lines existed (idempotent)',
  usage: '',
  details:
    'Prints {ledgers, lines}: ledgers read, lines written. The lines are open, so the next\nsettlement of each partner takes them; run again, it writes nothing.',
  options: {},
  run: async (ctx) => backfill(ctx.db),
};
