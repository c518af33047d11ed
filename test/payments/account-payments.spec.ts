import { expect } from 'chai';
import { startHarness, type AppHarness } from '../applications/harness.js';
import { provisionPartner, type TestPartner } from '../support/partners.js';
import { waitFor } from '../support/wait.js';
import { KETTLE, opPath, paymentsPath, readyApplication } from '../orders/orders-harness.js';
import { accountPaymentsPageSchema } from '../../modules/payments/payments.schemas.js';

const PATH = '/financing/v1/payments';

/** GET /financing/v1/payments: every payment line of the partner across its applications. */
describe('the account-wide payments list', function () {
  this.timeout(120_000);
  let h: AppHarness;
  let a: TestPartner;
  let b: TestPartner;
  let ids: string[];
  let appIds: string[];

  const list = (p: TestPartner, query = '') => h.t.client.get(`${PATH}${query}`, { token: p.token });

  before(async () => {
    h = await startHarness();
    a = await provisionPartner(h.t, { payoutTrigger: 'SENT', feeBps: 100 });
    b = await provisionPartner(h.t, { payoutTrigger: 'SENT', feeBps: 0 });
    const first = await readyApplication(h, a);
    const second = await readyApplication(h, a);
    const other = await readyApplication(h, b);
    appIds = [first.id, second.id];
    const put = (p: TestPartner, id: string, op: 'send' | 'return', body: unknown) => h.t.client.put(opPath(id, op), body, { token: p.token });
    expect((await put(a, first.id, 'send', { items: [{ code: KETTLE.code, quantity: 1 }] })).status).to.equal(200);
    expect((await put(a, second.id, 'send', {})).status).to.equal(200);
    expect((await put(b, other.id, 'send', {})).status).to.equal(200);
    await waitFor(
      'the payout of the second application',
      async () => (await h.t.client.get(paymentsPath(second.id), { token: a.token })).body.data?.length === 1,
      { maxWait: 20_000 },
    );
    expect((await put(a, second.id, 'return', { items: [], totalPrice: { amount: 5000, currency: 'CZK' } })).status).to.equal(200);
    ids = await waitFor(
      'three lines of partner a',
      async () => {
        const res = await list(a, '?limit=100');
        return res.body.data?.length === 3 && res.body.data.map((p: any) => p.paymentId);
      },
      { maxWait: 20_000 },
    );
  });
  after(async () => {
    await h?.stop();
  });

  it("when the partner lists, then every payout and credit note of all its applications in paymentId order, and no other partner's", async () => {
    const res = await list(a, '?limit=100');
    expect(res.status).to.equal(200);
    expect(accountPaymentsPageSchema.validate(res.body).error?.message).to.equal(undefined);
    expect([...ids].sort()).to.deep.equal(ids);
    expect(new Set(res.body.data.map((p: any) => p.applicationId))).to.deep.equal(new Set(appIds));
    expect(res.body.data.map((p: any) => p.type)).to.deep.equal(['PAYOUT', 'PAYOUT', 'CREDIT_NOTE']);
    for (const p of res.body.data) expect(p.operationId).to.match(/^[0-9a-f-]{36}$/);
    // the same lines as each application's own list
    const own = (await h.t.client.get(`${paymentsPath(appIds[1]!)}?limit=100`, { token: a.token })).body.data;
    expect(res.body.data.filter((p: any) => p.applicationId === appIds[1])).to.deep.equal(own);
    const theirs = (await list(b, '?limit=100')).body.data;
    expect(theirs).to.have.length(1);
    expect(ids).to.not.include(theirs[0].paymentId);
  });

  it('when paging with after and before, then the neighbouring pages with links that keep the filters', async () => {
    const first = await list(a, '?limit=2');
    expect(first.body.data.map((p: any) => p.paymentId)).to.deep.equal(ids.slice(0, 2));
    expect(first.body.pagingInfo).to.deep.equal({ itemsPerPage: 2 });
    const next = await list(a, `?limit=1&after=${ids[0]}`);
    expect(next.body.data.map((p: any) => p.paymentId)).to.deep.equal([ids[1]]);
    expect(next.body.pagingInfo.nextPage).to.equal(`${PATH}?limit=1&after=${ids[1]}`);
    const back = await list(a, `?limit=1&before=${ids[2]}&type=PAYOUT`);
    expect(back.body.data.map((p: any) => p.paymentId)).to.deep.equal([ids[1]]);
    expect(back.body.pagingInfo.prevPage).to.equal(`${PATH}?limit=1&type=PAYOUT&before=${ids[1]}`);
  });

  it('when filtered by type or date, then only those lines', async () => {
    const notes = (await list(a, '?type=CREDIT_NOTE')).body.data;
    expect(notes.map((p: any) => p.paymentId)).to.deep.equal([ids[2]]);
    const date = notes[0].date;
    expect((await list(a, `?from=${date}&to=${date}`)).body.data).to.have.length(3);
    expect((await list(a, `?to=2000-01-01`)).body.data).to.deep.equal([]);
    // a date range pages by (date, paymentId) with the same cursors
    const page = await list(a, `?from=${date}&to=${date}&limit=1&after=${ids[0]}`);
    expect(page.body.data.map((p: any) => p.paymentId)).to.deep.equal([ids[1]]);
    expect(page.body.pagingInfo.nextPage).to.equal(`${PATH}?limit=1&from=${date}&to=${date}&after=${ids[1]}`);
    const back = await list(a, `?from=${date}&limit=2&before=${ids[2]}`);
    expect(back.body.data.map((p: any) => p.paymentId)).to.deep.equal(ids.slice(0, 2));
  });

  it("when a query is wrong, then 400 INVALID_REQUEST naming the parameter; another partner's payment is an unknown cursor", async () => {
    const theirs = (await list(b)).body.data[0].paymentId;
    const rows: Array<[string, string]> = [
      ['?limit=0', 'limit'],
      ['?from=2026-13-01', 'from'],
      ['?from=2026-02-01&to=2026-01-01', 'to'],
      ['?type=FEE', 'type'],
      [`?after=${theirs}`, 'after'],
      ['?before=0190f0f0-0000-7000-8000-000000000000', 'before'],
      ['?after=x', 'after'],
    ];
    for (const [query, attribute] of rows) {
      const res = await list(a, query);
      expect(res.status, query).to.equal(400);
      expect(res.body.errors[0]).to.include({ code: 'INVALID_REQUEST', attribute });
    }
  });
});
