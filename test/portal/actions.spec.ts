import { expect } from 'chai';
import { provisionPartner } from '../support/partners.js';
import { waitFor } from '../support/wait.js';
import { csrfOf, postForm } from './portal-support.js';
import { startPortalWorld, waitForReason, type PortalWorld } from './portal-world.js';

const ACTIONS = ['cancel', 'send', 'deliver', 'return', 'cancel-items'];

/**
 * Actions from the portal: exactly the application's allowedActions, each behind a
 * confirmation page, through the API's own use cases with the form's idempotency key, and
 * refused on the server to a viewer and for another partner's application.
 */
describe('the partner portal: actions on an application', function () {
  this.timeout(240_000);
  let w: PortalWorld;
  before(async () => {
    w = await startPortalWorld();
  });
  after(async () => {
    await w?.stop();
  });

  const appPage = (id: string) => `${w.base}/portal/applications/${id}`;

  it('when an operator cancels an approved application, then the confirmation page does it once, even when the form is sent twice', async () => {
    const app = await w.approved();
    const page = w.pages.operator;
    await page.goto(appPage(app.id));
    const offered = await page.locator('#act-h + ul a').allTextContents();
    expect(offered).to.deep.equal(['Cancel the application', 'Mark items as sent', 'Mark items as delivered', 'Cancel items']);
    await page.getByRole('link', { name: 'Cancel the application' }).click();
    await page.getByLabel('Reason').selectOption('APPLICATION_CANCELLED_BY_CUSTOMER');
    // the preview first: what the cancel leads to, nothing changed yet
    await page.getByRole('button', { name: 'Preview the result' }).click();
    expect(await page.locator('#pv-state-after td').textContent()).to.equal('Cancelled / cancelled before payment');
    expect(await page.locator('#pv-no-credit-note').count()).to.equal(1);
    const form = {
      csrf: await csrfOf(page),
      key: (await page.locator('input[name=key]').getAttribute('value'))!,
      version: (await page.locator('input[name=version]').getAttribute('value'))!,
      reason: 'APPLICATION_CANCELLED_BY_CUSTOMER',
      customReason: '',
    };
    // the double click: the same form twice at once, then once more
    const [a, b] = await Promise.all([
      postForm(w.h.t, page, `/portal/applications/${app.id}/act/cancel`, form),
      postForm(w.h.t, page, `/portal/applications/${app.id}/act/cancel`, form),
    ]);
    const c = await postForm(w.h.t, page, `/portal/applications/${app.id}/act/cancel`, form);
    expect([a.status, b.status, c.status].filter((s) => s === 303).length, `${a.status} ${b.status} ${c.status}`).to.be.at.least(2);
    const after = await waitForReason(w.h, app.id, w.h.partner, 'CANCELLED_NOT_PAID');
    expect(after.state).to.equal('CANCELLED');
    const doc = await w.h.t.api.runtime.db.collection('applications').findOne({ _id: app.id });
    expect(doc!.history.filter((x: any) => x.stateReason === 'CANCELLED_NOT_PAID')).to.have.length(1);
    await page.goto(appPage(app.id));
    expect(await page.locator('#app-reason').textContent()).to.equal('cancelled before payment');
    expect(await page.getByText('No action is possible in this state.').count()).to.equal(1);
  });

  it('when a viewer tries every action, then each is refused on the server and the application is unchanged', async () => {
    const app = await w.approved();
    const page = w.pages.viewer;
    await page.goto(appPage(app.id));
    expect(await page.locator('#act-h + ul a').count()).to.equal(0);
    const csrf = await csrfOf(page);
    for (const action of ACTIONS) {
      expect((await page.goto(`${appPage(app.id)}/act/${action}`))!.status(), action).to.equal(403);
      const res = await postForm(w.h.t, page, `/portal/applications/${app.id}/act/${action}`, {
        csrf,
        key: crypto.randomUUID(),
        reason: 'APPLICATION_CANCELLED_OTHER',
        mode: 'all',
        q0: '1',
      });
      expect(res.status, action).to.equal(403);
      // the preview of the choice is refused the same way
      const preview = await postForm(w.h.t, page, `/portal/applications/${app.id}/act/${action}/preview`, {
        csrf,
        mode: 'all',
        q0: '1',
        reason: 'APPLICATION_CANCELLED_OTHER',
      });
      expect(preview.status, `${action} preview`).to.equal(403);
    }
    expect((await w.h.get(app.id)).stateReason).to.equal('READY_TO_SHIP');
    await w.pages.owner.goto(`${w.base}/portal/audit`);
    expect((await w.pages.owner.getByRole('table').textContent())!)
      .to.include('application.cancel-items')
      .and.include('refused');
  });

  it("when an operator names another partner's application, then every action is not found and nothing changes", async () => {
    const other = await provisionPartner(w.h.t);
    const theirs = await w.approved(other);
    const page = w.pages.operator;
    await page.goto(`${w.base}/portal/applications`);
    const csrf = await csrfOf(page);
    for (const action of ACTIONS) {
      expect((await page.goto(`${appPage(theirs.id)}/act/${action}`))!.status(), action).to.equal(404);
      const res = await postForm(w.h.t, page, `/portal/applications/${theirs.id}/act/${action}`, {
        csrf,
        key: crypto.randomUUID(),
        reason: 'APPLICATION_CANCELLED_OTHER',
        mode: 'all',
      });
      expect(res.status, action).to.equal(404);
      const preview = await postForm(w.h.t, page, `/portal/applications/${theirs.id}/act/${action}/preview`, {
        csrf,
        mode: 'all',
        reason: 'APPLICATION_CANCELLED_OTHER',
      });
      expect(preview.status, `${action} preview`).to.equal(404);
    }
    expect((await w.h.get(theirs.id, other)).stateReason).to.equal('READY_TO_SHIP');
  });

  it('when an action is not allowed in the state, then its page refuses it', async () => {
    const app = await w.approved();
    expect((await w.pages.operator.goto(`${appPage(app.id)}/act/return`))!.status()).to.equal(409);
  });

  it('when the support agent is asked "I returned one item, when do I get my money back?", then the portal alone answers it', async () => {
    const app = await w.approved();
    // the shop ships and delivers from the portal
    const op = w.pages.operator;
    for (const [action, label] of [
      ['send', 'Mark items as sent'],
      ['deliver', 'Mark items as delivered'],
    ] as const) {
      await op.goto(appPage(app.id));
      await op.getByRole('link', { name: label }).click();
      await op.getByRole('button', { name: `Confirm: ${label}` }).click();
      await op.waitForURL(`${appPage(app.id)}?done=${action}`);
    }
    await waitForReason(w.h, app.id, w.h.partner, 'READY_PAID');
    // the parcel with one kettle comes back: returned from the portal
    await op.goto(appPage(app.id));
    await op.getByRole('link', { name: 'Return items or an amount' }).click();
    await op.getByLabel('Electric kettle').fill('1');
    await op.getByRole('button', { name: 'Preview the result' }).click();
    await op.getByRole('button', { name: 'Confirm: Return items or an amount' }).click();
    await op.waitForURL(/\?done=return&op=/);
    expect(await op.getByRole('status').textContent()).to.include('Done');
    await waitFor(
      'the credit note',
      async () =>
        (await w.h.t.client.get(`/financing/v1/applications/${app.id}/payments`, { token: w.h.partner.token })).body.data?.some(
          (p: any) => p.type === 'CREDIT_NOTE',
        ),
      { maxWait: 20_000 },
    );

    // the agent takes the call: finds the customer by e-mail, opens the application
    const agent = w.pages.viewer;
    await agent.goto(`${w.base}/portal/applications`);
    await agent.getByLabel('Customer name, part of an order number, variable symbol or e-mail').fill(app.customer.email);
    await agent.getByRole('button', { name: 'Apply' }).click();
    await agent.getByRole('link', { name: app.order.number }).click();
    // one kettle returned
    expect(
      (
        await agent
          .getByRole('row', { name: /Electric kettle/ })
          .locator('td')
          .allTextContents()
      )[3],
    ).to.equal('1');
    // the customer owes less: the plan shows the new amount (1 500 − 600 = 900 Kč) and when
    const plan = (await agent.locator('#plan-h + table').textContent())!;
    expect(plan.replace(/\s/g, ' ')).to.include('900.00');
    // the shop's side: the credit note of the kettle (600 Kč) with its due date
    const payments = (await agent.locator('#payments').textContent())!.replace(/\s/g, ' ');
    expect(payments).to.include('Credit note').and.include('-CZK 600.00');
    const api = (await w.h.t.client.get(`/financing/v1/applications/${app.id}/payments`, { token: w.h.partner.token })).body.data.find(
      (p: any) => p.type === 'CREDIT_NOTE',
    );
    expect(payments).to.include(
      new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'Europe/Prague' }).format(new Date(`${api.invoice.dueDate}T12:00:00Z`)),
    );
    // and the shop's system was told (the timeline shows the RETURN and the notification's delivery)
    const timeline = (await agent.locator('ol.timeline').textContent())!;
    expect(timeline).to.include('Returned').and.include('Credit note');
  });
});
