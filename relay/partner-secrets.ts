import type { PartnerDirectory } from '../modules/auth/index.js';

export type SecretSource = (partnerId: string) => Promise<string[]>;

/**
 * The partner's live signing secrets, cached for a few seconds so a burst of notifications
 * costs one read. A short TTL is safe for rotation: a rotated-out secret keeps signing
 * until it expires, so a secret added a few seconds ago can wait for the next refresh.
 * Concurrent misses share one read; a failed read is not cached.
 */
export function cachedSecrets(directory: PartnerDirectory, ttlMs = 10_000): SecretSource {
  const cache = new Map<string, { at: number; secrets: Promise<string[]> }>();
  return (partnerId) => {
    const now = Date.now();
    const hit = cache.get(partnerId);
    if (hit && now - hit.at < ttlMs) return hit.secrets;
    if (cache.size > 50_000) cache.clear();
    const secrets = directory.webhookSecrets(partnerId);
    cache.set(partnerId, { at: now, secrets });
    secrets.catch(() => { if (cache.get(partnerId)?.secrets === secrets) cache.delete(partnerId); });
    return secrets;
  };
}
