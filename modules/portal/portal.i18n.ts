/**
 * The portal's words, one catalogue per language (portal.i18n.en.ts, portal.i18n.cs.ts;
 * English is the reference whose keys Czech must have), the choice of language, and
 * amounts and dates through Intl.
 */
import { cs } from './portal.i18n.cs.js';
import { en, type Messages } from './portal.i18n.en.js';

export type { Messages };

export type Lang = 'en' | 'cs';
export const CATALOGUES: Record<Lang, Messages> = { en, cs };

/** The language: the switch's cookie, else the first of Accept-Language we speak, else English. */
export function chooseLang(cookie: string | undefined, acceptLanguage: string): Lang {
  if (cookie === 'cs' || cookie === 'en') return cookie;
  const ranked = acceptLanguage
    .split(',')
    .map((part, i) => {
      const [tag, ...params] = part.trim().toLowerCase().split(';');
      const q = Number(
        params
          .find((p) => p.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? '1',
      );
      return { tag: tag!.split('-')[0]!, q: Number.isFinite(q) ? q : 0, i };
    })
    .filter((x) => x.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  return (ranked.find((x) => x.tag === 'cs' || x.tag === 'en')?.tag as Lang | undefined) ?? 'en';
}

/** `{name}` placeholders filled in. */
/** A code (state, reason, type, ...) in words: the catalogue's `<prefix>_<code>`, else the code itself. */
export function word(m: Messages, prefix: string, code: string): string {
  return (m as unknown as Record<string, string | undefined>)[`${prefix}_${code}`] ?? code;
}

export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? `{${k}}`));
}

/** Money from integer minor units (CZK: hundredths), e.g. `2 400,00 Kč` in Czech. */
export function formatMoney(minor: number, currency: string, m: Messages): string {
  const digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  return new Intl.NumberFormat(m.locale, { style: 'currency', currency }).format(minor / 10 ** digits);
}

/** Dates and times in Prague time, the way the reader's language writes them. */
export function formatDateTime(d: Date | string, m: Messages): string {
  return new Intl.DateTimeFormat(m.locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Prague' }).format(new Date(d));
}

export function formatDate(d: Date | string, m: Messages): string {
  return new Intl.DateTimeFormat(m.locale, { dateStyle: 'medium', timeZone: 'Europe/Prague' }).format(new Date(d));
}
