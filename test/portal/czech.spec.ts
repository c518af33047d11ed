import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { CATALOGUES } from '../../modules/portal/portal.i18n.js';
import { ERROR_TEXTS } from '../../modules/portal/portal-errors.js';
import { launchBrowser } from '../gateway/browser.js';
import { waitFor } from '../support/wait.js';
import { startPortalWorld, type PortalWorld } from './portal-world.js';

const cs = CATALOGUES.cs;
const en = CATALOGUES.en;

/**
 * The portal in Czech: bad input in every kind of form (the portal's own checks, the API's
 * schema, the use cases' refusals, a form that fails its anti-forgery check, the sign-in
 * throttle) answers in Czech; and no page shows an English heading, label or button, or an
 * API code (state, reason, financing or payment type, cancel reason) where a word belongs.
 */
describe('the partner portal: Czech everywhere', function () {
  this.timeout(240_000);
  let w: PortalWorld;
  let page: Page;
  let app: any;
  let deliveryId: string;
  let settlementId: string;
  const alert = async () => (await page.getByRole('alert').first().textContent())!.replace(/\s+/g, ' ').trim();

  before(async () => {
    w = await startPortalWorld();
    app = await w.paid();
    const delivered = await waitFor(
      'a delivery',
      async () => (await w.relay.deliveries.collection.findOne({ partnerId: w.h.partner.id, state: 'DELIVERED' })) ?? undefined,
      { maxWait: 20_000 },
    );
    deliveryId = delivered!._id;
    const closed = await w.h.t.client.post('/financing/v1/sandbox/settlements/close', {}, { token: w.h.partner.token });
    expect(closed.status).to.equal(201);
    settlementId = closed.body.id;
    page = w.pages.owner;
    await page.goto(`${w.base}/portal/lang/cs?back=/portal/`);
  });
  after(async () => {
    await w?.stop();
  });

  it('when a return names more than is left of an item, then the refusal names the item in Czech', async () => {
    await page.goto(`${w.base}/portal/applications/${app.id}/act/return`);
    await page.getByLabel('Electric kettle').fill('5');
    await page.getByRole('button', { name: cs.pvButton }).click();
    expect(await alert()).to.equal('Položka Electric kettle: zbývá jí méně, než je zadané množství.');
  });

  it('when a return of an amount is more than the order, then the refusal is in Czech', async () => {
    await page.goto(`${w.base}/portal/applications/${app.id}/act/return`);
    await page.getByLabel(cs.returnAmount).check();
    await page.getByLabel('Částka (CZK)').fill('99999');
    await page.getByRole('button', { name: cs.pvButton }).click();
    const text = await alert();
    expect(Object.values(ERROR_TEXTS.cs), text).to.include(text);
    expect(text).to.match(/^Částka: /);
  });

  it("when a field breaks the API's schema (a note too long), then the field is named in Czech with the bound", async () => {
    const other = await w.approved();
    await page.goto(`${w.base}/portal/applications/${other.id}/act/cancel`);
    // the browser would stop it: the server must say it too
    await page.locator('#customReason').evaluate((el) => el.removeAttribute('maxlength'));
    await page.locator('#customReason').fill('x'.repeat(300));
    // the reasons are words, not the API's codes
    expect(await page.locator('#reason option:checked').textContent()).to.equal(cs.cancelReason_APPLICATION_CANCELLED_OTHER);
    await page.getByRole('button', { name: cs.pvButton }).click();
    expect(await alert()).to.equal('Poznámka: nejvýše 255 znaků.');
  });

  it('when an owner invites with an address that is not one, then the refusal is in Czech', async () => {
    await page.goto(`${w.base}/portal/users`);
    await page.locator('#inv-email').evaluate((el) => el.setAttribute('type', 'text'));
    await page.getByLabel(cs.name, { exact: true }).fill('Jana');
    await page.locator('#inv-email').fill('not an address');
    await page.getByRole('button', { name: cs.inviteButton }).click();
    expect(await alert()).to.equal('E-mail: zadejte e-mailovou adresu.');
  });

  it('when a form fails its anti-forgery check, then the page asks in Czech to reload', async () => {
    await page.goto(`${w.base}/portal/users`);
    await page.locator('form:has(#inv-email) input[name=csrf]').evaluate((el) => el.setAttribute('value', 'forged'));
    await page.getByLabel(cs.name, { exact: true }).fill('Jana');
    await page.locator('#inv-email').fill('jana@shop.example');
    await page.getByRole('button', { name: cs.inviteButton }).click();
    expect(await page.locator('h1').textContent()).to.equal(cs.csrfTitle);
    expect(await page.locator('main').textContent()).to.include(cs.csrf);
  });

  it('when a filter holds a date that is none, then the page says so in Czech', async () => {
    const res = await page.goto(`${w.base}/portal/applications?createdFrom=yesterday`);
    expect(res!.status()).to.equal(400);
    expect(await page.locator('main').textContent()).to.include(cs.badInput);
    expect(await page.locator('main').textContent()).to.match(/Zadejte data ve tvaru RRRR-MM-DD\.|Vytvořeno od: /);
  });

  it('when sign-in failures pile up, then the throttle speaks Czech', async () => {
    const b = await launchBrowser();
    try {
      const p = await b.context.newPage();
      await p.goto(`${w.base}/portal/lang/cs?back=/portal/sign-in`);
      let text = '';
      for (let i = 0; i < 5 && !text.startsWith('Příliš'); i++) {
        await p.goto(`${w.base}/portal/sign-in`);
        await p.getByLabel(cs.email).fill(w.users.viewer.email);
        await p.getByLabel(cs.password, { exact: true }).fill('wrong password 1');
        await p.getByRole('button', { name: cs.signInButton }).click();
        text = (await p.getByRole('alert').first().textContent())!.trim();
      }
      expect(text).to.match(/^Příliš mnoho neúspěšných pokusů\. Zkuste to znovu za \d+ s\.$/);
    } finally {
      await b.close();
    }
  });

  it('when every page is read in Czech, then no heading, label, button or option is English, and no state, reason or type shows as its code', async () => {
    // the English words that differ from the Czech ones (whole texts, no placeholders; the
    // language switch names each language in its own words)
    const english = new Set(
      Object.entries(en)
        .filter(([k, v]) => v !== (cs as Record<string, string>)[k] && !v.includes('{') && v.length > 3 && !k.startsWith('otherLang'))
        .map(([, v]) => v),
    );
    // the shop's data (its item names) is not the portal's words
    const data = new Set<string>((app.order?.items ?? []).map((i: { name: string }) => i.name));
    const codes = new Set(
      Object.keys(en)
        .filter((k) => /^(state|reason|type|pay|op|dstate|kind|cancelReason)_/.test(k))
        .map((k) => k.slice(k.indexOf('_') + 1)),
    );
    const paths = [
      '/portal/',
      '/portal/applications',
      `/portal/applications/${app.id}`,
      `/portal/applications/${app.id}/act/return`,
      '/portal/money',
      '/portal/settlements',
      `/portal/settlements/${settlementId}`,
      '/portal/webhooks',
      `/portal/webhooks/deliveries/${deliveryId}`,
      '/portal/developers',
      '/portal/users',
      '/portal/audit',
    ];
    const found: string[] = [];
    for (const path of paths) {
      expect((await page.goto(`${w.base}${path}`))!.status(), path).to.equal(200);
      expect(await page.locator('html').getAttribute('lang'), path).to.equal('cs');
      const texts = await page.$$eval('h1, h2, h3, caption, th, label, legend, button, summary, option, dt, nav a, .button-link, td', (els) =>
        els.map((e) => ((e as { textContent: string | null }).textContent ?? '').replace(/\s+/g, ' ').trim()),
      );
      for (const t of texts) {
        if (english.has(t) && !data.has(t)) found.push(`${path}: English "${t}"`);
        if (codes.has(t)) found.push(`${path}: code ${t}`);
      }
    }
    expect(found).to.deep.equal([]);
  });
});
