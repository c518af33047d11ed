import { expect } from 'chai';
import { totalsPerDay, type PaymentBody } from '../payments/index.js';

const payment = (id: string, type: 'PAYOUT' | 'CREDIT_NOTE', date: string, amount: number, vs?: string): PaymentBody => ({
  paymentId: id,
  type,
  date,
  applicationId: 'a1',
  value: { amount, currency: 'CZK' },
  grossValue: { amount, currency: 'CZK' },
  fee: { amount: 0, currency: 'CZK' },
  ...(vs ? { variableSymbol: vs } : {}),
  invoice: {
    fullName: 'X',
    address: { streetAddress: 's', streetNumber: '1', city: 'c', zip: 'z', country: 'CZ', addressType: 'PERMANENT' },
    dueDate: date,
    accountNumber: { accountNumber: '1', bankCode: '2' },
  },
});

describe('money page: totals', () => {
  it('when payouts and credit notes fall on two days, then each day sums exactly in minor units, newest day first', () => {
    expect(
      totalsPerDay([payment('1', 'PAYOUT', '2026-11-25', 150001), payment('2', 'CREDIT_NOTE', '2026-11-26', -60000), payment('3', 'PAYOUT', '2026-11-26', 1)]),
    ).to.deep.equal([
      { date: '2026-11-26', currency: 'CZK', payouts: 1, creditNotes: -60000, net: -59999, count: 2, gross: 1, refunds: -60000, fees: 0 },
      { date: '2026-11-25', currency: 'CZK', payouts: 150001, creditNotes: 0, net: 150001, count: 1, gross: 150001, refunds: 0, fees: 0 },
    ]);
  });
});
