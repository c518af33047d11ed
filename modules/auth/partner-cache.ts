import type { AuthenticatedPartner } from '../../platform/http/state.js';
import type { PartnerDoc } from './partner.model.js';

/** What the bearer check needs to know about a partner. */
export interface PartnerSnapshot {
  partner: AuthenticatedPartner;
  enabled: boolean;
  tokenGeneration: number;
  revokedTokens: ReadonlySet<string>;
}

interface Entry {
  at: number;
  value: Promise<PartnerSnapshot | undefined>;
}

export function snapshotOf(p: PartnerDoc): PartnerSnapshot {
  return {
    partner: { id: p._id, username: p.username, payoutTrigger: p.payoutTrigger, feeBps: p.feeBps, ...(p.apiVersion ? { apiVersion: p.apiVersion } : {}) },
    enabled: p.enabled,
    tokenGeneration: p.tokenGeneration ?? 0,
    revokedTokens: new Set(Object.keys(p.revokedTokens ?? {})),
  };
}

/**
 * Each instance keeps a partner's record for at most `ttlMs` (AUTH_CACHE_TTL, 2 s by
 * default) so that the bearer check of a request costs no store round trip; a burst of
 * requests of one partner after expiry shares one read. Disabling a partner, rotating its
 * password or revoking one of its tokens is therefore seen by every instance within
 * `ttlMs`; the instance that made the change drops its copy at once.
 */
export class PartnerCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly load: (partnerId: string) => Promise<PartnerDoc | null>,
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  get(partnerId: string, now = Date.now()): Promise<PartnerSnapshot | undefined> {
    const hit = this.entries.get(partnerId);
    if (hit && now - hit.at < this.ttlMs) return hit.value;
    const value = this.load(partnerId).then((doc) => (doc ? snapshotOf(doc) : undefined));
    const entry = { at: now, value };
    this.entries.delete(partnerId);
    this.entries.set(partnerId, entry);
    // a failed read is not remembered: the next request asks the store again
    value.catch(() => {
      if (this.entries.get(partnerId) === entry) this.entries.delete(partnerId);
    });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return value;
  }

  invalidate(partnerId: string): void {
    this.entries.delete(partnerId);
  }
}
