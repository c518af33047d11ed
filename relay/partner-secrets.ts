import type { Db } from 'mongodb';

/**
 * What the relay needs to know of partners: the secrets that sign a partner's webhooks,
 * newest first (rotated ones until they expire). The relay's composition root (main.ts)
 * supplies it from the partners' owner, so the relay itself knows no domain module.
 */
export interface PartnerSecrets {
  webhookSecrets(partnerId: string): Promise<string[]>;
}

/** Builds the port from the process's store connection (the relay opens its own). */
export type PartnerSecretsFactory = (db: Db) => PartnerSecrets;

export type SecretSource = (partnerId: string) => Promise<string[]>;

/**
 * The partner's live signing secrets, cached for a few seconds so a burst of notifications
 * costs one read. A short TTL is safe for rotation: a rotated-out secret keeps signing
 * until it expires, so a secret added a few seconds ago can wait for the next refresh.
 * Concurrent misses share one read; a failed read is not cached.
 */
export function cachedSecrets(partners: PartnerSecrets, ttlMs = 10_000): SecretSource {
  const cache = new Map<string, { at: number; secrets: Promise<string[]> }>();
  return (partnerId) => {
    const now = Date.now();
    const hit = cache.get(partnerId);
    if (hit && now - hit.at < ttlMs) return hit.secrets;
    if (cache.size > 50_000) cache.clear();
    const secrets = partners.webhookSecrets(partnerId);
    cache.set(partnerId, { at: now, secrets });
    secrets.catch(() => { if (cache.get(partnerId)?.secrets === secrets) cache.delete(partnerId); });
    return secrets;
  };
}
