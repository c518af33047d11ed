import { expect } from 'chai';
import { mkdirSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import jsQRModule from 'jsqr';
import { PNG } from 'pngjs';
import type { Page } from 'playwright-core';
import { startHarness, type AppHarness } from '../applications/harness.js';
import { applicationBody } from '../applications/requests.js';
import { provisionPartner, type TestPartner } from '../support/partners.js';
import { vatIncluded } from '../../platform/money.js';
import { freePort, launchBrowser, startShop } from './browser.js';
import { spaydProblems } from './spayd-rules.js';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const jsQR = (jsQRModule as unknown as { default?: typeof jsQRModule }).default ?? jsQRModule;
/** a phone's screen (CSS pixels) */
const PHONE = { width: 390, height: 844 };
/**
 * Where the screenshots go: a temporary folder, or docs/images when
 * `npm run -s gateway:screenshots` regenerates the committed ones.
 */
const SHOTS = process.env.GATEWAY_SCREENSHOTS_DIR ?? mkdtempSync(path.join(tmpdir(), 'pf-gateway-shots-'));

/** Reads the QR code drawn in `svg` back from the pixels the browser rendered. */
async function readQr(page: Page, index: number): Promise<string | undefined> {
  const png = PNG.sync.read(await page.locator('figure.qr svg').nth(index).screenshot());
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
}

/** axe-core in the page (evaluated over the DevTools protocol: the page's CSP allows no script of its own). */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(`${AXE_SOURCE};0`);
  const result = (await page.evaluate(
    `axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } })`,
  )) as { violations: Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }> };
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * The gateway on a phone in a real Chromium: both languages, screenshots of each, the QR
 * Platba codes read back from the rendered pixels and equal to the page's SPAYD texts, and
 * an axe-core scan with no serious or critical violation on every page the customer sees.
 */
