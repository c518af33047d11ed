import type { Address, DocumentMeta } from '../../order-rules/index.js';
import type { ApplicationDoc, CustomerDoc } from '../application.model.js';
import { searchTermsOf } from '../search-terms.js';

/**
 * What anonymising an application replaces, and with what. The placeholders are fixed (every
 * anonymised application reads the same) and valid by the application's own schemas, so an
 * anonymised application still renders and still passes every check that reads it.
 */
export const PLACEHOLDER = {
  name: 'Anonymised',
  email: 'anonymised@anonymised.invalid',
  phone: '+420000000000',
  text: 'Anonymised',
  filename: 'anonymised',
  sha256: 'anonymised',
} as const;

/** Why an application's data is kept, and so when it may be anonymised (docs/security.md). */
export type DataClass = 'CREDIT_RECORD' | 'NOT_FINANCED';

export interface PrivacyMark {
  anonymisedAt: Date;
  /** `retention` (the scheduled job) or the operator's reason of an erasure */
  reason: string;
  dataClass: DataClass;
}

/** An approved application is a credit agreement: the law keeps it; anything else is not financed. */
export function dataClassOf(doc: Pick<ApplicationDoc, 'decision'>): DataClass {
  return doc.decision?.outcome === 'APPROVED' ? 'CREDIT_RECORD' : 'NOT_FINANCED';
}

export function anonymisedCustomer(c?: Partial<CustomerDoc>): CustomerDoc {
  const addresses = Array.isArray(c?.addresses) ? c.addresses.map(anonymisedAddress) : [];
  return { fullName: PLACEHOLDER.name, email: PLACEHOLDER.email, phone: PLACEHOLDER.phone, addresses };
}

export function anonymisedAddress(a: Address): Address {
  if (!a || typeof a !== 'object') return { addressType: 'PERMANENT' as Address['addressType'], name: PLACEHOLDER.name };
  return {
    addressType: a.addressType,
    ...(a.country !== undefined ? { country: a.country } : {}),
    name: PLACEHOLDER.name,
    city: PLACEHOLDER.text,
    streetAddress: PLACEHOLDER.text,
    streetNumber: '0',
    zip: '00000',
  };
}

export function anonymisedDocument(d: DocumentMeta): DocumentMeta {
  return { type: d.type, mimeType: d.mimeType, size: d.size, filename: PLACEHOLDER.filename, sha256: PLACEHOLDER.sha256, addedAt: d.addedAt };
}

/** Keys whose value is personal wherever an application snapshot appears; each mapped to its replacement. */
const SNAPSHOT_FIELDS: Record<string, (v: any) => unknown> = {
  customer: (v) => (v && typeof v === 'object' ? anonymisedCustomer(v) : v),
  addresses: (v) => (Array.isArray(v) ? v.map((a) => (a && typeof a === 'object' ? anonymisedAddress(a) : PLACEHOLDER.text)) : v),
  customDataJson: (v) => (v == null ? v : null),
  customData: (v) => (v == null ? v : null),
  customReason: (v) => (typeof v === 'string' ? PLACEHOLDER.text : v),
  email: (v) => (typeof v === 'string' ? PLACEHOLDER.email : v),
  phone: (v) => (typeof v === 'string' ? PLACEHOLDER.phone : v),
  fullName: (v) => (typeof v === 'string' ? PLACEHOLDER.name : v),
  firstName: (v) => (typeof v === 'string' ? PLACEHOLDER.name : v),
  lastName: (v) => (typeof v === 'string' ? PLACEHOLDER.name : v),
  tin: () => undefined,
  vatin: () => undefined,
  fraudPreventionData: () => undefined,
};

/**
 * Any value with the personal fields of an application replaced, at any depth: whole
 * documents, their outbox or journal entries, events and answers held as JSON text (parsed,
 * scrubbed, written back as text). Generic on purpose: a copy of an application kept in a
 * field added later (a journal of recent entries, a kept answer) is scrubbed by the same
 * rules without a change here. Money, ids, states and dates pass unchanged.
 */
