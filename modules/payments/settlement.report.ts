import type { PaymentLineDoc } from './payment-lines.model.js';
import type { SettlementDoc } from './settlement.model.js';

/**
 * The settlement report as CSV (RFC 4180, comma, CRLF, UTF-8): a header, one row per payment
 * line in paymentId order, and a footer whose rows add up to the transfer: TOTAL (the sums of
 * the lines' gross, fee and net), CARRIED_IN, NET, TRANSFER and CARRIED_OUT. Amounts are
 * decimal in the currency's unit (a dot, no thousands separator), exact from the minor units.
 */
export const REPORT_COLUMNS = [
  'settlementReference', 'paymentId', 'date', 'type', 'orderNumber', 'variableSymbol', 'applicationId',
  'operationId', 'operationType', 'idempotencyKey', 'gross', 'fee', 'net', 'currency',
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
 * One field: quoted when it holds a comma, quote or line break; a text the partner chose
 * (order number, key) that starts like a formula is prefixed with a quote mark, so a
 * spreadsheet shows it instead of running it.
 */
export function field(value: string, text = false): string {
  const safe = text && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function settlementReport(s: SettlementDoc, lines: PaymentLineDoc[]): string {
  const d = minorDigits(s.currency);
  const amount = (m: number) => decimal(m, d);
  const rows: string[] = [REPORT_COLUMNS.join(',')];
  for (const l of lines) {
    rows.push([
      s.reference, l._id, l.date, l.type, field(l.orderNumber ?? '', true), field(l.variableSymbol ?? '', true), l.applicationId,
      l.operation?.operationId ?? '', l.operation?.type ?? '', field(l.operation?.idempotencyKey ?? '', true),
      amount(l.gross), amount(l.fee), amount(l.net), l.currency,
    ].join(','));
  }
  const footer = (label: string, gross: string, fee: string, net: string) => [s.reference, label, '', '', '', '', '', '', '', '', gross, fee, net, s.currency].join(',');
  const sum = (f: (l: PaymentLineDoc) => number) => lines.reduce((a, l) => a + f(l), 0);
  rows.push(footer('TOTAL', amount(sum((l) => l.gross)), amount(sum((l) => l.fee)), amount(sum((l) => l.net))));
  rows.push(footer('CARRIED_IN', '', '', amount(s.carriedIn)));
  rows.push(footer('NET', '', '', amount(s.net)));
  rows.push(footer('TRANSFER', '', '', amount(s.transfer)));
  rows.push(footer('CARRIED_OUT', '', '', amount(s.carriedOut)));
  return `${rows.join('\r\n')}\r\n`;
}
