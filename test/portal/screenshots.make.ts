import { fileURLToPath } from 'node:url';
import { opPath, startPortalWorld, type PortalWorld } from './portal-world.js';
import { waitFor } from '../support/wait.js';

/**
 * The screenshots of docs/portal.md, made from a real purchase (npm run -s
 * portal:screenshots), so they can be made again whenever the pages change.
 */
describe('portal screenshots for docs/portal.md', function () {
  let w: PortalWorld;
  after(async () => {
    await w?.stop();
  });

  it('makes them', async () => {
    w = await startPortalWorld();
    const app = await w.paid();
    await w.put(opPath(app.id, 'return'), { items: [{ code: 'KTL-1', quantity: 1 }] });
    for (let i = 0; i < 3; i += 1) await w.approved();
    // a settlement of the payout and the credit note, and one payout after it awaiting the next
    await w.h.t.api.modules.auth.admin.setBankAccount(w.h.partner.username, '19-2000145399/0800');
    await waitFor(
      'the credit note',
      async () => (await w.h.t.client.get(`/financing/v1/applications/${app.id}/payments`, { token: w.h.partner.token })).body.data?.length === 2,
      { maxWait: 20_000 },
    );
    const settlement = (await w.h.t.client.post('/financing/v1/sandbox/settlements/close', {}, { token: w.h.partner.token })).body;
    await w.paid(); // a payout after the settlement, awaiting the next one
    await new Promise((r) => setTimeout(r, 3000)); // the credit note's notification and its retry: for the picture only
    // PORTAL_SCREENSHOTS=money,settlements makes only those pictures
    const only = process.env.PORTAL_SCREENSHOTS?.split(',');
    const shot = async (path: string, name: string, lang: 'en' | 'cs' = 'en', height = 760) => {
      if (only && !only.includes(name)) return;
      const page = w.pages.owner;
      await page.setViewportSize({ width: 1024, height });
      await page.goto(`${w.base}/portal/lang/${lang}?back=${encodeURIComponent(path)}`);
      await page.screenshot({ path: fileURLToPath(new URL(`../../docs/portal/${name}.png`, import.meta.url)) });
    };
    await shot('/portal/applications', 'applications');
    await shot(`/portal/applications/${app.id}`, 'application', 'en', 1400);
    await shot(`/portal/applications/${app.id}`, 'application-cs', 'cs', 900);
    await shot(`/portal/applications/${app.id}/act/return`, 'return');
    // the preview of returning the other kettle: the form posted, as a person does
    if (!only || only.includes('return-preview')) {
      const page = w.pages.owner;
      await page.setViewportSize({ width: 1024, height: 820 });
      await page.goto(`${w.base}/portal/lang/en?back=${encodeURIComponent(`/portal/applications/${app.id}/act/return`)}`);
      await page.getByLabel('Electric kettle').fill('1');
      await page.getByRole('button', { name: 'Preview the result' }).click();
      await page.locator('#preview').waitFor();
      await page.screenshot({ path: fileURLToPath(new URL('../../docs/portal/return-preview.png', import.meta.url)) });
    }
    await shot('/portal/webhooks', 'webhooks');
    // a delivery whose first attempt failed (the world's endpoint fails each first attempt)
    const retried = await w.relay.deliveries.collection.findOne({ partnerId: w.h.partner.id, attemptCount: { $gte: 2 } });
    if (retried) await shot(`/portal/webhooks/deliveries/${retried._id}`, 'delivery', 'en', 1300);
    const phone = async (path: string, name: string, lang: 'en' | 'cs') => {
      if (only && !only.includes(name)) return;
      const page = w.pages.owner;
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${w.base}/portal/lang/${lang}?back=${encodeURIComponent(path)}`);
      await page.screenshot({ path: fileURLToPath(new URL(`../../docs/portal/${name}.png`, import.meta.url)) });
    };
    await phone('/portal/applications', 'phone-applications', 'cs');
    await shot('/portal/money', 'money', 'cs', 1000);
    await shot('/portal/settlements', 'settlements', 'en', 900);
    await shot(`/portal/settlements/${settlement.id}`, 'settlement', 'en', 1100);
    await w.h.t.api.modules.portal.requestLog.flush();
    await shot('/portal/developers', 'developers', 'en', 900);
    await shot('/portal/users', 'users');
    await shot('/portal/audit', 'audit');
    if (only && !only.includes('sign-in')) return;
    const { launchBrowser } = await import('../gateway/browser.js');
    const b = await launchBrowser();
    const p = await b.context.newPage();
    await p.setViewportSize({ width: 1024, height: 620 });
    await p.goto(`${w.base}/portal/sign-in`);
    await p.screenshot({ path: fileURLToPath(new URL('../../docs/portal/sign-in.png', import.meta.url)) });
    await b.close();
  });
});
