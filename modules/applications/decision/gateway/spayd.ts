import { minorUnitDigits, toDecimalString, type Money } from '../../../../platform/money.js';

/**
 * QR Platba: the Czech banks' Short Payment Descriptor (SPAYD, format version 1.0), the text
 * a payment QR code carries and every Czech banking app reads.
 *
 *   SPD*1.0*ACC:CZ6508000000192000145399*AM:2400.00*CC:CZK*DT:20261126*X-VS:1234567890*MSG:...
 *
 * The rules kept here (the format's published specification):
 * - a fixed header `SPD*1.0*`, then `KEY:value` attributes separated by `*`;
 * - ACC (required): an IBAN (at most 46 characters with an optional `+BIC`);
 * - AM: the amount with a `.` and at most two decimals, at most 10 characters, positive;
 * - CC: an ISO 4217 code, three capital letters;
 * - DT: the due date as YYYYMMDD;
 * - X-VS: the variable symbol, digits only, at most 10;
 * - RN: the recipient's name, at most 35 characters; MSG: a message, at most 60;
 * - a value never holds `*`: it is written `%2A` (and `%` as `%25`, so a reader that
 *   percent-decodes the values gets the text back);
 * - the string may use ISO-8859-1, but the format recommends the QR code's alphanumeric set
 *   (0-9, A-Z, space, $ % * + - . / :) so the code stays small and every app reads it: the
 *   free texts are written in it (accents dropped, capitals, anything else a space);
 * - CRC32 is optional and left out: a code's own error correction already guards the
 *   transfer, and an app that checks a CRC refuses the whole payment for a wrong one.
 */
export interface PaymentOrder {
  /** IBAN of the payee (spaces allowed, removed) */
  iban: string;
  amount: Money;
  /** local date YYYY-MM-DD */
  dueDate: string;
  variableSymbol: string;
  recipientName?: string;
  message?: string;
}

export class SpaydError extends Error {}

const LIMITS = { ACC: 46, AM: 10, RN: 35, MSG: 60, VS: 10 } as const;
/** The QR code's alphanumeric set, which the format recommends for every value. */
const ALPHANUMERIC = /[^0-9A-Z $%*+\-./:]/g;

/** ISO 13616: two letters, two check digits, up to 30 letters or digits, mod 97 = 1. */
export function isIban(text: string): boolean {
  const iban = text.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(iban)) return false;
  const digits = `${iban.slice(4)}${iban.slice(0, 4)}`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  return BigInt(digits) % 97n === 1n;
}

/** A free text in the alphanumeric set, escaped, at most `max` characters once escaped. */
export function spaydText(text: string, max: number): string {
  const plain = text.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase().replace(ALPHANUMERIC, ' ').replace(/\s+/g, ' ').trim();
  let out = '';
  for (const c of plain) {
    const escaped = c === '*' ? '%2A' : c === '%' ? '%25' : c;
    if (out.length + escaped.length > max) break;
    out += escaped;
  }
  return out.trimEnd();
}

/** The amount as the format writes it: `2400.00` (a currency with more than two decimals cannot be written). */
export function spaydAmount(money: Money): string {
  if (!Number.isInteger(money.amount) || money.amount <= 0) throw new SpaydError('AM: a positive amount');
  if (minorUnitDigits(money.currency) > 2) throw new SpaydError(`AM: ${money.currency} has more than two decimals`);
  const text = toDecimalString(money.amount, money.currency);
  if (text.length > LIMITS.AM) throw new SpaydError(`AM: at most ${LIMITS.AM} characters (${text})`);
  return text;
}

/** The SPAYD string of one payment; throws SpaydError for a value the format cannot carry. */
export function spayd(order: PaymentOrder): string {
  const iban = order.iban.replace(/\s+/g, '').toUpperCase();
  if (!isIban(iban) || iban.length > LIMITS.ACC) throw new SpaydError(`ACC: not an IBAN (${order.iban})`);
  if (!/^[A-Z]{3}$/.test(order.amount.currency)) throw new SpaydError('CC: an ISO 4217 code');
  const date = /^(\d{4})-(\d{2})-(\d{2})$/.exec(order.dueDate);
  if (!date) throw new SpaydError('DT: a date YYYY-MM-DD');
  if (!/^\d{1,10}$/.test(order.variableSymbol)) throw new SpaydError('X-VS: digits only, at most 10');
  const fields: Array<[string, string]> = [
    ['ACC', iban],
    ['AM', spaydAmount(order.amount)],
    ['CC', order.amount.currency],
    ['DT', `${date[1]}${date[2]}${date[3]}`],
    ['X-VS', order.variableSymbol],
  ];
  const rn = order.recipientName ? spaydText(order.recipientName, LIMITS.RN) : '';
  if (rn) fields.push(['RN', rn]);
  const msg = order.message ? spaydText(order.message, LIMITS.MSG) : '';
  if (msg) fields.push(['MSG', msg]);
  return ['SPD', '1.0', ...fields.map(([k, v]) => `${k}:${v}`)].join('*');
}

/** The attributes of a SPAYD string (values percent-decoded); throws SpaydError when it is not one. */
export function parseSpayd(text: string): Record<string, string> {
  const [head, version, ...parts] = text.replace(/\*$/, '').split('*');
  if (head !== 'SPD' || !/^\d+\.\d+$/.test(version ?? '')) throw new SpaydError('not a SPAYD string');
  const out: Record<string, string> = {};
  for (const part of parts) {
    const m = /^([A-Z-]+):(.*)$/s.exec(part);
    if (!m) throw new SpaydError(`not an attribute: ${part}`);
    out[m[1]!] = decodeURIComponent(m[2]!);
  }
  return out;
}
