import type { AuthenticatedPartner } from '../../platform/http/state.js';

/** A document that belongs to one partner (applications, orders, payments, recurrences, deliveries). */
export interface PartnerOwned {
  partnerId: string;
}

/**
 * Tenant isolation (docs/security.md "Tenant isolation"): a partner sees and
 * changes only its own documents, and another partner's id answers exactly like an unknown
 * one. Load by `_id` alone (the hot-path query shape), then pass the result through here:
 * a foreign document becomes `null`, so the caller's ordinary not-found path answers, with
 * the same status, code and message as for an id that does not exist.
 *
 *   const app = ownedBy(await repo.findById(id), partnerOf(ctx));
 *   if (!app) throw new NotFoundError(`Application ${id} not found.`, 'APPLICATION_NOT_FOUND');
 *
 * With VersionedStore.mutate: `load: async () => ownedBy(await col.findOne({ _id: id }), partner)`,
 * and `notFound` answers for both cases.
 */
export function ownedBy<T extends PartnerOwned>(doc: T | null | undefined, partner: AuthenticatedPartner | string): T | null {
  const partnerId = typeof partner === 'string' ? partner : partner.id;
  return doc && doc.partnerId === partnerId ? doc : null;
}

/** `ownedBy`, throwing the caller's not-found error for a missing or foreign document. */
export function requireOwned<T extends PartnerOwned>(doc: T | null | undefined, partner: AuthenticatedPartner | string, notFound: () => Error): T {
  const owned = ownedBy(doc, partner);
  if (!owned) throw notFound();
  return owned;
}
