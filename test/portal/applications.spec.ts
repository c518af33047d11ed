import { expect } from 'chai';
import { waitFor } from '../support/wait.js';
import { opPath, startPortalWorld, type PortalWorld } from './portal-world.js';

/**
 * The applications pages after a real purchase: created over the API, approved through the
 * gateway and the sandbox decision, sent, delivered, one item returned; the partner's
 * webhook endpoint fails each first attempt and then recovers, and the relay retries.
 */
describe('the partner portal: applications and their timeline', function () {
  this.timeout(180_000);
  let w: PortalWorld;
  let app: any;
  before(async () => {
    w = await startPortalWorld();
    app = await w.paid();
    await w.put(opPath(app.id, 'return'), { items: [{ code: 'KTL-1', quantity: 1 }] });
    // every notification of the application acknowledged on its retry
    await waitFor(
      'the credit note acknowledged',
      () => {
        const acked = w.endpoint.requests.filter((r) => r.body.includes(app.id) && r.body.includes('CREDIT_NOTE'));
        return acked.length >= 2;
      },
      { maxWait: 30_000 },
    );
  });
  after(async () => {
    await w?.stop();
  });

  it('when the viewer searches by order number, variable symbol or e-mail, then the list finds exactly that application', async () => {
    const page = w.pages.viewer;
    for (const q of [app.order.number, app.order.variableSymbols[0], app.customer.email]) {
      await page.goto(`${w.base}/portal/applications`);
      await page.getByLabel('Customer name, part of an order number, variable symbol or e-mail').fill(q);
      await page.getByRole('button', { name: 'Apply' }).click();
      expect(await page.locator('table tbody tr').count(), q).to.equal(1);
      expect(await page.getByRole('link', { name: app.order.number }).count(), q).to.equal(1);
    }
    await page.goto(`${w.base}/portal/applications?q=nothing-like-this`);
    expect(await page.getByText('No application matches.').count()).to.equal(1);
    await page.goto(`${w.base}/portal/applications?state=READY&type=DEFERRED_PAYMENT`);
    expect(await page.getByRole('link', { name: app.order.number }).count()).to.equal(1);
    await page.goto(`${w.base}/portal/applications?state=REJECTED`);
    expect(await page.getByRole('link', { name: app.order.number }).count()).to.equal(0);
    expect((await page.goto(`${w.base}/portal/applications?state=NOPE`))!.status()).to.equal(400);
  });

  it('when the application page is opened, then it shows the quantities, the plan, the payout and the credit note, and a timeline in words whose delivery attempts are folded', async () => {
    const page = w.pages.viewer;
    await page.goto(`${w.base}/portal/applications`);
    await page.getByRole('link', { name: app.order.number }).click();
    expect(await page.locator('#app-reason').textContent()).to.equal('paid to you');
    const kettle = page.getByRole('row', { name: /Electric kettle/ });
    expect((await kettle.locator('td').allTextContents()).slice(0, 5)).to.deep.equal(['2', '2', '2', '1', '0']);
    const payments = (await page.locator('#payments').textContent())!;
    expect(payments).to.include('Payout').and.include('Credit note');
    const timeline = (await page.locator('ol.timeline').textContent())!;
    expect(timeline).to.include('State changed to Approved / ready to ship').and.include('Sent').and.include('Returned');
    expect(timeline).to.include('Notification sent: ready to ship: delivered');
    expect(timeline).not.to.include('READY_TO_SHIP');
    // the attempts are folded: each notification's in a closed <details>, opened on demand
    const folds = page.locator('ol.timeline details');
    expect(await folds.count()).to.be.at.least(1);
    expect(await folds.first().locator('table').isVisible()).to.equal(false);
    await folds.first().locator('summary').click();
    const attempts = (await folds.first().locator('table').textContent())!;
    expect(attempts).to.include('Error status (HTTP_ERROR)').and.include('503').and.include('Acknowledged (ACKNOWLEDGED)');
    await page.goto(`${page.url()}`);
    await page.goto(`${w.base}/portal/lang/cs?back=${encodeURIComponent(new URL(page.url()).pathname)}`);
    expect(await page.locator('ol.timeline').textContent())
      .to.include('Stav změněn na Schváleno / připraveno k odeslání')
      .and.include('doručeno');
    await page.goto(`${w.base}/portal/lang/en?back=/portal/`);
  });

  it('when the list holds more than a page, then Next and Previous walk it by cursor without gaps, and a made-up cursor is refused', async () => {
    const { applicationBody } = await import('../applications/requests.js');
    const made = new Set<string>();
    for (let i = 0; i < 26; i += 1) made.add((await w.h.create(applicationBody())).order.number);
    const page = w.pages.viewer;
    await page.goto(`${w.base}/portal/applications?state=PROCESSING`);
    const first = await page.locator('table tbody tr td:nth-child(2)').allTextContents();
    expect(first).to.have.length(25);
    expect(await page.getByRole('link', { name: 'Previous page' }).count()).to.equal(0);
    await page.getByRole('link', { name: 'Next page' }).click();
    const second = await page.locator('table tbody tr td:nth-child(2)').allTextContents();
    expect(second.length).to.be.at.least(1);
    expect([...first, ...second].filter((n) => made.has(n))).to.have.length(26);
    expect(new Set([...first, ...second]).size).to.equal(first.length + second.length);
    await page.getByRole('link', { name: 'Previous page' }).click();
    expect(await page.locator('table tbody tr td:nth-child(2)').allTextContents()).to.deep.equal(first);
    const counts = await page.locator('ul.counts').textContent();
    expect(counts).to.match(/Processing\s*\d+/);
    expect((await page.goto(`${w.base}/portal/applications?after=01900000-0000-7000-8000-000000000000`))!.status()).to.equal(400);
  });

  it("when the shop has a display name, then the header shows it (else the partner's username)", async () => {
    const page = w.pages.viewer;
    await page.goto(`${w.base}/portal/`);
    expect(await page.locator('#shop-name').textContent()).to.equal(w.h.partner.username);
    const partners = w.h.t.api.runtime.db.collection('partners');
    await partners.updateOne({ _id: w.h.partner.id } as never, { $set: { displayName: 'Kuchyně Nováková s.r.o.' } });
    try {
      await page.goto(`${w.base}/portal/`);
      expect(await page.locator('#shop-name').textContent()).to.equal('Kuchyně Nováková s.r.o.');
    } finally {
      await partners.updateOne({ _id: w.h.partner.id } as never, { $unset: { displayName: '' } });
    }
  });

  it("when another partner's application id is opened, then it is not found", async () => {
    const { provisionPartner } = await import('../support/partners.js');
    const other = await provisionPartner(w.h.t);
    const theirs = await w.approved(other);
    const res = await w.pages.owner.goto(`${w.base}/portal/applications/${theirs.id}`);
    expect(res!.status()).to.equal(404);
    expect(await w.pages.owner.content()).not.to.include(theirs.order.number);
    await w.pages.owner.goto(`${w.base}/portal/applications?q=${theirs.order.number}`);
    expect(await w.pages.owner.getByText('No application matches.').count()).to.equal(1);
  });
});
