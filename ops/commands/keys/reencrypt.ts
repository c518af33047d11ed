import { createPartnerOperations } from '../../../modules/auth/index.js';
import type { Verb } from '../../verb.js';

/** A master key rotation's second step: every secret at rest sealed under MASTER_KEY_FILE. */
export const reencrypt: Verb = {
  group: 'keys',
  name: 'reencrypt',
  summary: 'seals every secret at rest again under MASTER_KEY_FILE (a master key rotation); safe while the service runs',
  usage: '',
  details: [
    'Rotation: 1. give every instance the new key as MASTER_KEY_FILE and the old one in',
    'MASTER_KEY_PREVIOUS_FILES (both open, the new one seals); 2. run this with the same settings;',
    '3. drop MASTER_KEY_PREVIOUS_FILES. Prints {partners, signingKeys, masterKeyId}: the records',
    "moved and the new key's id. Each partner's secrets move in one write guarded by what it",
    'read, so a webhook secret rotated meanwhile is not lost; run it again until it moves 0.',
  ].join('\n'),
  options: {},
  run: async (ctx) => (await createPartnerOperations(ctx)).resealSecrets(),
};
