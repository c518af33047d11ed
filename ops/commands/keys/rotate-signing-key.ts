import { createPartnerOperations } from '../../../modules/auth/index.js';
import type { Verb } from '../../verb.js';

export const rotateSigningKey: Verb = {
  group: 'keys',
  name: 'rotate-signing-key',
  summary: 'a new key signs the access tokens; older keys verify what they signed until it expires',
  usage: '',
  details: 'Prints the new kid, the keys retired and the keys deleted (retired longer ago than a token lives).',
  options: {},
  run: async (ctx) => (await createPartnerOperations(ctx)).rotateSigningKey(),
};
