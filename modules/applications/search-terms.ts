import type { ApplicationDoc } from './application.model.js';

/**
 * The portal's search by a customer's name or by part of an order number, as terms kept on
 * the application (`search`, a multikey index `partnerId, search, createdAt, _id`), so both
 * are an equality on one index entry that the store walks newest first and stops at the
 * page's end, on MongoDB and on the local store alike (neither serves an unanchored regex
 * from an index):
 *
 * - `n:<prefix>`: every prefix (2 characters and longer) of every word of the customer's
 *   names, lower case without diacritics. "dvo", "Dvořák" and "DVORAK" all find Dvořák;
 *   "jana dvořák" and "dvořák jana" each ask that both words begin a word of the name.
 * - `o:<three characters>`: every run of three characters of the order number (lower
 *   case): a part of the number of three characters or more is found through the rarest of
 *   its runs, and the number itself is checked by the query (the runs alone do not say that
 *   they are adjacent).
 *
 * An anonymised application keeps only its order number's terms: its customer is nobody.
 */

/** A name word longer than this is indexed by its first this-many characters only. */
const MAX_WORD = 30;
/** Order numbers longer than this are indexed in their first this-many characters. */
const MAX_ORDER_NUMBER = 64;
/** The shortest part of an order number searched by its runs. */
export const MIN_ORDER_PART = 3;

/** Lower case, diacritics removed ("Dvořák" → "dvorak", "ŠŤÁVA" → "stava"). */
export function normaliseForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/** The words of a text as the search compares them: normalised, split at anything but letters and digits. */
export function searchWords(text: string): string[] {
  return normaliseForSearch(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((w) => w.slice(0, MAX_WORD));
}

function runsOf(orderNumber: string): string[] {
  const n = normaliseForSearch(orderNumber).slice(0, MAX_ORDER_NUMBER);
  const out = new Set<string>();
  for (let i = 0; i + MIN_ORDER_PART <= n.length; i++) out.add(n.slice(i, i + MIN_ORDER_PART));
  return [...out];
}

export type SearchSource = {
  customer?: Partial<Pick<ApplicationDoc['customer'], 'firstName' | 'lastName' | 'fullName'>> | null;
  order?: { number?: string | null } | null;
  privacy?: { anonymisedAt?: Date } | null;
};

/** The search terms an application holds (sorted, without repeats). */
export function searchTermsOf(doc: SearchSource): string[] {
  const terms = new Set<string>();
  const c = doc.privacy?.anonymisedAt ? undefined : doc.customer;
  for (const name of [c?.firstName, c?.lastName, c?.fullName]) {
    if (typeof name !== 'string') continue;
    for (const w of searchWords(name)) for (let len = Math.min(2, w.length); len <= w.length; len++) terms.add(`n:${w.slice(0, len)}`);
  }
  const number = doc.order?.number;
  if (typeof number === 'string') for (const r of runsOf(number)) terms.add(`o:${r}`);
  return [...terms].sort();
}

export function sameTerms(a: readonly string[] | undefined, b: readonly string[]): boolean {
  return !!a && a.length === b.length && a.every((t, i) => t === b[i]);
}

/**
 * What a search text asks of the terms: by name, every word of it (at most 4) as a prefix
 * of a word of the name; by order number, the text's runs (when it is one word of at least
 * three characters) with the text itself as a part of the number.
 */
export function searchQueryOf(text: string): { nameTerms: string[]; orderRuns: string[]; orderPart?: string } {
  const words = [...new Set(searchWords(text))].slice(0, 4);
  const nameTerms = words.map((w) => `n:${w}`);
  const part = normaliseForSearch(text.trim());
  if (part.length < MIN_ORDER_PART || /\s/.test(part)) return { nameTerms, orderRuns: [] };
  return { nameTerms, orderRuns: runsOf(part).map((r) => `o:${r}`), orderPart: text.trim() };
}
