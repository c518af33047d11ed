import { expect } from 'chai';
import type { SettlementView } from '../payments/index.js';
import { maskAccount, settlementNoticeMail } from './portal-mail.js';
import { SettlementNotices } from './portal-settlement-notices.js';
import type { PortalUserDoc } from './portal.model.js';

const czk = (amount: number) => ({ amount, currency: 'CZK' });
const settlement = (over: Partial<SettlementView> = {}): SettlementView => ({
  id: '6b0d1a8e-1d1f-5c1b-9f1e-0a0b0c0d0e0f',
  number: 7,
  reference: '0000000007',
  cutoffAt: '2026-11-27T17:00:00.000Z',
  periodStart: '2026-11-26T17:00:00.000Z',
  valueDate: '2026-11-30',
  gross: czk(1_234_550),
  refunds: czk(-20_000),
  fees: czk(30_000),
  linesNet: czk(1_184_550),
  carriedIn: czk(0),
  net: czk(1_184_550),
  transfer: czk(1_184_550),
  carriedOut: czk(0),
  lineCount: 3,
  bankAccount: '19-2000145399/0800',
  createdAt: '2026-11-27T17:00:01.000Z',
  ...over,
});
/** Intl separates digits and currency with no-break spaces: plain spaces to compare */
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
const user = (lang: 'en' | 'cs', over: Partial<PortalUserDoc> = {}) =>
  ({
    _id: `u-${lang}`,
    email: `${lang}@shop.example`,
    name: 'Jana',
    partnerName: 'shop',
    lang,
    role: 'owner',
    enabled: true,
    passwordHash: 'h',
    partnerId: 'p',
    ...over,
  }) as PortalUserDoc;

describe('the settlement notice e-mail', () => {
  it('masks every digit of an account number but the last four; the bank code stays', () => {
    expect(maskAccount('19-2000145399/0800')).to.equal('**-******5399/0800');
    expect(maskAccount('CZ6508000000192000145399')).to.equal(`CZ${'*'.repeat(18)}5399`);
    expect(maskAccount('123/0100')).to.equal('123/0100');
  });

  it('carries the figures in the contact’s language, the account masked, and a link to the settlement’s page; one id per settlement and contact', () => {
    const mail = settlementNoticeMail(user('en'), settlement(), 'https://pf.example/');
    const en = { ...mail, subject: plain(mail.subject), text: plain(mail.text) };
    expect(en.subject).to.equal('Settlement 0000000007 of shop: transfer of CZK 11,845.50 on 30 Nov 2026');
    expect(en.text)
      .to.include('Reference (variable symbol of the transfer): 0000000007')
      .and.include('Cut-off: 27 Nov 2026, 18:00')
      .and.include('Value date: 30 Nov 2026')
      .and.include('Transfer: CZK 11,845.50')
      .and.include('To the account: **-******5399/0800')
      .and.include('Lines (payouts and credit notes): 3')
      .and.include('https://pf.example/portal/settlements/6b0d1a8e-1d1f-5c1b-9f1e-0a0b0c0d0e0f');
    expect(en.text).not.to.include('2000145399');
    expect(en.idempotencyKey).to.equal('settlement-notice-6b0d1a8e-1d1f-5c1b-9f1e-0a0b0c0d0e0f-u-en');
    const csMail = settlementNoticeMail(user('cs'), settlement(), 'https://pf.example');
    const cs = { subject: plain(csMail.subject), text: plain(csMail.text) };
    expect(cs.subject).to.equal('Vyúčtování 0000000007 pro shop: převod 11 845,50 Kč dne 30. 11. 2026');
    expect(cs.text).to.include('Převod: 11 845,50 Kč').and.include('Na účet: **-******5399/0800').and.include('Řádků (výplaty a dobropisy): 3');
  });

  it('says when nothing is transferred and the balance is carried, and when no account is set', () => {
    const carried = settlementNoticeMail(
      user('cs'),
      settlement({ transfer: czk(0), net: czk(-5000), carriedOut: czk(-5000), bankAccount: undefined }),
      'https://pf.example',
    );
    expect(plain(carried.text))
      .to.include('Tentokrát se nic nepřevádí: zůstatek -50,00 Kč se převádí do dalšího vyúčtování.')
      .and.include('účet zatím není nastaven');
  });

  it('goes to the enabled owners and operators who completed setup, not to viewers', async () => {
    const users = [
      user('en'),
      user('cs', { _id: 'op', role: 'operator' }),
      user('en', { _id: 'viewer', role: 'viewer' }),
      user('en', { _id: 'off', enabled: false }),
      user('en', { _id: 'pending', passwordHash: undefined }),
    ];
    const notices = new SettlementNotices({ contactsOf: async () => users }, 'https://pf.example');
    const mails = await notices.mailsFor('p', settlement());
    expect(mails.map((m) => m.idempotencyKey.split('-').pop())).to.deep.equal(['en', 'op']);
  });
});
