import type { Db } from 'mongodb';
import type { SecretBox } from '../../platform/secret-box.js';
import type { Clock } from '../../platform/clock.js';
import { MongoAuthRepository } from './auth.repository.js';
import { PartnerAdmin } from './partner-admin.js';
import { rotateSigningKey } from './tokens.js';

/** What the operators' program does to partners and to the token signing keys. */
export interface PartnerOperations {
  admin: PartnerAdmin;
  /** a new signing key; older ones retired, keys retired longer than a token lives deleted */
  rotateSigningKey(): Promise<{ kid: string; retired: string[]; pruned: string[] }>;
  /** every secret sealed again under the current master key (a master key rotation) */
  resealSecrets(): Promise<{ partners: number; signingKeys: number; masterKeyId: string }>;
}

/**
 * Partner administration for a process that serves no requests (the operators' program):
 * the same use cases the API's auth module holds, without its login machinery. A change
 * reaches the API instances through the store, within AUTH_CACHE_TTL.
 */
export async function createPartnerOperations(platform: { db: Db; clock: Clock; secrets: SecretBox }): Promise<PartnerOperations> {
  const repo = new MongoAuthRepository(platform.db, platform.secrets);
  return {
    admin: new PartnerAdmin(repo, platform.clock),
    rotateSigningKey: () => rotateSigningKey(repo, platform.clock.now()),
    resealSecrets: async () => ({ ...(await repo.reseal()), masterKeyId: platform.secrets.currentKeyId }),
  };
}
