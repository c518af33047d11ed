import { orderTotals } from '../../../modules/applications/index.js';
import { checkLedger } from '../../../modules/payments/index.js';
import type { Verb } from '../../verb.js';

/**
 * The integrity check of the money at rest. Exits non-zero (the program's failure exit) when
 * it finds a problem, so a cron job or a drill can act on its status alone.
 */
export const check: Verb = {
  group: 'ledger',
  name: 'check',
  summary: 'checks every payment line and settlement: a line settled twice, totals that do not follow from their lines, payouts above what a customer owes',
  usage: '[--max N]',
  details: [
    'Reads the store (changes nothing) and prints {ok, counted, problems, warnings}.',
    'Problems: LINE_IN_TWO_SETTLEMENTS, LISTED_LINE_MISSING, LINE_NAMES_OTHER_SETTLEMENT,',
    'TOTALS_DO_NOT_FOLLOW, CHAIN_BROKEN, LINE_AFTER_CUTOFF, PAID_MORE_THAN_OWED; any one',
    'makes it exit 1. Warnings (UNFINISHED: a settlement written by a close that is still',
    'running or crashed; its next close finishes it) do not. --max limits how many of each',
    'are printed (default 100); the counts are always whole.',
  ].join('\n'),
  options: { max: { type: 'string' } },
  readOnly: true,
  run: async (ctx, values) => {
    const max = Number(values.max ?? 100);
    const report = await checkLedger(ctx.db, orderTotals(ctx.db));
    const ok = report.problems.length === 0;
    const answer = {
      ok,
      counted: report.counted,
      problemCount: report.problems.length,
      warningCount: report.warnings.length,
      problems: report.problems.slice(0, max),
      warnings: report.warnings.slice(0, max),
    };
    return answer;
  },
  exitCodeOf: (answer) => ((answer as { ok: boolean }).ok ? 0 : 1),
};
