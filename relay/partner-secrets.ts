import type { Db } from 'mongodb';
import type { ApiVersions } from '../platform/api-versions/api-versions.js';

/**
 * What the relay needs to know of partners: the secrets that sign a partner's webhooks,
 * newest first (rotated ones until they expire). The relay's composition root (main.ts)
 * supplies it from the partners' owner, so the relay itself knows no domain module.
 */
export interface PartnerSecrets {
  webhookSecrets(partnerId: string): Promise<string[]>;
  /** the API version the partner is pinned to (absent: the current one) */
  apiVersion?(partnerId: string): Promise<string | undefined>;
}

/** Builds the port from the process's store connection (the relay opens its own). */
export type PartnerSecretsFactory = (db: Db) => PartnerSecrets;

export type SecretSource = (partnerId: string) => Promise<string[]>;

/** A notification's body in the shape of the partner's pinned API version. */
export type BodyShaper = (partnerId: string, kind: string, body: unknown) => Promise<unknown>;

/**
 * Webhook bodies follow the partner's pinned version, as its API answers do: the relay
 * reshapes the current body at send time (a partner that changes its pin gets the new
 * shape from the next attempt on), with the pin cached like the secrets.
 */
export function versionedBodies(partners: PartnerSecrets, versions: ApiVersions, ttlMs = 10_000): BodyShaper {
  const cache = new Map<string, { at: number; version: Promise<string | undefined> }>();
  return async (partnerId, kind, body) => {
    if (!partners.apiVersion) return body;
    const now = Date.now();
    let hit = cache.get(partnerId);
    if (!hit || now - hit.at >= ttlMs) {
      if (cache.size > 50_000) cache.clear();
      hit = { at: now, version: partners.apiVersion(partnerId) };
      cache.set(partnerId, hit);
      const mine = hit.version;
      mine.catch(() => { if (cache.get(partnerId)?.version === mine) cache.delete(partnerId); });
    }
    const version = (await hit.version) ?? versions.current;
    return versions.known(version) ? versions.notification(version, kind, body) : body;
  };
}

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
