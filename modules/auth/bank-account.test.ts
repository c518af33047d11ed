import { expect } from 'chai';
import { czechChecksumOk, formatBankAccount, parseBankAccount } from './bank-account.js';

describe('partner bank accounts (Czech account numbers and IBAN)', () => {
  it('when a Czech account number passes both checksums, then it is kept with its bank code; a zero prefix is dropped', () => {
    expect(parseBankAccount('19-2000145399/0800')).to.deep.equal({ kind: 'CZ', accountNumber: '19-2000145399', bankCode: '0800' });
    expect(parseBankAccount('2000145399/0800')).to.deep.equal({ kind: 'CZ', accountNumber: '2000145399', bankCode: '0800' });
    expect(parseBankAccount('000000-2000145399/0800')).to.deep.equal({ kind: 'CZ', accountNumber: '2000145399', bankCode: '0800' });
    expect(formatBankAccount(parseBankAccount(' 19-2000145399/0800 '))).to.equal('19-2000145399/0800');
  });

  it('when a digit is wrong in the number or the prefix, then it is refused naming bankAccount', () => {
    for (const bad of ['19-2000145398/0800', '18-2000145399/0800', '0000000000/0800', '2000145399/080', '2000145399', 'abc']) {
      let err: any;
      try {
        parseBankAccount(bad);
      } catch (e) {
        err = e;
      }
      expect(err?.records?.[0], bad).to.include({ code: 'INVALID_REQUEST', attribute: 'bankAccount' });
    }
  });

  it("when the weights are applied, then the national bank's rule: weighted sum divisible by 11", () => {
    // 2000145399: 2·6 + 0 + 0 + 0 + 1·10 + 4·5 + 5·8 + 3·4 + 9·2 + 9·1 = 121 = 11·11
    expect(czechChecksumOk('2000145399', [6, 3, 7, 9, 10, 5, 8, 4, 2, 1])).to.equal(true);
    expect(czechChecksumOk('19', [10, 5, 8, 4, 2, 1])).to.equal(true);
    expect(czechChecksumOk('18', [10, 5, 8, 4, 2, 1])).to.equal(false);
  });

  it("when an IBAN is given, then mod-97 and the country's form decide; spaces are allowed", () => {
    expect(parseBankAccount('CZ65 0800 0000 1920 0014 5399')).to.deep.equal({ kind: 'IBAN', iban: 'CZ6508000000192000145399' });
    expect(parseBankAccount('DE89370400440532013000')).to.deep.equal({ kind: 'IBAN', iban: 'DE89370400440532013000' });
    expect(() => parseBankAccount('CZ65 0800 0000 1920 0014 5398')).to.throw(/not a valid IBAN/);
    expect(() => parseBankAccount('CZ650800000019200014539')).to.throw(/not a valid IBAN/);
  });
});
