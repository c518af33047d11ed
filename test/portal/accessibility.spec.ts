import { expect } from 'chai';
import { launchBrowser } from '../gateway/browser.js';
import { seriousViolations } from './axe.js';
import { waitFor } from '../support/wait.js';
import { startPortalWorld, type PortalWorld } from './portal-world.js';

/**
 * An axe-core scan of every portal page, in both languages, reports no serious or critical
 * violation; the pages read with JavaScript off and the main ones are keyboard-operable.
 */
describe('the partner portal: accessibility and keyboard', function () {
  this.timeout(240_000);
  let w: PortalWorld;
  let app: any;
  let deliveryId: string;
  const pages = (id: string) => [
    '/portal/',
    '/portal/applications',
    `/portal/applications?q=nothing`,
    `/portal/applications/${id}`,
    `/portal/applications/${id}/act/return`,
    '/portal/webhooks',
    '/portal/webhooks?state=DELIVERED',
    `/portal/webhooks/deliveries/${deliveryId}`,
    '/portal/developers',
    '/portal/developers?status=4xx',
    '/portal/money',
    '/portal/settlements',
    '/portal/users',
    '/portal/audit',
  ];
  before(async () => {
    w = await startPortalWorld();
    app = await w.paid();
    // a delivery with a failed and an acknowledged attempt (the world's endpoint fails each first attempt)
    const delivered = await waitFor(
      'a delivery acknowledged on a retry',
      async () => (await w.relay.deliveries.collection.findOne({ partnerId: w.h.partner.id, state: 'DELIVERED' })) ?? undefined,
      {
        maxWait: 20_000,
      },
    );
    deliveryId = delivered!._id;
  });
  after(async () => {
    await w?.stop();
  });

  it('when a page with known faults is scanned, then the scan reports them (the scan can fail)', async () => {
    const b = await launchBrowser();
    try {
      const page = await b.context.newPage();
      await page.setContent('<html><body><img src="x.png"><button></button></body></html>');
      expect((await seriousViolations(page)).map((v) => v.id)).to.include.members(['image-alt', 'button-name']);
    } finally {
      await b.close();
    }
  });

  for (const lang of ['en', 'cs'] as const) {
    it(`when every page is scanned in ${lang}, then axe finds no serious or critical violation`, async () => {
      const page = w.pages.owner;
      await page.goto(`${w.base}/portal/lang/${lang}?back=/portal/`);
      const found: string[] = [];
      for (const path of pages(app.id)) {
        await page.goto(`${w.base}${path}`);
        for (const v of await seriousViolations(page))
          found.push(`${path}: ${v.id} (${v.impact}) ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      }
      // the signed-out pages: sign-in and a setup link
      const fresh = await launchBrowser();
      try {
        const p = await fresh.context.newPage();
        await p.goto(`${w.base}/portal/lang/${lang}?back=/portal/sign-in`);
        for (const v of await seriousViolations(p)) found.push(`/portal/sign-in: ${v.id} ${v.help}`);
        const { setupToken } = await w.h.t.api.modules.portal.accounts.createUser(
          { id: w.h.partner.id, name: w.h.partner.username },
          { email: `axe-${lang}-${w.h.partner.username}@shop.example`, name: 'Axe', role: 'viewer' },
        );
        await p.goto(`${w.base}/portal/setup/${setupToken}`);
        for (const v of await seriousViolations(p)) found.push(`/portal/setup: ${v.id} ${v.help}`);
      } finally {
        await fresh.close();
      }
      await page.goto(`${w.base}/portal/lang/en?back=/portal/`);
      expect(found).to.deep.equal([]);
    });
  }

  it('when every page is opened on a phone (390 px) in either language, then none scrolls sideways and every table is a stacked list', async () => {
    const b = await launchBrowser({ viewport: { width: 390, height: 844 } });
    try {
      const page = await b.context.newPage();
      await page.context().addCookies(await w.pages.owner.context().cookies(w.base));
      const wide: string[] = [];
      for (const lang of ['en', 'cs'] as const) {
        await page.goto(`${w.base}/portal/lang/${lang}?back=/portal/`);
        for (const path of [...pages(app.id), `/portal/applications/${app.id}/act/send`, '/portal/sign-in']) {
          await page.goto(`${w.base}${path}`);
          const { width, tables } = await page.evaluate(() => {
            const d = (globalThis as any).document;
            // a table is stacked when its rows are laid out as blocks, one under another; a
            // two-column table of figures (label, value) already reads on a phone as it is
            const flat = [...d.querySelectorAll('table:not(.figures)')].filter(
              (t: any) => (globalThis as any).getComputedStyle(t.querySelector('tr') ?? t).display === 'table-row',
            );
            return {
              width: d.documentElement.scrollWidth as number,
              tables: flat.map((t: any) => t.id || t.className || t.querySelector('caption')?.textContent || '?') as string[],
            };
          });
          if (width > 390) wide.push(`${lang} ${path}: ${width} px`);
          if (tables.length) wide.push(`${lang} ${path}: tables not stacked: ${tables.join(', ')}`);
        }
      }
      expect(wide).to.deep.equal([]);
    } finally {
      await b.close();
    }
  });

  it('when JavaScript is off, then the application page reads whole', async () => {
    const b = await launchBrowser({ javaScriptEnabled: false });
    try {
      const page = await b.context.newPage();
      await page.context().addCookies(await w.pages.viewer.context().cookies(w.base));
      await page.goto(`${w.base}/portal/applications/${app.id}`);
      expect(await page.locator('#app-reason').textContent()).to.equal('paid to you');
      expect(await page.locator('#payments').textContent()).to.include('Payout');
    } finally {
      await b.close();
    }
  });

  it('when the keyboard alone is used, then the skip link, the search and a result are reachable in order', async () => {
    const page = w.pages.operator;
    await page.goto(`${w.base}/portal/applications`);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => (globalThis as any).document.activeElement?.textContent)).to.equal('Skip to content');
    await page.keyboard.press('Enter');
    await page.getByLabel('Customer name, part of an order number, variable symbol or e-mail').focus();
    await page.keyboard.type(app.order.number);
    await page.keyboard.press('Enter');
    await page.waitForURL(/q=/);
    await page.getByRole('link', { name: app.order.number }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`${w.base}/portal/applications/${app.id}`);
  });
});
