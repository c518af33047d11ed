import type { Verb } from '../../verb.js';
import { CHOOSE_OPTIONS, CHOOSE_USAGE, chosenDeadLetters, listed } from './dead-letter-options.js';

/** What sits in the dead-letter topic: each message's id, source, reason and age (never its value). */
export const deadLetters: Verb = {
  group: 'kafka',
  name: 'dead-letters',
  summary: 'lists the dead-lettered messages: id, source topic and group, reason, age',
  usage: CHOOSE_USAGE,
  details: [
    "Reads the service's dead-letter topic from its beginning (a reader group of its own that",
    'commits nothing, deleted after) and prints {count, deadLetters}. The values are not',
    'printed: they may hold personal data. Choose with --id (repeatable), --source (a topic,',
    'with or without KAFKA_TOPIC_PREFIX), --since and --until (when it was given up).',
  ].join('\n'),
  options: CHOOSE_OPTIONS,
  readOnly: true,
  needs: 'runtime',
  run: async (ctx, values) => {
    const chosen = await chosenDeadLetters(ctx, values);
    const now = ctx.clock.now();
    return { count: chosen.length, deadLetters: chosen.map((d) => listed(d, now)) };
  },
};
