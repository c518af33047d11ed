import { expect } from 'chai';
import { LANGS, langFromHeader, STRINGS } from './gateway.strings.js';
import { czechAccountNumber } from './payment-details.js';
import { formatDate } from './gateway.views.js';
import { formatMoney } from '../../../../platform/money.js';

describe("the gateway's languages", () => {
  it('when Accept-Language names Czech, Slovak or English, then its weights choose; otherwise English', () => {
    const cases: Array<[string | undefined, string]> = [
      ['cs-CZ,cs;q=0.9,en;q=0.8', 'cs'],
      ['sk-SK', 'cs'],
      ['en-US,en;q=0.9', 'en'],
      ['de-DE,cs;q=0.5', 'cs'],
      ['cs;q=0.4, en;q=0.6', 'en'],
      ['en;q=0, cs;q=0.1', 'cs'],
      ['fr', 'en'],
      ['', 'en'],
      [undefined, 'en'],
      ['*', 'en'],
    ];
    for (const [header, lang] of cases) expect(langFromHeader(header), String(header)).to.equal(lang);
  });

  it('when both catalogues are compared, then they have the same texts (no word missing in one language)', () => {
    const keys = (o: object) => Object.keys(o).sort();
    expect(keys(STRINGS.cs)).to.deep.equal(keys(STRINGS.en));
    expect(STRINGS.cs.termsPoints).to.have.length(STRINGS.en.termsPoints.length);
    expect(LANGS).to.deep.equal(['cs', 'en']);
  });

  it('when amounts and dates are shown, then Czech 2 400,00 Kč and 26. 11. 2026, English CZK 2,400.00 and 26 November 2026', () => {
    const nbsp = '\u00a0';
    expect(formatMoney({ amount: 240_000, currency: 'CZK' }, STRINGS.cs.locale)).to.equal(`2${nbsp}400,00${nbsp}Kč`);
    expect(formatMoney({ amount: 240_000, currency: 'CZK' }, STRINGS.en.locale)).to.equal(`CZK${nbsp}2,400.00`);
    expect(formatDate(STRINGS.cs, '2026-11-26')).to.equal('26. 11. 2026');
    expect(formatDate(STRINGS.en, '2026-11-26')).to.equal('26 November 2026');
  });

  it('when a Czech IBAN is shown, then also as the domestic account number customers type', () => {
    expect(czechAccountNumber('CZ9320100000002000145399')).to.equal('2000145399/2010');
    expect(czechAccountNumber('CZ6508000000192000145399')).to.equal('19-2000145399/0800');
    expect(czechAccountNumber('GB82WEST12345698765432')).to.equal(undefined);
  });
});
