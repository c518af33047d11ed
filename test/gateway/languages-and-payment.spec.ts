import { expect } from 'chai';
import { startHarness, type AppHarness } from '../applications/harness.js';
import { applicationBody } from '../applications/requests.js';
import { provisionPartner } from '../support/partners.js';
import { spaydProblems } from './spayd-rules.js';
import { vatIncluded } from '../../platform/money.js';

const NBSP = '\u00a0';
const text = (page: string) =>
  page
    .replace(/<svg[\s\S]*?<\/svg>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/[ \t\r\n]+/g, ' ');
const spaydsOf = (page: string) => [...page.matchAll(/data-spayd="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
const fields = (s: string) =>
  Object.fromEntries(
    s
      .split('*')
      .slice(2)
      .map((p) => [p.slice(0, p.indexOf(':')), p.slice(p.indexOf(':') + 1)]),
  );
/** local date of Prague (the service's calendar) n days from now, as YYYY-MM-DD */
const pragueDay = (days: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Prague' }).format(new Date(Date.now() + days * 86_400_000));

/**
 * The gateway for a Czech customer: the language (Accept-Language, then the switch, which a
 * cookie remembers), amounts and dates in the locale's format, the shop's display name, and
 * for every instalment how to pay it, with a QR Platba text that keeps the format's rules.
 */
describe('the gateway in Czech and English, and how to pay', function () {
  this.timeout(60_000);
  let h: AppHarness;
  before(async () => {
    h = await startHarness();
  });
  after(async () => {
    await h?.stop();
  });

  const open = (url: string, headers: Record<string, string> = {}) =>
    h.t.client.get(new URL(url).pathname + new URL(url).search, { headers: { Accept: 'text/html', ...headers } });
  const payInThree = (total = 240_000) => {
    const vat = vatIncluded(total, 21);
    return applicationBody({
      type: 'PAY_IN_THREE',
      order: {
        ...applicationBody().order,
        totalPrice: { amount: total, currency: 'CZK' },
        totalVat: [{ vatRate: 21, amount: vat, currency: 'CZK' }],
        items: [
          {
            code: 'BIKE-1',
            name: 'Jízdní kolo',
            type: 'PHYSICAL',
            quantity: 1,
            totalPrice: { amount: total, currency: 'CZK' },
            totalVat: { vatRate: 21, amount: vat, currency: 'CZK' },
          },
        ],
      },
    });
  };

  it('when the browser asks for Czech, then the page is Czech with amounts as 2 400,00 Kč and dates as 26. 11. 2026; without it, English with CZK 2,400.00', async () => {
    const app = await h.create(payInThree());
    const cs = await open(app.gatewayRedirectUrl, { 'Accept-Language': 'cs-CZ,cs;q=0.9,en;q=0.8' });
    expect(cs.status).to.equal(200);
    expect(cs.text).to.include('<html lang="cs">');
    expect(cs.headers['content-language']).to.equal('cs');
    expect(String(cs.headers.vary)).to.match(/Accept-Language/);
    const csText = text(cs.text);
    expect(csText)
      .to.include(`2${NBSP}400,00${NBSP}Kč`)
      .and.include(`800,00${NBSP}Kč`)
      .and.include('Zaplaťte na třikrát')
      .and.include('Souhlasím s podmínkami a potvrzuji');
    const [y, m, d] = pragueDay(30).split('-').map(Number);
    expect(csText).to.include(`${d}. ${m}. ${y}`);

    const en = await open(app.gatewayRedirectUrl, { 'Accept-Language': 'de-DE,de;q=0.9' });
    expect(en.text).to.include('<html lang="en">');
    expect(text(en.text)).to.include(`CZK${NBSP}2,400.00`).and.include('Pay in three');
    expect(text(en.text)).to.include(
      new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${pragueDay(30)}T00:00:00Z`)),
    );
    // Slovak reads Czech; weights decide between the two
    expect((await open(app.gatewayRedirectUrl, { 'Accept-Language': 'sk' })).text).to.include('<html lang="cs">');
    expect((await open(app.gatewayRedirectUrl, { 'Accept-Language': 'cs;q=0.5, en;q=0.9' })).text).to.include('<html lang="en">');
  });

  it('when the customer picks a language with the switch, then it is kept in a cookie and wins over Accept-Language on the next pages', async () => {
    const app = await h.create();
    const picked = await open(`${app.gatewayRedirectUrl}?lang=cs`, { 'Accept-Language': 'en' });
    expect(picked.text).to.include('<html lang="cs">').and.include('href="?lang=en"');
    const set = String(picked.headers['set-cookie']);
    expect(set)
      .to.match(/__Host-pf_lang=cs;.*path=\//i)
      .and.match(/secure/i)
      .and.match(/httponly/i);
    const cookie = (picked.headers['set-cookie'] as unknown as string[]).map((c) => c.split(';')[0]).join('; ');
    const again = await open(app.gatewayRedirectUrl, { 'Accept-Language': 'en', Cookie: cookie });
    expect(again.text).to.include('<html lang="cs">');
    const back = await open(`${app.gatewayRedirectUrl}?lang=en`, { 'Accept-Language': 'cs', Cookie: cookie });
    expect(back.text).to.include('<html lang="en">');
    // a value that is no language is ignored, not an error page
    const odd = await open(`${app.gatewayRedirectUrl}?lang=xx`, { 'Accept-Language': 'cs' });
    expect(odd.status).to.equal(200);
    expect(odd.text).to.include('<html lang="cs">');
    const terms = await open(`${new URL(app.gatewayRedirectUrl).origin}/gateway/terms?lang=cs`);
    expect(terms.text).to.include('<html lang="cs">').and.include('Obchodní podmínky');
  });

  it('when the partner has a display name, then the page names the shop by it, not by a URL host', async () => {
    const partner = await provisionPartner(h.t);
    const before = await h.create(applicationBody(), partner);
    expect(text((await open(before.gatewayRedirectUrl)).text)).to.include('purchase at shop.example');
    await h.t.api.modules.auth.admin.setDisplayName(partner.username, 'Kavárna <U Řeky> & syn');
    const after = await open(before.gatewayRedirectUrl, { 'Accept-Language': 'cs' });
    expect(after.text).to.include('Kavárna &lt;U Řeky&gt; &amp; syn').and.not.include('<U Řeky>');
    expect(text(after.text)).to.include('v obchodě Kavárna <U Řeky> & syn').and.not.include('shop.example');
    // the QR Platba message names the shop too, in the format's character set
    expect(fields(spaydsOf(after.text)[0]!).MSG).to.match(/^KAVARNA U REKY SYN /);
  });

  it('when the customer pays in three, then each instalment shows its amount, due date, our account, one variable symbol and a QR Platba text that keeps the format', async () => {
    const app = await h.create(payInThree(100_001));
    const page = await open(app.gatewayRedirectUrl, { 'Accept-Language': 'cs' });
    const codes = spaydsOf(page.text);
    expect(codes).to.have.length(3);
    for (const code of codes) expect(spaydProblems(code), code).to.deep.equal([]);
    const f = codes.map(fields);
    expect(f.map((x) => x.AM)).to.deep.equal(['333.35', '333.33', '333.33']);
    expect(f.map((x) => x.DT)).to.deep.equal([0, 30, 60].map((n) => pragueDay(n).replace(/-/g, '')));
    expect(new Set(f.map((x) => x['X-VS'])).size).to.equal(1);
    expect(f[0]!['X-VS']).to.match(/^[1-9]\d{9}$/);
    expect(f.every((x) => x.ACC === 'CZ9320100000002000145399' && x.CC === 'CZK')).to.equal(true);
    expect(page.text.match(/<svg role="img" aria-label="QR Platba: /g)).to.have.length(3);
    const visible = text(page.text);
    expect(visible).to.include('2000145399/2010').and.include('CZ9320100000002000145399').and.include(f[0]!['X-VS']!);
    // the symbol is the application's: the same on every view, another application has another
    const again = spaydsOf((await open(app.gatewayRedirectUrl)).text).map(fields);
    expect(again[0]!['X-VS']).to.equal(f[0]!['X-VS']);
    const other = await h.create(payInThree());
    expect(fields(spaydsOf((await open(other.gatewayRedirectUrl)).text)[0]!)['X-VS']).not.to.equal(f[0]!['X-VS']);
  });

  it('when a deferred payment is shown, then one payment with its QR Platba, and the words do not reveal why the customer got their terms', async () => {
    const app = await h.create();
    const page = await open(app.gatewayRedirectUrl);
    const codes = spaydsOf(page.text);
    expect(codes).to.have.length(1);
    expect(fields(codes[0]!)).to.include({ AM: '1500.00', DT: pragueDay(30).replace(/-/g, '') });
    for (const lang of ['cs', 'en']) {
      const words =
        text((await open(`${app.gatewayRedirectUrl}?lang=${lang}`)).text) +
        text((await open(`${new URL(app.gatewayRedirectUrl).origin}/gateway/terms?lang=${lang}`)).text);
      expect(words).not.to.match(/returning|loyal|GOLD|BASIC|level|history|vracející|věrn|úrove|histori/i);
    }
  });
});
