import { expect } from 'chai';
import { provisionPartner } from '../support/partners.js';
import { waitFor } from '../support/wait.js';
import { opPath, startPortalWorld, type PortalWorld } from './portal-world.js';

/**
 * The money page: payouts and credit notes across applications with totals per day, and a
 * CSV export that reconciles to the minor unit with the payments API.
 */
describe('the partner portal: money', function () {
  this.timeout(240_000);
  let w: PortalWorld;
  const apps: any[] = [];
  const paymentsOf = async (id: string, token = w.h.partner.token) =>
    (await w.h.t.client.get(`/financing/v1/applications/${id}/payments`, { token })).body.data as any[];
  before(async () => {
    w = await startPortalWorld();
    for (let i = 0; i < 2; i += 1) {
      const app = await w.paid();
      apps.push(app);
    }
    await w.put(opPath(apps[0].id, 'return'), { items: [{ code: 'KTL-1', quantity: 1 }] });
    await waitFor('the credit note', async () => (await paymentsOf(apps[0].id)).length === 2, { maxWait: 20_000 });
    // another partner's payout must not appear
    const other = await provisionPartner(w.h.t);
    const theirs = await w.approved(other);
    await w.put(opPath(theirs.id, 'send'), {}, other);
    await w.put(opPath(theirs.id, 'deliver'), {}, other);
    await waitFor('the other payout', async () => (await paymentsOf(theirs.id, other.token)).length === 1, { maxWait: 20_000 });
  });
  after(async () => {
    await w?.stop();
  });

  it("when the money page is opened, then today's totals say gross, credit notes, fee and net, a total row sums the period, and the payments show order numbers", async () => {
    const page = w.pages.viewer;
    await page.goto(`${w.base}/portal/money`);
    const today = page.locator('#per-day tbody tr').first();
    expect((await today.locator('td').allTextContents()).map((t) => t.replace(/\s/g, ' '))).to.deep.equal([
      'CZK 3,000.00',
      '-CZK 600.00',
      'CZK 0.00',
      'CZK 2,400.00',
      '3',
    ]);
    expect((await page.locator('#period-total td').allTextContents()).map((t) => t.replace(/\s/g, ' '))).to.deep.equal([
      'CZK 3,000.00',
      '-CZK 600.00',
      'CZK 0.00',
      'CZK 2,400.00',
      '3',
    ]);
    expect(await page.locator('#per-day thead').textContent()).to.contain('Payouts (gross)');
    expect(await page.locator('#money-what').textContent()).to.contain('net (gross − fee) is what is paid');
    expect(await page.locator('#money-payments tbody tr').count()).to.equal(3);
    const orders = (await page.locator('#money-payments tbody td:nth-child(3)').allTextContents()).map((t) => t.trim());
    expect([...new Set(orders)].sort()).to.deep.equal(apps.map((a) => a.order.number).sort());
    await page.goto(`${w.base}/portal/lang/cs?back=/portal/money`);
    expect((await page.locator('#period-total td').nth(3).textContent())!.replace(/\s/g, ' ')).to.equal('2 400,00 Kč');
    await page.goto(`${w.base}/portal/lang/en?back=/portal/money`);
  });

  it("when the CSV is downloaded, then it has the settlement report's columns and every line equals the payments API's payment, in CZK with decimals", async () => {
    const page = w.pages.viewer;
    await page.goto(`${w.base}/portal/money`);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()]);
    const text = await (await import('node:fs/promises')).readFile((await download.path())!, 'utf8');
    const [header, ...lines] = text.trim().split('\r\n');
    expect(header).to.equal(
      'settlementReference,paymentId,date,type,orderNumber,variableSymbol,applicationId,operationId,operationType,idempotencyKey,gross,fee,net,currency',
    );
    const csv = lines.map((l) => l.split(','));
    const api = (await Promise.all(apps.map((a) => paymentsOf(a.id)))).flat();
    expect(csv).to.have.length(api.length);
    const dec = (minor: number) => (minor / 100).toFixed(2);
    for (const p of api) {
      const row = csv.find((c) => c[1] === p.paymentId)!;
      expect([row[0], row[2], row[3], row[6], row[7], row[10], row[11], row[12], row[13]], p.paymentId).to.deep.equal([
        '',
        p.date,
        p.type,
        p.applicationId,
        p.operationId ?? '',
        dec(p.grossValue.amount),
        dec(p.fee.amount),
        dec(p.value.amount),
        p.value.currency,
      ]);
    }
    const cents = (t: string) => Math.round(Number(t) * 100);
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    expect(sum(csv.map((c) => cents(c[12]!)))).to.equal(sum(api.map((p) => p.value.amount)));
    const [excel] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'CSV for Czech Excel' }).click()]);
    const excelText = await (await import('node:fs/promises')).readFile((await excel.path())!, 'utf8');
    expect(excelText.charCodeAt(0)).to.equal(0xfeff);
    expect(excelText.slice(1).split('\r\n')[0]).to.equal(header!.replace(/,/g, ';'));
  });

  it('when the period is longer than 92 days, then the page says why it shows no day totals and the export covers it all; a reversed period is refused', async () => {
    const page = w.pages.viewer;
    const from = new Date(Date.now() - 200 * 86_400_000).toISOString().slice(0, 10);
    expect((await page.goto(`${w.base}/portal/money?from=${from}`))!.status()).to.equal(200);
    expect(await page.locator('#too-long').textContent()).to.contain('The export below has no limit');
    const csv = await w.h.t.client.request('GET', `/portal/money.csv?from=${from}`, {
      headers: { Cookie: (await page.context().cookies(w.base)).map((c) => `${c.name}=${c.value}`).join('; ') },
    });
    expect(csv.status).to.equal(200);
    expect(csv.text.trim().split('\r\n')).to.have.length(4);
    expect((await page.goto(`${w.base}/portal/money?from=2026-02-01&to=2026-01-01`))!.status()).to.equal(400);
  });
});
