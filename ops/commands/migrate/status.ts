import { migrationStatus } from '../../../platform/migrations.js';
import type { Verb } from '../../verb.js';
import { ALL_MIGRATIONS } from './steps.js';

export const status: Verb = {
  group: 'migrate',
  name: 'status',
  summary: 'lists every migration step with when it was applied; exits 1 while any is pending',
  usage: '',
  details: 'Reads the store (changes nothing) and prints {pending, steps: [{id, description, appliedAt?}]}.',
  options: {},
  readOnly: true,
  run: async (ctx) => {
    const steps = await migrationStatus(ctx.db, ALL_MIGRATIONS);
    return { pending: steps.filter((s) => !s.appliedAt).map((s) => s.id), steps };
  },
  exitCodeOf: (answer) => ((answer as { pending: string[] }).pending.length ? 1 : 0),
};
