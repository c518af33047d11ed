import { electronicFormatIBAN, isValidIBAN } from 'ibantools';
import { InvalidRequestError } from '../../platform/errors.js';

/**
 * The account a partner's settlements are paid to: a Czech account number
 * (`[prefix-]number/bank code`, the form of Czech bank statements) or an IBAN.
 */
export type BankAccount = { kind: 'CZ'; accountNumber: string; bankCode: string } | { kind: 'IBAN'; iban: string };

const CZ_ACCOUNT = /^(?:(\d{1,6})-)?(\d{2,10})\/(\d{4})$/;
const PREFIX_WEIGHTS = [10, 5, 8, 4, 2, 1];
const NUMBER_WEIGHTS = [6, 3, 7, 9, 10, 5, 8, 4, 2, 1];

/** The Czech national bank's check: the digits, padded to the weights, weighted sum divisible by 11. */
export function czechChecksumOk(digits: string, weights: readonly number[]): boolean {
  const padded = digits.padStart(weights.length, '0');
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += Number(padded[i]) * weights[i]!;
  return sum % 11 === 0;
}

/**
 * Reads what the operator typed: a Czech account number with both checksums (prefix and
 * number; a number of zeros alone is no account), or an IBAN (ISO 13616 mod-97 and each
 * country's length and form, by ibantools), spaces allowed. Anything else is refused
 * naming `bankAccount`, with what is wrong.
 */
export function parseBankAccount(text: string): BankAccount {
  const raw = text.trim();
  const cz = CZ_ACCOUNT.exec(raw);
  if (cz) {
    const [, prefix, number, bankCode] = cz as unknown as [string, string | undefined, string, string];
    if (prefix && !czechChecksumOk(prefix, PREFIX_WEIGHTS)) throw refused(`the prefix ${prefix} fails the Czech account-number checksum`);
    if (/^0+$/.test(number)) throw refused('the account number is all zeros');
    if (!czechChecksumOk(number, NUMBER_WEIGHTS)) throw refused(`the account number ${number} fails the Czech account-number checksum`);
    const plainPrefix = prefix ? String(Number(prefix)) : '';
    return { kind: 'CZ', accountNumber: plainPrefix && plainPrefix !== '0' ? `${plainPrefix}-${number}` : number, bankCode };
  }
  if (/^[A-Za-z]{2}\d{2}/.test(raw.replace(/\s/g, ''))) {
    const iban = electronicFormatIBAN(raw) ?? '';
    if (!isValidIBAN(iban)) throw refused(`${raw} is not a valid IBAN (check digits, length or form for its country)`);
    return { kind: 'IBAN', iban };
  }
  throw refused('give a Czech account number as [prefix-]number/bank code (e.g. 19-2000145399/0800) or an IBAN');
}

/** How statements and the report print it. */
export function formatBankAccount(a: BankAccount): string {
  return a.kind === 'IBAN' ? a.iban : `${a.accountNumber}/${a.bankCode}`;
}

function refused(why: string): InvalidRequestError {
  return new InvalidRequestError(`bankAccount: ${why}.`, { attribute: 'bankAccount' });
}
