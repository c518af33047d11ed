import { expect } from 'chai';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { waitFor } from '../support/wait.js';
import { provisionPartner } from '../support/partners.js';
import { seriousViolations } from './axe.js';
import { opPath, startPortalWorld, type PortalWorld } from './portal-world.js';

const CLOSE = '/financing/v1/sandbox/settlements/close';

/**
 * Month-end in the portal alone: the settlements, each one's figures, lines and report (the
 * API's own CSV, and the variant for Czech Excel), each payment tied to its settlement, and
 * the open balance; in both languages, at 390 px, with axe.
 */
describe('the partner portal: settlements', function () {
  this.timeout(300_000);
  let w: PortalWorld;
  let page: Page;
  let settlement: any;
  let settled: any;
  let open: any;
  const api = (path: string) => w.h.t.client.get(path, { token: w.h.partner.token });
  const paymentsOf = async (id: string) => (await api(`/financing/v1/applications/${id}/payments`)).body.data as any[];
  const visit = async (path: string, lang: 'en' | 'cs') => {
    const res = await page.goto(`${w.base}/portal/lang/${lang}?back=${encodeURIComponent(path)}`);
    expect(res!.status(), path).to.equal(200);
  };
  const fits = async (what: string) => {
    const width = await page.evaluate(() => (globalThis as any).document.documentElement.scrollWidth as number);
    expect(width, `${what} is ${width} px wide`).to.be.at.most(390);
    expect(await seriousViolations(page), what).to.deep.equal([]);
  };
  const download = async (name: string) => {
    const [d] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name }).click()]);
    return readFile((await d.path())!, 'utf8');
  };
  const text = (s: string | null) => (s ?? '').replace(/\s/g, ' ').trim();

  before(async () => {
    w = await startPortalWorld();
    await w.h.t.api.modules.auth.admin.setBankAccount(w.h.partner.username, '19-2000145399/0800');
    settled = await w.paid();
    await w.paid();
    await w.put(opPath(settled.id, 'return'), { items: [{ code: 'KTL-1', quantity: 1 }] });
    await waitFor('the credit note', async () => (await paymentsOf(settled.id)).length === 2, { maxWait: 20_000 });
    const closed = await w.h.t.client.post(CLOSE, {}, { token: w.h.partner.token });
    expect(closed.status).to.equal(201);
    settlement = closed.body;
    open = await w.paid();
    page = w.pages.viewer;
    await page.setViewportSize({ width: 390, height: 844 });
  });
  after(async () => {
    await w?.stop();
  });

  it('when the settlements are opened, then each shows its reference, payouts and credit notes (gross), fees and transfer, and the next transfer so far holds the open payout', async () => {
    const [openPayout] = await paymentsOf(open.id);
    for (const lang of ['en', 'cs'] as const) {
      await visit('/portal/settlements', lang);
      const row = page.locator('#settlements tbody tr');
      expect(await row.count()).to.equal(1);
      expect(text(await row.locator('td').first().textContent())).to.equal('0000000001');
      expect(text(await page.locator('#open-count').textContent())).to.equal('1');
      const transfer = text(await page.locator('#open-transfer td').textContent());
      expect(transfer).to.equal(lang === 'en' ? `CZK ${(openPayout.value.amount / 100).toLocaleString('en-GB', { minimumFractionDigits: 2 })}` : transfer);
      await fits(`settlements (${lang})`);
    }
  });

  it("when a settlement is opened, then its figures are the API's, its lines carry order numbers, and both reports download: the API's CSV and the Czech Excel one", async () => {
    const lines = (await api(`/financing/v1/settlements/${settlement.id}?limit=100`)).body.lines as any[];
    const apiReport = (await api(`/financing/v1/settlements/${settlement.id}/report.csv`)).text as string;
    const orders = apiReport
      .trim()
      .split('\r\n')
      .slice(1, -5)
      .map((r) => r.split(',')[4]);
    for (const lang of ['en', 'cs'] as const) {
      await visit(`/portal/settlements/${settlement.id}`, lang);
      expect(text(await page.locator('#st-reference').textContent())).to.equal('0000000001');
      expect(text(await page.locator('#st-account').textContent())).to.equal('19-2000145399/0800');
      const amount = async (key: string) => text(await page.locator(`#figures-${key} td`).textContent());
      const fmt = (minor: number) =>
        new Intl.NumberFormat(lang === 'en' ? 'en-GB' : 'cs-CZ', { style: 'currency', currency: 'CZK' }).format(minor / 100).replace(/\s/g, ' ');
      expect(await amount('gross')).to.equal(fmt(settlement.gross.amount));
      expect(await amount('refunds')).to.equal(fmt(settlement.refunds.amount));
      expect(await amount('fees')).to.equal(fmt(settlement.fees.amount));
      expect(await amount('transfer')).to.equal(fmt(settlement.transfer.amount));
      expect(await amount('lines-gross')).to.equal(fmt(settlement.gross.amount + settlement.refunds.amount));
      const cells = await page.locator('#settlement-lines tbody tr td:nth-child(3)').allTextContents();
      expect(cells.map(text).sort()).to.deep.equal([...orders].sort());
      expect(cells).to.have.length(lines.length);
      expect(cells.join(' ')).not.to.contain(settled.id);
      await fits(`settlement (${lang})`);
    }
    // paged by paymentId like the API: after the first line come the others; a cursor not of this settlement is refused
    const ids = lines.map((l) => l.paymentId).sort();
    await page.goto(`${w.base}/portal/settlements/${settlement.id}?after=${ids[0]}`);
    expect(await page.locator('#settlement-lines tbody tr').count()).to.equal(ids.length - 1);
    expect((await page.goto(`${w.base}/portal/settlements/${settlement.id}?after=${settlement.id}`))!.status()).to.equal(400);
    await visit(`/portal/settlements/${settlement.id}`, 'en');
    expect(await download('Download the report (CSV)')).to.equal(apiReport);
    const excel = await download('Report for Czech Excel (CSV with semicolons)');
    expect(excel.charCodeAt(0)).to.equal(0xfeff);
    const asExcel = apiReport
      .split('\r\n')
      .map((r) =>
        r
          .split(',')
          .map((c) => (/^-?\d+\.\d{2}$/.test(c) ? c.replace('.', ',') : c))
          .join(';'),
      )
      .join('\r\n');
    expect(excel.slice(1)).to.equal(asExcel);
  });

  it('when a payment is shown on the money or application page, then it links to its settlement or says it awaits one', async () => {
    for (const lang of ['en', 'cs'] as const) {
      const awaiting = lang === 'en' ? 'awaiting settlement' : 'čeká na vyúčtování';
      await visit(`/portal/applications/${settled.id}`, lang);
      expect((await page.locator('#payments a[href^="/portal/settlements/"]').allTextContents()).map(text)).to.deep.equal(['0000000001', '0000000001']);
      await fits(`application (${lang})`);
      await visit(`/portal/applications/${open.id}`, lang);
      expect(text(await page.locator('#payments tbody tr td').last().textContent())).to.equal(awaiting);
      await fits(`application awaiting settlement (${lang})`);
      await visit('/portal/money', lang);
      const settlementCells = (await page.locator('#money-payments tbody tr td:nth-child(8)').allTextContents()).map(text).sort();
      expect(settlementCells).to.deep.equal(['0000000001', '0000000001', '0000000001', awaiting].sort());
      await fits(`money (${lang})`);
      await page.locator('#money-payments a[href^="/portal/settlements/"]').first().click();
      expect(page.url()).to.equal(`${w.base}/portal/settlements/${settlement.id}`);
    }
  });

  it("when another partner's settlement, an unknown or a malformed id is asked for, then each answers 404 alike, the report too", async () => {
    const other = await provisionPartner(w.h.t);
    await w.paid(other);
    const closed = await w.h.t.client.post(CLOSE, {}, { token: other.token });
    expect(closed.status).to.equal(201);
    const mine = await w.h.t.client.request('GET', `/portal/settlements/${settlement.id}/report.csv`, {
      headers: { Cookie: (await page.context().cookies(w.base)).map((c) => `${c.name}=${c.value}`).join('; ') },
    });
    expect(mine.status).to.equal(200);
    for (const path of [
      `/portal/settlements/${closed.body.id}`,
      `/portal/settlements/${closed.body.id}/report.csv`,
      '/portal/settlements/00000000-0000-4000-8000-000000000000',
      '/portal/settlements/nope',
    ]) {
      // through HTTP with the browser's cookies: a CSV served would be a download, not a page
      const res = await w.h.t.client.request('GET', path, {
        headers: { Accept: 'text/html', Cookie: (await page.context().cookies(w.base)).map((c) => `${c.name}=${c.value}`).join('; ') },
      });
      expect(res.status, path).to.equal(404);
      expect(res.text, path).not.to.contain('settlementReference');
    }
  });
});
