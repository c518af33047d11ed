import { expect } from 'chai';
import fc from 'fast-check';
import { isIban, parseSpayd, spayd, spaydText, SpaydError, type PaymentOrder } from './spayd.js';
import { spaydProblems } from '../../../../test/gateway/spayd-rules.js';

const ORDER: PaymentOrder = {
  iban: 'CZ65 0800 0000 1920 0014 5399',
  amount: { amount: 240_000, currency: 'CZK' },
  dueDate: '2026-11-26',
  variableSymbol: '1234567890',
  recipientName: 'Partner Financing s.r.o.',
  message: 'Objednávka 2026-0042, Kavárna U Řeky',
};

describe('QR Platba (SPAYD) encoder', () => {
  it('when a payment is encoded, then the header, the IBAN, the amount with two decimals, CZK, the due date and the variable symbol, in the format', () => {
    const text = spayd(ORDER);
    expect(text).to.equal(
      'SPD*1.0*ACC:CZ6508000000192000145399*AM:2400.00*CC:CZK*DT:20261126*X-VS:1234567890*RN:PARTNER FINANCING S.R.O.*MSG:OBJEDNAVKA 2026-0042 KAVARNA U REKY',
    );
    expect(spaydProblems(text)).to.deep.equal([]);
  });

  it('when the texts hold accents, lower case, * and %, then they are written in the alphanumeric set with * as %2A and % as %25, and read back', () => {
    expect(spaydText('Žluťoučký kůň*50 % sleva; "akce"', 60)).to.equal('ZLUTOUCKY KUN%2A50 %25 SLEVA AKCE');
    const text = spayd({ ...ORDER, message: 'a*b%c' });
    expect(parseSpayd(text).MSG).to.equal('A*B%C');
    expect(spaydProblems(text)).to.deep.equal([]);
  });

  it('when the message or the name is too long, then it is cut to 60 and 35 characters without splitting an escape', () => {
    const long = spayd({ ...ORDER, message: 'x'.repeat(59) + '*', recipientName: 'N'.repeat(50) });
    const f = parseSpayd(long);
    expect(f.MSG).to.equal('X'.repeat(59));
    expect(f.RN).to.have.length(35);
    expect(spaydProblems(long)).to.deep.equal([]);
  });

  it('when any text and amount are encoded, then the string keeps every rule of the format', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 200 }),
        fc.string({ maxLength: 80 }),
        fc.integer({ min: 1, max: 999_999_999 }),
        fc.stringMatching(/^\d{1,10}$/),
        (message, name, amount, vs) => {
          const text = spayd({ ...ORDER, message, recipientName: name, amount: { amount, currency: 'CZK' }, variableSymbol: vs });
          expect(spaydProblems(text), text).to.deep.equal([]);
          expect(parseSpayd(text)['X-VS']).to.equal(vs);
          expect(Math.round(Number(parseSpayd(text).AM) * 100)).to.equal(amount);
        },
      ),
    );
  });

  it('when a value cannot be carried, then SpaydError naming the attribute (never a wrong code)', () => {
    const bad: Array<[Partial<PaymentOrder>, RegExp]> = [
      [{ iban: 'CZ6508000000192000145398' }, /ACC/],
      [{ amount: { amount: 0, currency: 'CZK' } }, /AM/],
      [{ amount: { amount: 1_000_000_000, currency: 'CZK' } }, /AM: at most 10/],
      [{ amount: { amount: 1000, currency: 'KWD' } }, /AM: KWD/],
      [{ dueDate: '26.11.2026' }, /DT/],
      [{ variableSymbol: '12345678901' }, /X-VS/],
      [{ variableSymbol: '12a' }, /X-VS/],
    ];
    for (const [change, message] of bad) expect(() => spayd({ ...ORDER, ...change }), JSON.stringify(change)).to.throw(SpaydError, message);
  });

  it('when IBANs are checked, then the mod-97 check digits decide', () => {
    expect(isIban('CZ9320100000002000145399')).to.equal(true);
    expect(isIban('CZ9420100000002000145399')).to.equal(false);
    expect(isIban('GB82 WEST 1234 5698 7654 32')).to.equal(true);
  });

  it('when the rules are given strings that break them, then each is named (the checker can fail)', () => {
    expect(spaydProblems('SPD*1.0*AM:1.5*CC:czk')).to.include('ACC is required').and.include('CC: czk');
    expect(spaydProblems('SPD*1.0*ACC:CZ6508000000192000145399*DT:20260231*X-VS:12345678901*MSG:' + 'A'.repeat(61))).to.have.length(3);
  });
});
