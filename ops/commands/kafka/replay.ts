import { replayDeadLetters } from '../../../platform/dead-letters.js';
import { destructively, DESTRUCTIVE_HELP, DESTRUCTIVE_USAGE } from '../../confirm.js';
import { UsageError, type Verb } from '../../verb.js';
import { CHOOSE_OPTIONS, CHOOSE_USAGE, chosenDeadLetters, listed } from './dead-letter-options.js';

/**
 * Puts chosen dead letters back on their source topics once their cause is fixed. The same
 * message id goes back, so a consumer that has handled it since drops it, and replaying the
 * same dead letter twice has one effect.
 */
export const replay: Verb = {
  group: 'kafka',
  name: 'replay',
  summary: 'puts chosen dead letters back on their source topics (same message id: applied once)',
  usage: `${CHOOSE_USAGE} ${DESTRUCTIVE_USAGE}`,
  details: [
    'Choose as for `kafka dead-letters` (at least one of --id, --source, --since, --until).',
    'Each goes back with its key, value and message id, marked replayed-from its place in the',
    'dead-letter topic; consumers drop a message id they have handled. Fix the cause first',
    '(docs/runbook.md, MessagesDeadLettered), or the message is dead-lettered again.',
    DESTRUCTIVE_HELP,
  ].join('\n'),
  options: CHOOSE_OPTIONS,
  needs: 'runtime',
  destructive: true,
  run: async (ctx, values) => {
    const v = values as Record<string, unknown>;
    if (!(v.id as string[] | undefined)?.length && !v.source && !v.since && !v.until) {
      throw new UsageError('choose what to replay: --id, --source, --since or --until (the whole topic is never replayed by default)');
    }
    const chosen = await chosenDeadLetters(ctx, values);
    const now = ctx.clock.now();
    return destructively(ctx, 'kafka replay', values, {
      plan: async () => ({ wouldReplay: chosen.length, deadLetters: chosen.map((d) => listed(d, now)) }),
      apply: async () => {
        const { replayed, skipped } = await replayDeadLetters(ctx.runtime!.producer, chosen, now);
        return { replayed: replayed.map((d) => d.id), skippedWithoutSource: skipped.map((d) => d.id) };
      },
    });
  },
};
