import type { Db } from 'mongodb';
import type { SecretBox } from '../../platform/secret-box.js';
import { systemClock, type Clock } from '../../platform/clock.js';
import { asStoreError } from '../../platform/mongo.js';
import { MongoAuthRepository, type AuthRepository } from './auth.repository.js';
import { liveWebhookSecrets } from './partner.model.js';
import type { BankAccount } from './bank-account.js';

/**
 * Read-only view of partners for other processes (the webhook relay signs with the
 * partner's secrets) without the login machinery.
 */
export interface PartnerDirectory {
  /** secrets that sign the partner's webhooks: newest first, rotated ones until they expire */
  webhookSecrets(partnerId: string): Promise<string[]>;
  /** the API version the partner is pinned to (absent: the current one) */
  apiVersion(partnerId: string): Promise<string | undefined>;
  exists(partnerId: string): Promise<boolean>;
  /** where the partner's settlements are paid, when it has set an account */
  bankAccount(partnerId: string): Promise<BankAccount | undefined>;
  /** opens the sealed signing keys: throws, naming MASTER_KEY_FILE, when the master key is not theirs */
  verifyMasterKey(): Promise<void>;
}

/** The directory over the store; the relay's composition root hands it the store. */
export function createPartnerDirectory(db: Db, secrets: SecretBox, clock: Clock = systemClock): PartnerDirectory {
  return partnerDirectoryOver(new MongoAuthRepository(db, secrets), clock);
}

/** The store's errors reach the directory's users as the platform's StoreUnavailable. */
export function partnerDirectoryOver(repo: AuthRepository, clock: Clock): PartnerDirectory {
  const find = (partnerId: string) => repo.findById(partnerId).catch(asStoreError);
  return {
    webhookSecrets: async (partnerId) => {
      const p = await find(partnerId);
      return p ? liveWebhookSecrets(p, clock.now()).map((s) => s.secret) : [];
    },
    apiVersion: async (partnerId) => (await find(partnerId))?.apiVersion,
    exists: (partnerId) => repo.exists(partnerId).catch(asStoreError),
    bankAccount: async (partnerId) => (await find(partnerId))?.bankAccount,
    verifyMasterKey: async () => {
      await repo.signingKeys();
    },
  };
}