describe('the gateway on a phone (Czech and English, QR Platba, accessibility)', function () {
  this.timeout(120_000);
  let h: AppHarness;
  let shop: Awaited<ReturnType<typeof startShop>>;
  let partner: TestPartner;
  before(async () => {
    const port = await freePort();
    h = await startHarness({ HTTPS_PORT: String(port), PUBLIC_BASE_URL: `https://localhost:${port}` });
    shop = await startShop();
    partner = await provisionPartner(h.t);
    await h.t.api.modules.auth.admin.setDisplayName(partner.username, 'Kavárna U Řeky');
    mkdirSync(SHOTS, { recursive: true });
  });
  after(async () => {
    await shop?.close();
    await h?.stop();
  });

  const payInThree = (email: string) => {
    const total = 240_000;
    const vat = vatIncluded(total, 21);
    return h.create(
      applicationBody(
        {
          type: 'PAY_IN_THREE',
          merchantUrls: {
            approvedRedirect: `${shop.url}/approved`,
            rejectedRedirect: `${shop.url}/rejected`,
            notificationEndpoint: 'https://shop.example/hooks',
          },
          order: {
            ...applicationBody().order,
            number: '2026-0042',
            totalPrice: { amount: total, currency: 'CZK' },
            totalVat: [{ vatRate: 21, amount: vat, currency: 'CZK' }],
            items: [
              {
                code: 'KOLO-1',
                name: 'Městské kolo Dvorana',
                type: 'PHYSICAL',
                quantity: 1,
                totalPrice: { amount: total, currency: 'CZK' },
                totalVat: { vatRate: 21, amount: vat, currency: 'CZK' },
              },
            ],
          },
        },
        { email },
      ),
      partner,
    );
  };

  it('when a Czech phone opens the page, then Czech, a screenshot, every QR code reads back as its SPAYD text, and no serious axe violation; the English switch does the same in English', async () => {
    const app = await payInThree('jana.novakova@example.com');
    const browser = await launchBrowser({ viewport: PHONE, locale: 'cs-CZ' });
    try {
      const page = await browser.context.newPage();
      await page.goto(app.gatewayRedirectUrl);
      for (const [lang, heading] of [
        ['cs', 'Zaplaťte na třikrát za nákup v obchodě Kavárna U Řeky'],
        ['en', 'Pay in three for your purchase at Kavárna U Řeky'],
      ] as const) {
        if (lang === 'en') {
          await page.getByRole('link', { name: 'English' }).click();
          await page.waitForLoadState();
        }
        expect(await page.locator('html').getAttribute('lang')).to.equal(lang);
        expect(await page.getByRole('heading', { level: 1 }).textContent()).to.equal(heading);
        const file = path.join(SHOTS, `gateway-${lang}.png`);
        await page.screenshot({ path: file, fullPage: true });
        expect(statSync(file).size).to.be.within(10_000, 400_000);
        expect(await seriousViolations(page), `axe on the ${lang} review page`).to.deep.equal([]);

        // the later instalments fold: open them, then read every code from the screen
        const folds = page.locator('details.instalment');
        for (let i = 1; i < (await folds.count()); i++) await folds.nth(i).locator('summary').click();
        const texts = await page.locator('figure.qr').evaluateAll((els) => els.map((e) => e.getAttribute('data-spayd')));
        expect(texts).to.have.length(3);
        for (let i = 0; i < texts.length; i++) {
          const read = await readQr(page, i);
          expect(read, `the QR code of instalment ${i + 1} (${lang})`).to.equal(texts[i]);
          expect(spaydProblems(read!)).to.deep.equal([]);
        }
      }
      // the choice is remembered: a new visit without ?lang stays English on a Czech browser
      await page.goto(app.gatewayRedirectUrl);
      expect(await page.locator('html').getAttribute('lang')).to.equal('en');
    } finally {
      await browser.close();
    }
  });

  it('when the customer sees the terms, the processing, the cancelled and the not-found pages, then no serious axe violation in either language', async () => {
    const waiting = await payInThree('petr@example.com');
    await h.t.api.runtime.db
      .collection('applications')
      .updateOne({ _id: waiting.id as never }, { $set: { stateReason: 'PROCESSING_VALIDATION_IN_PROGRESS' }, $inc: { version: 1 } });
    const cancelled = await payInThree('eva@example.com');
    const browser = await launchBrowser({ viewport: PHONE, locale: 'cs-CZ', javaScriptEnabled: true });
    try {
      const page = await browser.context.newPage();
      await page.goto(cancelled.gatewayRedirectUrl);
      await page.getByRole('button', { name: 'Zrušit a vrátit se do obchodu' }).click();
      await page.waitForURL(`${shop.url}/rejected`);
      const origin = new URL(waiting.gatewayRedirectUrl).origin;
      for (const lang of ['cs', 'en']) {
        for (const [name, url] of [
          ['terms', `${origin}/gateway/terms?lang=${lang}`],
          ['processing', `${waiting.gatewayRedirectUrl}?lang=${lang}`],
          ['cancelled', `${cancelled.gatewayRedirectUrl}?lang=${lang}`],
          ['not found', `${origin}/gateway/${waiting.id}/${'A'.repeat(43)}`],
        ] as const) {
          if (name === 'processing') {
            // The waiting page reloads at once (its request waited already: a long poll), so
            // the browser leaves it before a scan ends. The scan reads the same page, served
            // as the service wrote it but without the reload, which it checks apart: a delay
            // of 0 is a redirect to axe's meta-refresh rule, any other delay a violation.
            const served = await h.t.client.get(new URL(url).pathname + new URL(url).search, { headers: { Accept: 'text/html', 'Accept-Language': lang } });
            expect(served.text).to.include('<meta http-equiv="refresh" content="0">');
            await page.route(url, (route) =>
              route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: served.text.replace('<meta http-equiv="refresh" content="0">', '') }),
            );
          }
          await page.goto(url);
          expect(await page.locator('html').getAttribute('lang'), `${name} page`).to.equal(lang);
          expect(await seriousViolations(page), `axe on the ${name} page (${lang})`).to.deep.equal([]);
        }
      }
    } finally {
      await browser.close();
    }
  });
});
