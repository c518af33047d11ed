import type { PaymentLineDoc } from './payment-lines.model.js';
import type { SettlementDoc } from './settlement.model.js';

/**
 * The settlement report as CSV (RFC 4180, comma, CRLF, UTF-8): a header, one row per payment
 * line in paymentId order, and a footer whose rows add up to the transfer: TOTAL (the sums of
 * the lines' gross, fee and net), CARRIED_IN, NET, TRANSFER and CARRIED_OUT. Amounts are
 * decimal in the currency's unit (a dot, no thousands separator), exact from the minor units.
 */
export const REPORT_COLUMNS = [
  'settlementReference',
  'paymentId',
  'date',
  'type',
  'orderNumber',
  'variableSymbol',
  'applicationId',
  'operationId',
  'operationType',
  'idempotencyKey',
  'gross',
  'fee',
  'net',
  'currency',
] as const;

/** Minor-unit digits of a currency (CZK, EUR: 2). */
export function minorDigits(currency: string): number {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/** An integer amount of minor units as a decimal string, exactly (no floating point). */
export function decimal(minor: number, digits: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = String(Math.abs(minor)).padStart(digits + 1, '0');
  return digits === 0 ? `${sign}${abs}` : `${sign}${abs.slice(0, -digits)}.${abs.slice(-digits)}`;
}

/**
 * How a report is written: the standard CSV (comma, decimal point, no BOM), or the variant
 * Czech Excel opens directly by double-click (semicolon, decimal comma, UTF-8 with a BOM,
 * without which Excel reads the file as Windows-1250). The columns and rows are the same.
 */
export type CsvDialect = 'standard' | 'excel';

interface Writer {
  sep: string;
  amount: (minor: number) => string;
  text: (v: string) => string;
}

function writer(dialect: CsvDialect, currency: string): Writer {
  const sep = dialect === 'excel' ? ';' : ',';
  const d = minorDigits(currency);
  return {
    sep,
    amount: (m) => (dialect === 'excel' ? decimal(m, d).replace('.', ',') : decimal(m, d)),
    text: (v) => field(v, true, sep),
  };
}

/**
 * One field: quoted when it holds the separator, a quote or a line break; a text the partner
 * chose (order number, key) that starts like a formula is prefixed with a quote mark, so a
 * spreadsheet shows it instead of running it.
 */
export function field(value: string, text = false, sep = ','): string {
  const safe = text && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return safe.includes(sep) || /["\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function reportHeader(dialect: CsvDialect = 'standard'): string {
  return `${dialect === 'excel' ? '\uFEFF' : ''}${REPORT_COLUMNS.join(dialect === 'excel' ? ';' : ',')}\r\n`;
}

/** One payment line as a report row (`reference`: its settlement's, empty while it is open). */
export function reportRow(reference: string, l: PaymentLineDoc, dialect: CsvDialect = 'standard'): string {
  const w = writer(dialect, l.currency);
  return `${[
    reference,
    l._id,
    l.date,
    l.type,
    w.text(l.orderNumber ?? ''),
    w.text(l.variableSymbol ?? ''),
    l.applicationId,
    l.operation?.operationId ?? '',
    l.operation?.type ?? '',
    w.text(l.operation?.idempotencyKey ?? ''),
    w.amount(l.gross),
    w.amount(l.fee),
    w.amount(l.net),
    l.currency,
  ].join(w.sep)}\r\n`;
}

export function settlementReport(s: SettlementDoc, lines: PaymentLineDoc[], dialect: CsvDialect = 'standard'): string {
  const w = writer(dialect, s.currency);
  const rows: string[] = [reportHeader(dialect), ...lines.map((l) => reportRow(s.reference, l, dialect))];
  const footer = (label: string, gross: string, fee: string, net: string) =>
    `${[s.reference, label, '', '', '', '', '', '', '', '', gross, fee, net, s.currency].join(w.sep)}\r\n`;
  const sum = (f: (l: PaymentLineDoc) => number) => lines.reduce((a, l) => a + f(l), 0);
  rows.push(footer('TOTAL', w.amount(sum((l) => l.gross)), w.amount(sum((l) => l.fee)), w.amount(sum((l) => l.net))));
  rows.push(footer('CARRIED_IN', '', '', w.amount(s.carriedIn)));
  rows.push(footer('NET', '', '', w.amount(s.net)));
  rows.push(footer('TRANSFER', '', '', w.amount(s.transfer)));
  rows.push(footer('CARRIED_OUT', '', '', w.amount(s.carriedOut)));
  return rows.join('');
}
