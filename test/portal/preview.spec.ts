import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { provisionPartner, type TestPartner } from '../support/partners.js';
import { waitFor } from '../support/wait.js';
import { launchBrowser } from '../gateway/browser.js';
import { systemClock } from '../../platform/clock.js';
import { CATALOGUES, fill, type Lang, type Messages } from '../../modules/portal/portal.i18n.js';
import { seriousViolations } from './axe.js';
import { completeSetup, csrfOf, postForm, signIn } from './portal-support.js';
import { opPath, startPortalWorld, waitForReason, type PortalWorld } from './portal-world.js';
import { AppError } from '../../platform/errors.js';
import { errorText } from '../../modules/portal/portal-errors.js';

/** An amount as the page shows it (`-CZK 600.00`, `−600,00 Kč`) in minor units: every figure has two decimals. */
function minorOf(text: string): number {
  const digits = text.replace(/[^\d]/g, '');
  if (!digits) throw new Error(`no amount in "${text}"`);
  return (/[-−]/.test(text) ? -1 : 1) * Number(digits);
}

/**
 * The preview of a return or cancel: the figures the API's own dry runs compute (credit note
 * gross, fee and net, the new order total, the state), shown before anything changes, then
 * a confirm that records exactly those figures, or shows the new preview when the order
 * changed in between; refusals come back on the form in the page's language.
 */
