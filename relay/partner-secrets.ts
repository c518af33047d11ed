import type { Clock } from '../platform/clock.js';
import type { Db } from 'mongodb';
import type { SecretBox } from '../platform/secret-box.js';
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
  /** at start: throws, naming the setting, when the secrets at rest do not open with the configured master key */
  verifyMasterKey?(): Promise<void>;
}

/** Builds the port from the process's store connection (the relay opens its own). */
export type PartnerSecretsFactory = (db: Db, secrets: SecretBox) => PartnerSecrets;

export type SecretSource = (partnerId: string) => Promise<string[]>;

/** A notification's body in the shape of the partner's pinned API version. */
export type BodyShaper = (partnerId: string, kind: string, body: unknown) => Promise<unknown>;

/**
 * A partner's record read at most once per `ttlMs` per partner, so a burst of notifications
 * costs one read. Concurrent misses share one read; a failed read is not cached.
 */
function perPartner<T>(read: (partnerId: string) => Promise<T>, ttlMs: number, clock: Clock): (partnerId: string) => Promise<T> {
  const cache = new Map<string, { at: number; value: Promise<T> }>();
  return (partnerId) => {
    const now = clock.now().getTime();
    const hit = cache.get(partnerId);
    if (hit && now - hit.at < ttlMs) return hit.value;
    if (cache.size > 50_000) cache.clear();
    const value = read(partnerId);
    cache.set(partnerId, { at: now, value });
    value.catch(() => {
      if (cache.get(partnerId)?.value === value) cache.delete(partnerId);
    });
    return value;
  };
}

/**
 * Webhook bodies follow the partner's pinned version, as its API answers do: the relay
 * reshapes the current body at send time (a partner that changes its pin gets the new
 * shape from the next attempt on), with the pin cached like the secrets.
 */
export function versionedBodies(partners: PartnerSecrets, versions: ApiVersions, clock: Clock, ttlMs = 10_000): BodyShaper {
  if (!partners.apiVersion) return async (_partnerId, _kind, body) => body;
  const pinOf = perPartner(partners.apiVersion.bind(partners), ttlMs, clock);
  return async (partnerId, kind, body) => {
    const version = (await pinOf(partnerId)) ?? versions.current;
    return versions.known(version) ? versions.notification(version, kind, body) : body;
  };
}

/**
 * The partner's live signing secrets, cached for a few seconds. A short TTL is safe for
 * rotation: a rotated-out secret keeps signing until it expires, so a secret added a few
 * seconds ago can wait for the next refresh.
 */
export function cachedSecrets(partners: PartnerSecrets, clock: Clock, ttlMs = 10_000): SecretSource {
  return perPartner((partnerId) => partners.webhookSecrets(partnerId), ttlMs, clock);
}