export function scrubSnapshot<T>(value: T): T {
  return scrub(value, 0) as T;
}

function scrub(value: unknown, depth: number): unknown {
  if (depth > 32) return value;
  if (typeof value === 'string') {
    const t = value.trimStart();
    if ((t.startsWith('{') || t.startsWith('[')) && t.length > 1) {
      try {
        return JSON.stringify(scrub(JSON.parse(value), depth + 1));
      } catch {
        return value;
      }
    }
    return value;
  }
  if (Array.isArray(value)) return value.map((v) => scrub(v, depth + 1));
  if (value && typeof value === 'object' && !(value instanceof Date) && Object.getPrototypeOf(value) === Object.prototype) {
    const o = value as Record<string, unknown>;
    if (typeof o.sha256 === 'string' && typeof o.mimeType === 'string') return anonymisedDocument(o as unknown as DocumentMeta);
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      const replace = SNAPSHOT_FIELDS[k];
      const next = replace ? replace(v) : scrub(v, depth + 1);
      if (next !== undefined) out[k] = next;
    }
    return out;
  }
  return value;
}

/** The fields of the stored document an anonymisation writes, and the ones it removes. */
export interface AnonymisedChange {
  set: Record<string, unknown>;
  unset: string[];
  mark: PrivacyMark;
}

/** Fields never touched: what the books, the settlements and every report read. */
const KEPT = new Set([
  '_id',
  'version',
  'partnerId',
  'type',
  'state',
  'stateReason',
  'createdAt',
  'updatedAt',
  'history',
  'decision',
  'screening',
  'repaymentPlan',
  'payoutsApplied',
  'expiresAt',
  'recurrence',
  'fromRecurrenceId',
  'outboxAt',
  'privacy',
]);
/** Removed outright: answers kept for retries (they render the customer) and the duplicate rule's key (a hash of the customer). */
const REMOVED = ['idempotency', 'dedupKey'];

/**
 * The write that anonymises `doc`, or null when it is already anonymised (so a second run,
 * on this instance or another, writes nothing). Every top-level field that is not kept
 * whole is scrubbed; the document is marked with when and why.
 */
export function anonymisation(doc: ApplicationDoc & Record<string, unknown>, reason: string, now: Date): AnonymisedChange | null {
  if ((doc as { privacy?: PrivacyMark }).privacy?.anonymisedAt) return null;
  const mark: PrivacyMark = { anonymisedAt: now, reason, dataClass: dataClassOf(doc) };
  const set: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(doc)) {
    if (KEPT.has(k) || REMOVED.includes(k)) continue;
    const replace = SNAPSHOT_FIELDS[k];
    const next = replace ? replace(v) : scrub(v, 0);
    if (next !== undefined) set[k] = next;
  }
  set.privacy = mark;
  // the portal's search terms held the customer's name: only the order number's stay
  set.search = searchTermsOf({ order: (set.order ?? doc.order) as { number?: string }, privacy: mark });
  return { set, unset: REMOVED.filter((k) => k in doc), mark };
}

/** The document hashes an application refers to (their bytes go once no other application needs them). */
export function documentHashesOf(doc: ApplicationDoc): string[] {
  const found = new Set<string>();
  const walk = (v: unknown, depth: number): void => {
    if (depth > 16 || !v || typeof v !== 'object') return;
    if (Array.isArray(v)) return v.forEach((x) => walk(x, depth + 1));
    const o = v as Record<string, unknown>;
    if (typeof o.sha256 === 'string' && typeof o.mimeType === 'string' && o.sha256 !== PLACEHOLDER.sha256) found.add(o.sha256);
    for (const x of Object.values(o)) walk(x, depth + 1);
  };
  walk(doc.order, 0);
  return [...found];
}