describe('the partner portal: the preview of a return or cancel', function () {
  this.timeout(300_000);
  let w: PortalWorld;
  /** a partner paid when goods are sent, with a fee of 2.5 %, and its operator's browser */
  let feePartner: TestPartner;
  let fee: Page;
  let closeFee: () => Promise<void>;
  before(async () => {
    w = await startPortalWorld();
    feePartner = await provisionPartner(w.h.t, { payoutTrigger: 'SENT', feeBps: 250 });
    const email = `operator-${feePartner.username}@shop.example`;
    const { setupToken } = await w.h.t.api.modules.portal.accounts.createUser(
      { id: feePartner.id, name: feePartner.username },
      { email, name: 'Fee operator', role: 'operator' },
    );
    const b = await launchBrowser();
    closeFee = () => b.close();
    fee = await b.context.newPage();
    const user = await completeSetup(fee, `${w.base}/portal/setup/${setupToken}`, { email, password: 'operator password 123' }, systemClock);
    await signIn(fee, w.base, user, new Date(Date.now() + 30_000));
    await fee.waitForURL(`${w.base}/portal/`);
  });
  after(async () => {
    await closeFee?.();
    await w?.stop();
  });

  const appPage = (id: string) => `${w.base}/portal/applications/${id}`;
  const lang = async (page: Page, l: Lang) => page.goto(`${w.base}/portal/lang/${l}?back=/portal/`);
  const payments = async (id: string, partner: TestPartner) =>
    (await w.h.t.client.get(`/financing/v1/applications/${id}/payments`, { token: partner.token })).body.data as any[];
  const figure = async (page: Page, key: string) => (await page.locator(`#pv-${key} td`).textContent())!.trim();
  /** An approved application of `partner` (a kettle 2 × 600.00 and delivery 300.00), everything sent through the API. */
  const sentApp = async (partner: TestPartner) => {
    const app = await w.approved(partner);
    await w.put(opPath(app.id, 'send'), {}, partner);
    await waitForReason(w.h, app.id, partner, 'READY_SHIPPED');
    return app;
  };
  /**
   * The send's payout recorded and the application marked paid (its own change, which the
   * confirm of an earlier preview would rightly call a change in between).
   */
  const paidOut = async (id: string) => {
    await waitFor('the payout', async () => (await payments(id, feePartner)).some((p) => p.type === 'PAYOUT'), { maxWait: 20_000 });
    await waitForReason(w.h, id, feePartner, 'READY_PAID');
  };
  const openReturn = async (page: Page, m: Messages, id: string) => {
    await page.goto(appPage(id));
    await page.getByRole('link', { name: m.act_return }).click();
  };

  for (const l of ['en', 'cs'] as const) {
    it(`when an operator returns part of an order in ${l}, then the preview's credit note, fee, net and new total are what the API then records, to the minor unit`, async () => {
      const m = CATALOGUES[l];
      const app = await sentApp(feePartner);
      // the payout of the send is recorded first: the credit note is against it
      await paidOut(app.id);
      await lang(fee, l);
      await openReturn(fee, m, app.id);
      // a whole kettle in English; half of one in Czech, typed with a decimal comma
      await fee.getByLabel('Electric kettle').fill(l === 'en' ? '1' : '0,5');
      await fee.getByRole('button', { name: m.pvButton }).click();
      await fee.getByRole('heading', { name: fill(m.pvTitle, { action: m.act_return }) }).waitFor();
      const shown = {
        gross: minorOf(await figure(fee, 'gross')),
        fee: minorOf(await figure(fee, 'fee')),
        net: minorOf(await figure(fee, 'net')),
        total: minorOf(await figure(fee, 'total-after')),
      };
      // 1 500.00 paid out with 37.50 fee; back: 600.00 (or 300.00) and its share of the fee
      expect(shown).to.deep.equal(
        l === 'en' ? { gross: -60000, fee: -1500, net: -58500, total: 90000 } : { gross: -30000, fee: -750, net: -29250, total: 120000 },
      );
      expect((await figure(fee, 'total-before')).replace(/\s/g, ' ')).to.include(l === 'en' ? '1,500.00' : '1 500,00');
      // nothing has changed yet
      expect((await w.h.get(app.id, feePartner)).order.totalPrice.amount).to.equal(150000);
      expect(await seriousViolations(fee)).to.deep.equal([]);

      await fee.getByRole('button', { name: fill(m.actConfirm, { action: m.act_return }) }).click();
      await fee.waitForURL(/\?done=return&op=/);
      const op = new URL(fee.url()).searchParams.get('op')!;
      // the landing page names the credit note and the new total: no reload
      const notice = (await fee.getByRole('status').textContent())!.replace(/\s/g, ' ');
      expect(notice).to.include(fill(m.actDone, { action: m.act_return }).replace(/\.$/, ''));
      expect(minorOf(notice.slice(notice.indexOf(m.pay_CREDIT_NOTE), notice.indexOf('(')))).to.equal(shown.gross);
      expect((await fee.locator('#payments').textContent())!).to.include(m.pay_CREDIT_NOTE);
      // what the API recorded: the credit note of this operation, and the order's total
      const note = (await payments(app.id, feePartner)).find((p) => p.operationId === op);
      expect(note, 'the credit note of the operation').to.exist;
      expect({ gross: note.grossValue.amount, fee: note.fee.amount, net: note.value.amount, type: note.type }).to.deep.equal({
        gross: shown.gross,
        fee: shown.fee,
        net: shown.net,
        type: 'CREDIT_NOTE',
      });
      expect((await w.h.get(app.id, feePartner)).order.totalPrice.amount).to.equal(shown.total);
      await lang(fee, 'en');
    });
  }

  it('when an amount is refunded and then the whole order is returned, then each preview names the credit note and the state the API then records', async () => {
    const m = CATALOGUES.en;
    await lang(fee, 'en');
    const app = await sentApp(feePartner);
    await paidOut(app.id);
    const confirmAndCompare = async () => {
      const shown = {
        gross: minorOf(await figure(fee, 'gross')),
        fee: minorOf(await figure(fee, 'fee')),
        net: minorOf(await figure(fee, 'net')),
        total: minorOf(await figure(fee, 'total-after')),
        state: await figure(fee, 'state-after'),
      };
      await fee.getByRole('button', { name: fill(m.actConfirm, { action: m.act_return }) }).click();
      await fee.waitForURL(/\?done=return&op=/);
      const note = (await payments(app.id, feePartner)).find((p) => p.operationId === new URL(fee.url()).searchParams.get('op'));
      const after = await w.h.get(app.id, feePartner);
      expect({ gross: note.grossValue.amount, fee: note.fee.amount, net: note.value.amount, total: after.order.totalPrice.amount }).to.deep.equal({
        gross: shown.gross,
        fee: shown.fee,
        net: shown.net,
        total: shown.total,
      });
      expect(await fee.locator('#app-state').textContent()).to.equal(shown.state.split(' / ')[0]);
      return shown;
    };
    // an amount only: 123.45 back of 1 500.00
    await openReturn(fee, m, app.id);
    await fee.getByRole('radio', { name: m.returnAmount }).check();
    await fee.getByLabel(fill(m.refundAmount, { currency: 'CZK' })).fill('123,45');
    await fee.getByRole('button', { name: m.pvButton }).click();
    expect((await figure(fee, 'what')).replace(/\s/g, ' ')).to.equal('An amount of CZK 123.45');
    expect((await confirmAndCompare()).gross).to.equal(-12345);
    // then everything that is left
    await openReturn(fee, m, app.id);
    await fee.getByRole('radio', { name: m.returnAll }).check();
    await fee.getByRole('button', { name: m.pvButton }).click();
    const all = await confirmAndCompare();
    expect(all.total).to.equal(0);
    expect(all.state).to.equal(`${m.state_CANCELLED} / ${m.reason_CANCELLED_RETURNED}`);
    // payouts and credit notes of the application come to nothing
    expect((await payments(app.id, feePartner)).reduce((a, p) => a + p.value.amount, 0)).to.equal(0);
  });

  it('when the order changes between the preview and the confirm, then nothing is applied and the new preview is shown with a message', async () => {
    const m = CATALOGUES.en;
    await lang(fee, 'en');
    const app = await sentApp(feePartner);
    await paidOut(app.id);
    await openReturn(fee, m, app.id);
    await fee.getByLabel('Electric kettle').fill('1');
    await fee.getByRole('button', { name: m.pvButton }).click();
    expect(minorOf(await figure(fee, 'total-after'))).to.equal(90000);
    // another call in between: the shop's system returns the delivery fee through the API
    await w.put(opPath(app.id, 'return'), { items: [{ code: 'SHIP' }] }, feePartner);
    await fee.getByRole('button', { name: fill(m.actConfirm, { action: m.act_return }) }).click();
    await fee.getByRole('alert').waitFor();
    expect((await fee.getByRole('alert').textContent())!).to.equal(m.pvStale);
    // the new figures: 1 500 − 300 − 600
    expect(minorOf(await figure(fee, 'total-after'))).to.equal(60000);
    const stale = await w.h.get(app.id, feePartner);
    expect(stale.order.totalPrice.amount, 'only the API call took effect').to.equal(120000);
    const shown = { gross: minorOf(await figure(fee, 'gross')), fee: minorOf(await figure(fee, 'fee')), net: minorOf(await figure(fee, 'net')) };
    // confirmed again on the new preview: exactly its figures are recorded
    await fee.getByRole('button', { name: fill(m.actConfirm, { action: m.act_return }) }).click();
    await fee.waitForURL(/\?done=return&op=/);
    const op = new URL(fee.url()).searchParams.get('op')!;
    const note = (await payments(app.id, feePartner)).find((p) => p.operationId === op);
    expect({ gross: note.grossValue.amount, fee: note.fee.amount, net: note.value.amount }).to.deep.equal(shown);
    expect((await w.h.get(app.id, feePartner)).order.totalPrice.amount).to.equal(60000);
  });

  it('when items are cancelled before anything was paid out, then the preview says there is no credit note and the landing page says the same with the new total', async () => {
    const m = CATALOGUES.en;
    const page = w.pages.operator;
    await lang(page, 'en');
    const app = await w.approved();
    // one kettle sent; the partner is paid on delivery: nothing was paid out
    await w.put(opPath(app.id, 'send'), { items: [{ code: 'KTL-1', quantity: 1 }] });
    await page.goto(appPage(app.id));
    await page.getByRole('link', { name: m['act_cancel-items'] }).click();
    await page.getByLabel('Electric kettle').fill('1');
    await page.getByRole('button', { name: m.pvButton }).click();
    expect(await page.locator('#pv-no-credit-note').textContent()).to.equal(m.pvNoCreditNote);
    expect(await page.locator('#pv-gross').count()).to.equal(0);
    expect(minorOf(await figure(page, 'total-after'))).to.equal(90000);
    await page.getByRole('button', { name: fill(m.actConfirm, { action: m['act_cancel-items'] }) }).click();
    await page.waitForURL(/\?done=cancel-items&op=/);
    expect((await page.getByRole('status').textContent())!.replace(/\s/g, ' ')).to.equal(
      fill(m.pvDoneNoPayment, { action: m['act_cancel-items'], total: 'CZK 900.00' }).replace(/\s/g, ' '),
    );
    expect((await w.h.get(app.id)).order.totalPrice.amount).to.equal(90000);
    expect(await payments(app.id, w.h.partner)).to.deep.equal([]);
  });

  for (const l of ['en', 'cs'] as const) {
    it(`when the quantity is above what was sent, or nothing is named, in ${l}, then the form comes back with the API's refusal in the page's language, never a 500`, async () => {
      const m = CATALOGUES[l];
      const page = w.pages.operator;
      const app = await sentApp(w.h.partner);
      await lang(page, l);
      await openReturn(page, m, app.id);
      await page.getByLabel('Electric kettle').fill('5');
      const [res] = await Promise.all([
        page.waitForResponse((r) => r.url().endsWith('/act/return/preview')),
        page.getByRole('button', { name: m.pvButton }).click(),
      ]);
      expect(res.status()).to.equal(422);
      expect((await page.getByRole('alert').textContent())!.replace(/\s/g, ' ')).to.equal(
        errorText(m, new AppError('UNPROCESSABLE', '', { attribute: 'items[0].quantity' }), { items: ['Electric kettle'] }).replace(/\s/g, ' '),
      );
      // the form keeps what was typed
      expect(await page.getByLabel('Electric kettle').inputValue()).to.equal('5');
      await page.getByLabel('Electric kettle').fill('');
      await page.getByRole('button', { name: m.pvButton }).click();
      expect((await page.getByRole('alert').textContent())!).to.equal(m.needItems);
      // a confirm forged with a bad quantity is refused the same way (and a confirm without a preview shows one)
      const csrf = await csrfOf(page);
      const forged = await postForm(w.h.t, page, `/portal/applications/${app.id}/act/return`, {
        csrf,
        key: crypto.randomUUID(),
        version: '1',
        mode: 'items',
        q0: '1,2345',
      });
      expect(forged.status).to.equal(400);
      expect(forged.text).to.include('1,2345').and.include(m.errBadQuantity.split('{text}')[1]!);
      const unseen = await postForm(w.h.t, page, `/portal/applications/${app.id}/act/return`, { csrf, key: crypto.randomUUID(), mode: 'items', q0: '1' });
      expect(unseen.status).to.equal(200);
      expect(unseen.text).to.include(m.pvNeedPreview);
      expect((await w.h.get(app.id)).order.totalPrice.amount, 'nothing returned').to.equal(150000);
      await lang(page, 'en');
    });
  }

  it('when the preview is opened on a phone (390 px) in either language, then it does not scroll sideways and axe finds nothing serious', async () => {
    const app = await sentApp(feePartner);
    const phone = await launchBrowser({ viewport: { width: 390, height: 844 } });
    try {
      // the fee operator's session in a phone-sized browser
      await phone.context.addCookies(await fee.context().cookies(w.base));
      const page = await phone.context.newPage();
      for (const l of ['en', 'cs'] as const) {
        const m = CATALOGUES[l];
        await lang(page, l);
        await openReturn(page, m, app.id);
        await page.getByRole('radio', { name: m.returnAll }).check();
        await page.getByRole('button', { name: m.pvButton }).click();
        await page.locator('#preview').waitFor();
        expect(await page.evaluate(() => (globalThis as any).document.documentElement.scrollWidth as number), l).to.be.at.most(390);
        expect(await seriousViolations(page), l).to.deep.equal([]);
      }
    } finally {
      await phone.close();
    }
  });
});
