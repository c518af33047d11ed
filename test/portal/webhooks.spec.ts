import { expect } from 'chai';
import { fail, acknowledge } from '../relay/support/receiver.js';
import { provisionPartner } from '../support/partners.js';
import { waitFor } from '../support/wait.js';
import { csrfOf, postForm } from './portal-support.js';
import { startPortalWorld, type PortalWorld } from './portal-world.js';

/**
 * The webhooks page: endpoint health over 24 h, deliveries by outcome, redeliver one, and
 * recover every failed delivery since a time, against the real relay and an endpoint that
 * is down and then comes back.
 */
describe('the partner portal: webhooks', function () {
  this.timeout(240_000);
  let w: PortalWorld;
  let app: any;
  const states = async () => (await w.relay.deliveries.collection.find({ partnerId: w.h.partner.id, url: w.endpoint.url('/down') }).toArray()).map((d) => d.state);
  before(async () => {
    w = await startPortalWorld();
    w.endpoint.on('/down', fail);
    app = await w.approved(undefined, '/down');
    await waitFor('every delivery to /down dead-lettered', async () => {
      const s = await states();
      return s.length >= 2 && s.every((x) => x === 'DEAD_LETTERED');
    }, { maxWait: 30_000 });
  });
  after(async () => { await w?.stop(); });

  it('when the page is opened, then each endpoint shows its success rate, latency and last failure, and the deliveries filter by outcome', async () => {
    const page = w.pages.viewer;
    await page.goto(`${w.base}/portal/webhooks`);
    const down = page.getByRole('row', { name: new RegExp(w.endpoint.url('/down').replace(/[/.]/g, '\\$&')) });
    const cells = await down.locator('td').allTextContents();
    expect(cells[1]).to.equal('0%');
    expect(cells[3]).to.include('HTTP_ERROR 503');
    await page.getByLabel('Outcome').selectOption('DEAD_LETTERED');
    await page.getByRole('button', { name: 'Apply' }).click();
    const rows = await page.locator('#deliveries tbody tr').allTextContents();
    expect(rows.length).to.be.at.least(2);
    expect(rows.every((r) => r.includes('DEAD_LETTERED'))).to.equal(true);
    // a viewer reads, but neither recovers nor redelivers
    expect(await page.getByRole('button', { name: 'Redeliver' }).count()).to.equal(0);
    const csrf = await csrfOf(page);
    expect((await postForm(w.h.t, page, '/portal/webhooks/recover', { csrf, since: '2020-01-01T00:00' })).status).to.equal(403);
    const one = (await w.relay.deliveries.collection.findOne({ partnerId: w.h.partner.id }))!;
    expect((await postForm(w.h.t, page, `/portal/webhooks/deliveries/${one._id}/redeliver`, { csrf })).status).to.equal(403);
  });

  it('when the endpoint is back and an operator recovers since an hour ago, then every dead-lettered delivery is delivered', async () => {
    w.endpoint.on('/down', acknowledge);
    const page = w.pages.operator;
    await page.goto(`${w.base}/portal/webhooks`);
    await page.getByRole('button', { name: 'Redeliver all failed since then' }).click();
    expect(await page.getByRole('status').textContent()).to.match(/^\d+ deliveries queued/);
    await waitFor('every delivery to /down delivered', async () => (await states()).every((x) => x === 'DELIVERED'), { maxWait: 30_000 });
  });

  it('when an operator redelivers one delivery, then a new round is attempted; another partner\'s delivery is not found', async () => {
    const page = w.pages.operator;
    await page.goto(`${w.base}/portal/webhooks`);
    const first = page.locator('#deliveries tbody tr').first();
    const id = (await first.getByRole('button', { name: 'Redeliver' }).getAttribute('aria-label'))!.replace('Redeliver ', '');
    await first.getByRole('button', { name: 'Redeliver' }).click();
    expect(await page.getByRole('status').textContent()).to.equal('Redelivery queued.');
    await waitFor('the redelivery attempted', async () => (await w.relay.deliveries.collection.findOne({ _id: id }))!.round >= 1, { maxWait: 20_000 });
    const other = await provisionPartner(w.h.t);
    await w.approved(other);
    const theirs = await waitFor('a delivery of the other partner', () => w.relay.deliveries.collection.findOne({ partnerId: other.id }), { maxWait: 20_000 });
    const res = await postForm(w.h.t, page, `/portal/webhooks/deliveries/${theirs!._id}/redeliver`, { csrf: await csrfOf(page) });
    expect(res.status).to.equal(404);
    await page.goto(`${w.base}/portal/audit`);
    expect(await page.getByRole('table').count()).to.equal(0); // the audit log is the owner's
    await w.pages.owner.goto(`${w.base}/portal/audit`);
    expect((await w.pages.owner.getByRole('table').textContent())!).to.include('webhook.recover').and.include('webhook.redeliver');
  });
});
