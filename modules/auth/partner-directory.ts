import type { Db } from 'mongodb';
import { AuthRepository } from './auth.repository.js';

/**
 * Read-only view of partners for other processes (the webhook relay signs with the
 * partner's secrets) without the login machinery.
 */
export interface PartnerDirectory {
  /** secrets that sign the partner's webhooks: newest first, rotated ones until they expire */
  webhookSecrets(partnerId: string): Promise<string[]>;
  exists(partnerId: string): Promise<boolean>;
}

export function createPartnerDirectory(db: Db): PartnerDirectory {
  const repo = new AuthRepository(db);
  return {
    webhookSecrets: async (partnerId) => {
      const p = await repo.findById(partnerId);
      const now = new Date();
      return (p?.webhookSecrets ?? []).filter((s) => !s.expiresAt || s.expiresAt > now).map((s) => s.secret);
    },
    exists: async (partnerId) => Boolean(await repo.partners.findOne({ _id: partnerId }, { projection: { _id: 1 } })),
  };
}
