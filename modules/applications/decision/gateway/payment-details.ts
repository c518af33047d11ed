import QRCode from 'qrcode';
import type { Instalment } from '../../../order-rules/index.js';
import { spayd, SpaydError } from './spayd.js';

import { czechAccountNumber, type CollectionAccount } from '../../collection-account.js';

export { czechAccountNumber, type CollectionAccount };

export interface InstalmentPayment extends Instalment {
  /** the QR Platba text of this payment (absent: a value the format cannot carry, e.g. an amount over 9 999 999.99) */
  spayd?: string;
  /** the QR code as SVG markup (made here from the text above, nothing of the partner's in it) */
  qrSvg?: string;
}

export interface PaymentDetails {
  iban: string;
  /** the Czech domestic form of a CZ IBAN (`19-2000145399/0800`), which customers type by hand */
  accountNumber?: string;
  recipient: string;
  variableSymbol: string;
  message: string;
  instalments: InstalmentPayment[];
}

/**
 * How the customer pays each instalment: the amount, the due date, our account, the
 * application's variable symbol and a QR Platba code of exactly that. Rendered as SVG on
 * the server (the page has no script), error correction level M as the format recommends.
 */
export async function paymentDetails(args: {
  account: CollectionAccount;
  variableSymbol: string;
  plan: Instalment[];
  message: string;
}): Promise<PaymentDetails> {
  const { account, variableSymbol, plan, message } = args;
  // an instalment of nothing (a plan of a few minor units split in three, an order of 0) is
  // not a payment: no transfer to describe, and SPAYD has no zero amount
  const instalments = await Promise.all(
    plan
      .filter((p) => p.amount.amount > 0)
      .map(async (p) => {
        let text: string;
        try {
          text = spayd({ iban: account.iban, amount: p.amount, dueDate: p.dueDate, variableSymbol, recipientName: account.name, message });
        } catch (err) {
          // the transfer is still described in words; only the code cannot say it
          if (err instanceof SpaydError) return { ...p };
          throw err;
        }
        const qrSvg = await QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 });
        return { ...p, spayd: text, qrSvg };
      }),
  );
  const accountNumber = czechAccountNumber(account.iban);
  return { iban: account.iban, ...(accountNumber ? { accountNumber } : {}), recipient: account.name, variableSymbol, message, instalments };
}
