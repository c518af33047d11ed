/** Our collection account: where customers pay (config COLLECTION_IBAN, payee BILLING_NAME). */
export interface CollectionAccount {
  iban: string;
  name: string;
}

/** `CZkk BBBB PPPPPP NNNNNNNNNN` → `P-N/B` without leading zeros (no prefix: `N/B`). */
export function czechAccountNumber(iban: string): string | undefined {
  const m = /^CZ\d{2}(\d{4})(\d{6})(\d{10})$/.exec(iban);
  if (!m) return undefined;
  const prefix = m[2]!.replace(/^0+/, '');
  return `${prefix ? `${prefix}-` : ''}${m[3]!.replace(/^0+/, '') || '0'}/${m[1]}`;
}
