import { expect } from 'chai';
import { paymentDetails } from './payment-details.js';

describe('payment details on the gateway page', () => {
  const account = { iban: 'CZ6508000000192000145399', name: 'Partner Financing s.r.o.' };
  const due = (amount: number, dueDate: string) => ({ amount: { amount, currency: 'CZK' }, dueDate });

  it('when a plan of a few minor units has instalments of nothing, then only the ones to pay get details and a QR code', async () => {
    const pay = await paymentDetails({
      account,
      variableSymbol: '1234567890',
      message: 'Order 1',
      plan: [due(1, '2026-11-26'), due(0, '2026-12-26'), due(0, '2027-01-25')] as never,
    });
    expect(pay.instalments.map((i) => i.amount.amount)).to.deep.equal([1]);
    expect(pay.instalments[0]!.spayd).to.include('AM:0.01');
  });

  it('when the order owes nothing, then there is no payment to describe', async () => {
    const pay = await paymentDetails({ account, variableSymbol: '1234567890', message: 'Order 1', plan: [due(0, '2026-12-26')] as never });
    expect(pay.instalments).to.deep.equal([]);
  });

  it('when an amount is beyond what QR Platba can carry, then the payment is described without a code', async () => {
    const pay = await paymentDetails({ account, variableSymbol: '1234567890', message: 'Order 1', plan: [due(100_000_000_000, '2026-12-26')] as never });
    expect(pay.instalments).to.have.length(1);
    expect(pay.instalments[0]).to.not.have.property('spayd');
    expect(pay.instalments[0]).to.not.have.property('qrSvg');
  });
});
