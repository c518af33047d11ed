import { expect } from 'chai';
import { provisionPartner } from '../support/partners.js';
import { waitFor } from '../support/wait.js';
import { opPath, startPortalWorld, waitForReason, type PortalWorld } from './portal-world.js';

/**
 * The money page: payouts and credit notes across applications with totals per day, and a
 * CSV export that reconciles to the minor unit with the payments API.
 */
describe('the partner portal: money', function () {
  this.timeout(240_000);
  let w: PortalWorld;
  const apps: any[] = [];
  const paymentsOf = async (id: string, token = w.h.partner.token) => (await w.h.t.client.get(`/financing/v1/applications/${id}/payments`, { token })).body.data as any[];
  before(async () => {
    w = await startPortalWorld();
    for (let i = 0; i < 2; i += 1) {
      const app = await w.approved();
      await w.put(opPath(app.id, 'send'), {});
      await w.put(opPath(app.id, 'deliver'), {});
      await waitForReason(w.h, app.id, w.h.partner, 'READY_PAID');
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
  after(async () => { await w?.stop(); });

  it('when the money page is opened, then today\'s totals sum the payouts and the credit note, in Czech as 2 400,00 Kč', async () => {
    const page = w.pages.viewer;
    await page.goto(`${w.base}/portal/money`);
    const today = page.locator('#per-day tbody tr').first();
    expect((await today.locator('td').allTextContents()).map((t) => t.replace(/\s/g, ' '))).to.deep.equal(['CZK 3,000.00', '-CZK 600.00', 'CZK 2,400.00', '3']);
    expect(await page.locator('#money-payments tbody tr').count()).to.equal(3);
    await page.goto(`${w.base}/portal/lang/cs?back=/portal/money`);
    expect((await page.locator('#per-day tbody tr').first().locator('td').nth(2).textContent())!.replace(/\s/g, ' ')).to.equal('2 400,00 Kč');
    await page.goto(`${w.base}/portal/lang/en?back=/portal/money`);
  });

  it('when the CSV is downloaded, then every line equals the payments API\'s payment, to the minor unit', async () => {
    const page = w.pages.viewer;
    await page.goto(`${w.base}/portal/money`);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()]);
    const text = await (await import('node:fs/promises')).readFile((await download.path())!, 'utf8');
    const [header, ...lines] = text.trim().split('\r\n');
    expect(header).to.equal('paymentId,applicationId,type,date,currency,grossAmount,feeAmount,valueAmount,variableSymbol,dueDate');
    const csv = lines.map((l) => l.split(','));
    const api = (await Promise.all(apps.map((a) => paymentsOf(a.id)))).flat();
    expect(csv).to.have.length(api.length);
    for (const p of api) {
      expect(csv.find((c) => c[0] === p.paymentId), p.paymentId).to.deep.equal([
        p.paymentId, p.applicationId, p.type, p.date, p.value.currency, String(p.grossValue.amount), String(p.fee.amount), String(p.value.amount), p.variableSymbol ?? '', p.invoice.dueDate,
      ]);
    }
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    expect(sum(csv.map((c) => Number(c[7])))).to.equal(sum(api.map((p) => p.value.amount)));
  });

  it('when the period is longer than 92 days or reversed, then it is refused with a clear message', async () => {
    expect((await w.pages.viewer.goto(`${w.base}/portal/money?from=2026-01-01&to=2026-06-01`))!.status()).to.equal(400);
    expect((await w.pages.viewer.goto(`${w.base}/portal/money?from=2026-02-01&to=2026-01-01`))!.status()).to.equal(400);
    expect(await w.pages.viewer.getByText('at most 92 days').count()).to.equal(1);
  });
});
