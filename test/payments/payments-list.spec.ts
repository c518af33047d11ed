import { expect } from 'chai';
import { startHarness, type AppHarness } from '../applications/harness.js';
import { provisionPartner, type TestPartner } from '../support/partners.js';
import { waitFor } from '../support/wait.js';
import { KETTLE, opPath, paymentsPath, readyApplication } from '../orders/orders-harness.js';
import { paymentsPageSchema } from '../../modules/payments/payments.schemas.js';

/** GET /financing/v1/applications/{id}/payments: cursor paging per the spec's conventions (limit 20 by default, at most 100). */
describe('the payments list and its paging', function () {
  this.timeout(120_000);
  let h: AppHarness;
  let partner: TestPartner;
  let appId: string;
  let ids: string[];

  before(async () => {
    h = await startHarness();
    partner = await provisionPartner(h.t, { payoutTrigger: 'SENT', feeBps: 0 });
    appId = (await readyApplication(h, partner)).id;
    // five payouts: five sends of 0.4 kettle, each waited for so the ledger sees five steps
    for (let k = 1; k <= 5; k++) {
      const res = await h.t.client.put(opPath(appId, 'send'), { items: [{ code: KETTLE.code, quantity: 0.4 }] }, { token: partner.token });
      expect(res.status).to.equal(200);
      await waitFor(`payment ${k}`, async () => (await list(`?limit=100`)).body.data.length === k, { maxWait: 20_000 });
    }
    ids = (await list('?limit=100')).body.data.map((p: any) => p.paymentId);
  });
  after(async () => {
    await h?.stop();
  });

  function list(query = '', p = partner, id = appId) {
    return h.t.client.get(`${paymentsPath(id)}${query}`, { token: p.token });
  }

  it('when there is no cursor, then the first page in paymentId order and no nextPage or prevPage', async () => {
    expect([...ids].sort()).to.deep.equal(ids);
    expect(ids).to.have.length(5);
    const res = await list('?limit=2');
    expect(res.status).to.equal(200);
    expect(res.body.data.map((p: any) => p.paymentId)).to.deep.equal(ids.slice(0, 2));
    expect(res.body.pagingInfo).to.deep.equal({ itemsPerPage: 2 });
    expect(paymentsPageSchema.validate(res.body).error?.message).to.equal(undefined);
  });

  it('when paging forwards with after, then the next items and a nextPage request while more follow', async () => {
    const second = await list(`?limit=2&after=${ids[1]}`);
    expect(second.body.data.map((p: any) => p.paymentId)).to.deep.equal(ids.slice(2, 4));
    expect(second.body.pagingInfo).to.deep.equal({ itemsPerPage: 2, nextPage: `${paymentsPath(appId)}?limit=2&after=${ids[3]}` });
    const third = await h.t.client.get(second.body.pagingInfo.nextPage, { token: partner.token });
    expect(third.body.data.map((p: any) => p.paymentId)).to.deep.equal(ids.slice(4));
    expect(third.body.pagingInfo).to.deep.equal({ itemsPerPage: 2 });
    expect(paymentsPageSchema.validate(second.body).error?.message).to.equal(undefined);
  });

  it('when paging backwards with before, then the items before and a prevPage request while more precede', async () => {
    const page = await list(`?limit=2&before=${ids[4]}`);
    expect(page.body.data.map((p: any) => p.paymentId)).to.deep.equal(ids.slice(2, 4));
    expect(page.body.pagingInfo).to.deep.equal({ itemsPerPage: 2, prevPage: `${paymentsPath(appId)}?limit=2&before=${ids[2]}` });
    const earlier = await h.t.client.get(page.body.pagingInfo.prevPage, { token: partner.token });
    expect(earlier.body.data.map((p: any) => p.paymentId)).to.deep.equal(ids.slice(0, 2));
    expect(earlier.body.pagingInfo).to.deep.equal({ itemsPerPage: 2 });
  });

  it('when limit is absent, then 20; the payouts add up to what was sent', async () => {
    const res = await list();
    expect(res.body.pagingInfo.itemsPerPage).to.equal(20);
    expect(res.body.data.reduce((a: number, p: any) => a + p.value.amount, 0)).to.equal(KETTLE.total);
  });

  it('when limit or a cursor is out of bounds, then 400 INVALID_REQUEST naming it', async () => {
    const rows: Array<[string, string]> = [
      ['?limit=101', 'limit'],
      ['?limit=0', 'limit'],
      ['?limit=ten', 'limit'],
      ['?after=x', 'after'],
      [`?after=${ids[0]}&before=${ids[1]}`, ''],
    ];
    for (const [query, attribute] of rows) {
      const res = await list(query);
      expect(res.status, query).to.equal(400);
      expect(res.body.errors[0].code).to.equal('INVALID_REQUEST');
      if (attribute) expect(res.body.errors[0].attribute).to.equal(attribute);
    }
  });

  it("when a well-formed cursor names no payment of this application (unknown, or the application's own id), then 400 INVALID_REQUEST naming it: the event feed's rule", async () => {
    const unknown = '0190f0f0-0000-7000-8000-000000000000';
    for (const [query, attribute] of [
      [`?after=${unknown}`, 'after'],
      [`?before=${unknown}`, 'before'],
      [`?after=${appId}`, 'after'],
    ] as const) {
      const res = await list(query);
      expect(res.status, query).to.equal(400);
      expect(res.body.errors[0], query).to.include({ code: 'INVALID_REQUEST', severity: 'ERROR', attribute });
      expect(res.body.errors[0].message, query).to.match(/unknown cursor/);
    }
  });

  it("when the application is unknown or another partner's, then 404 OBJECT_NOT_FOUND; with nothing paid, an empty list", async () => {
    const other = await provisionPartner(h.t);
    for (const res of [await list('', other), await list('', partner, '0190f0f0-0000-7000-8000-000000000000')]) {
      expect(res.status).to.equal(404);
      expect(res.body.errors[0]).to.include({ code: 'OBJECT_NOT_FOUND', severity: 'ERROR' });
    }
    const fresh = await readyApplication(h, other);
    expect((await list('', other, fresh.id)).body).to.deep.equal({ data: [], pagingInfo: { itemsPerPage: 20 } });
  });
});
