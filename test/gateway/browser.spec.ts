import { expect } from 'chai';
import { startHarness, type AppHarness } from '../applications/harness.js';
import { applicationBody } from '../applications/requests.js';
import { freePort, launchBrowser, startShop } from './browser.js';

/**
 * The gateway in a real headless Chromium (Debian's chromium, driven by playwright-core):
 * the customer opens gatewayRedirectUrl, confirms or is rejected, and lands on the shop.
 */
describe('the gateway in a real browser', function () {
  this.timeout(90_000);
  let h: AppHarness;
  let shop: Awaited<ReturnType<typeof startShop>>;
  before(async () => {
    const port = await freePort();
    h = await startHarness({ HTTPS_PORT: String(port), PUBLIC_BASE_URL: `https://localhost:${port}` });
    shop = await startShop();
  });
  after(async () => {
    await shop?.close();
    await h?.stop();
  });

  const applicationFor = (email: string) =>
    h.create(
      applicationBody(
        {
          merchantUrls: {
            approvedRedirect: `${shop.url}/approved`,
            rejectedRedirect: `${shop.url}/rejected`,
            notificationEndpoint: 'https://shop.example/hooks',
          },
        },
        { email },
      ),
    );

  it('when the customer approves, then the browser lands on approvedRedirect and the application is READY / READY_TO_SHIP', async () => {
    const app = await applicationFor('anna+approve@example.com');
    const browser = await launchBrowser();
    try {
      const page = await browser.context.newPage();
      await page.goto(app.gatewayRedirectUrl);
      expect(await page.locator('html').getAttribute('lang')).to.equal('en');
      expect(await page.getByRole('heading', { level: 1 }).textContent()).to.include('Pay later');
      expect(await page.getByRole('table').locator('caption').textContent()).to.include(app.order.number);
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => (globalThis as any).document.activeElement?.textContent)).to.equal('Skip to content');
      await page.getByRole('button', { name: 'Agree to the terms and confirm' }).click();
      await page.waitForURL(`${shop.url}/approved`, { timeout: 20_000 });
      expect(await page.textContent('h1')).to.include('order confirmed');
    } finally {
      await browser.close();
    }
    const decided = await h.get(app.id);
    expect(decided).to.include({ state: 'READY', stateReason: 'READY_TO_SHIP' });
  });

  it('when the customer is rejected, then the browser lands on rejectedRedirect and the application is REJECTED', async () => {
    const app = await applicationFor('boris+reject@example.com');
    const browser = await launchBrowser();
    try {
      const page = await browser.context.newPage();
      await page.goto(app.gatewayRedirectUrl);
      await page.getByRole('button', { name: 'Agree to the terms and confirm' }).click();
      await page.waitForURL(`${shop.url}/rejected`, { timeout: 20_000 });
    } finally {
      await browser.close();
    }
    expect(await h.get(app.id)).to.include({ state: 'REJECTED', stateReason: 'REJECTED' });
  });

  it('when JavaScript is disabled, then the customer still confirms and lands on approvedRedirect (meta refresh)', async () => {
    const app = await applicationFor('cyril+approve@example.com');
    const browser = await launchBrowser({ javaScriptEnabled: false });
    try {
      const page = await browser.context.newPage();
      await page.goto(app.gatewayRedirectUrl);
      await page.getByRole('button', { name: 'Agree to the terms and confirm' }).click();
      await page.waitForURL(`${shop.url}/approved`, { timeout: 20_000 });
    } finally {
      await browser.close();
    }
    expect(await h.get(app.id)).to.include({ state: 'READY', stateReason: 'READY_TO_SHIP' });
  });

  it('when the customer declines in the browser, then rejectedRedirect and CANCELLED', async () => {
    const app = await applicationFor('dita@example.com');
    const browser = await launchBrowser({ javaScriptEnabled: false });
    try {
      const page = await browser.context.newPage();
      await page.goto(app.gatewayRedirectUrl);
      await page.getByRole('button', { name: 'Cancel and return to the shop' }).click();
      await page.waitForURL(`${shop.url}/rejected`, { timeout: 20_000 });
    } finally {
      await browser.close();
    }
    expect(await h.get(app.id)).to.include({ state: 'CANCELLED', stateReason: 'CANCELLED_NOT_PAID' });
  });
});
