import { expect } from 'chai';
import { ManualClock } from '../../platform/clock.js';
import { startHarness, type AppHarness } from '../applications/harness.js';
import { provisionPartner, type TestPartner } from '../support/partners.js';
import { waitFor } from '../support/wait.js';
import { KETTLE, opPath, readyApplication } from '../orders/orders-harness.js';
import { settlementsPageSchema, settlementSchema, settlementWithLinesSchema } from '../../modules/payments/settlements.schemas.js';

const CLOSE = '/financing/v1/sandbox/settlements/close';

/** Settlements through HTTP: the sandbox close, the list, one with its lines, the CSV report, the feed, the carried balance. */
describe('settlements: one transfer per cut-off, with its lines and its report', function () {
  this.timeout(180_000);
  let h: AppHarness;
  let partner: TestPartner;
  before(async () => {
    h = await startHarness();
    partner = await provisionPartner(h.t, { payoutTrigger: 'SENT', feeBps: 250 });
    await h.t.api.modules.auth.admin.setBankAccount(partner.username, '19-2000145399/0800');
  });
  after(async () => {
    await h?.stop();
  });

  const get = (path: string, p = partner) => h.t.client.get(path, { token: p.token });
  const put = (id: string, op: 'send' | 'return', body: unknown = {}) => h.t.client.put(opPath(id, op), body, { token: partner.token });
  const lines = (n: number) =>
    waitFor(
      `${n} payment lines`,
      async () => {
        const res = await get('/financing/v1/payments?limit=100');
        return res.body.data?.length === n && res.body.data;
      },
      { maxWait: 20_000 },
    );

  it('when a day has two payouts, a return and their fees, then the sandbox close makes one settlement whose net is the sum of its lines, with a report that adds up to the transfer', async () => {
    const a = await readyApplication(h, partner);
    const b = await readyApplication(h, partner);
    expect((await put(a.id, 'send')).status).to.equal(200);
    expect((await put(b.id, 'send', { items: [{ code: KETTLE.code, quantity: 1 }] })).status).to.equal(200);
    await lines(2);
    const ret = await put(a.id, 'return', { items: [{ code: KETTLE.code, quantity: 1 }] });
    expect(ret.status).to.equal(200);
    const payments = await lines(3);

    const closed = await h.t.client.post(CLOSE, {}, { token: partner.token });
    expect(closed.status, closed.text).to.equal(201);
    const s = closed.body;
    expect(settlementSchema.validate(s).error?.message).to.equal(undefined);
    const sum = (f: (p: any) => number) => payments.reduce((acc: number, p: any) => acc + f(p), 0);
    expect(s).to.deep.include({ number: 1, reference: '0000000001', lineCount: 3, bankAccount: '19-2000145399/0800', sandbox: true });
    expect(s.linesNet.amount).to.equal(sum((p) => p.value.amount));
    expect(s.gross.amount).to.equal(sum((p) => (p.type === 'PAYOUT' ? p.grossValue.amount : 0)));
    expect(s.refunds.amount).to.equal(sum((p) => (p.type === 'CREDIT_NOTE' ? p.grossValue.amount : 0)));
    expect(s.refunds.amount).to.equal(-KETTLE.total / 2);
    expect(s.fees.amount).to.equal(sum((p) => p.fee.amount));
    expect(s.gross.amount + s.refunds.amount - s.fees.amount).to.equal(s.linesNet.amount);
    expect(s).to.deep.include({ carriedIn: { amount: 0, currency: 'CZK' }, carriedOut: { amount: 0, currency: 'CZK' } });
    expect(s.transfer.amount).to.equal(s.net.amount);

    // the list, the settlement with its lines, and the lines in the account-wide list
    const list = await get('/financing/v1/settlements');
    expect(settlementsPageSchema.validate(list.body).error?.message).to.equal(undefined);
    expect(list.body.data).to.deep.equal([s]);
    const one = await get(`/financing/v1/settlements/${s.id}`);
    expect(settlementWithLinesSchema.validate(one.body).error?.message).to.equal(undefined);
    expect(one.body.lines.map((l: any) => l.paymentId)).to.deep.equal(payments.map((p: any) => p.paymentId));
    expect(one.body.lines.every((l: any) => l.settlementId === s.id)).to.equal(true);
    const page = await get(`/financing/v1/settlements/${s.id}?limit=2`);
    expect(page.body.lines).to.have.length(2);
    expect((await get(`/financing/v1/payments?limit=100`)).body.data.every((p: any) => p.settlementId === s.id)).to.equal(true);

    // the report: one row per line and a footer that adds up to the transfer
    const csv = await get(`/financing/v1/settlements/${s.id}/report.csv`);
    expect(csv.status).to.equal(200);
    expect(csv.headers['content-type']).to.match(/^text\/csv/);
    const rows = csv.text
      .trimEnd()
      .split('\r\n')
      .map((r: string) => r.split(','));
    const header = rows[0]!;
    const col = (name: string) => header.indexOf(name);
    const body = rows.slice(1, -5);
    expect(body.map((r) => r[col('paymentId')])).to.deep.equal(payments.map((p: any) => p.paymentId));
    expect(body.map((r) => r[col('operationId')])).to.deep.equal(payments.map((p: any) => p.operationId));
    expect(body.every((r) => r[col('orderNumber')] && r[col('applicationId')] && r[col('settlementReference')] === '0000000001')).to.equal(true);
    const cents = (t: string) => Math.round(Number(t) * 100);
    const total = rows.at(-5)!;
    expect(total[1]).to.equal('TOTAL');
    expect(cents(total[col('net')]!)).to.equal(body.reduce((a, r) => a + cents(r[col('net')]!), 0));
    const transfer = rows.find((r) => r[1] === 'TRANSFER')!;
    expect(cents(transfer[col('net')]!)).to.equal(s.transfer.amount);

    // nothing left to settle
    const again = await h.t.client.post(CLOSE, {}, { token: partner.token });
    expect(again.status).to.equal(422);
    expect(again.body.errors[0].code).to.equal('NOTHING_TO_SETTLE');

    // the feed has the settlement
    const entry = await waitFor(
      'the settlement in the event feed',
      async () => {
        const feed = await get('/financing/v1/events?limit=100');
        return feed.body.data?.find((e: any) => e.type === 'settlement');
      },
      { maxWait: 20_000 },
    );
    expect(entry.data).to.deep.equal(s);
    expect(entry).to.not.have.property('applicationId');
  });

  it("when a settlement's net is negative, then nothing is transferred, the balance is carried and shown in the next one", async () => {
    const c = await readyApplication(h, partner);
    expect((await put(c.id, 'send')).status).to.equal(200);
    const first = await waitFor(
      'the payout',
      async () => {
        const res = await h.t.client.post(CLOSE, {}, { token: partner.token });
        return res.status === 201 && res.body;
      },
      { maxWait: 20_000 },
    );
    expect((await put(c.id, 'return')).status).to.equal(200);
    const negative = await waitFor(
      'the credit note',
      async () => {
        const res = await h.t.client.post(CLOSE, {}, { token: partner.token });
        return res.status === 201 && res.body;
      },
      { maxWait: 20_000 },
    );
    expect(negative.number).to.equal(first.number + 1);
    expect(negative.net.amount).to.equal(-first.linesNet.amount);
    expect(negative.transfer.amount).to.equal(0);
    expect(negative.carriedOut.amount).to.equal(negative.net.amount);
    const d = await readyApplication(h, partner);
    expect((await put(d.id, 'send')).status).to.equal(200);
    const next = await waitFor(
      'the next payout',
      async () => {
        const res = await h.t.client.post(CLOSE, {}, { token: partner.token });
        return res.status === 201 && res.body;
      },
      { maxWait: 20_000 },
    );
    expect(next.carriedIn.amount).to.equal(negative.carriedOut.amount);
    expect(next.net.amount).to.equal(next.linesNet.amount + negative.carriedOut.amount);
    expect(next.transfer.amount).to.equal(Math.max(0, next.net.amount));
  });

  it('when another partner asks for a settlement, then 404; a malformed id or an unknown cursor is 400 naming it', async () => {
    const other = await provisionPartner(h.t);
    const [s] = (await get('/financing/v1/settlements')).body.data;
    expect((await get(`/financing/v1/settlements/${s.id}`, other)).status).to.equal(404);
    expect((await get(`/financing/v1/settlements/${s.id}/report.csv`, other)).status).to.equal(404);
    expect((await get('/financing/v1/settlements/nope')).body.errors[0]).to.include({ code: 'INVALID_REQUEST', attribute: 'settlementId' });
    expect((await get(`/financing/v1/settlements?after=${s.id}`, other)).body.errors[0]).to.include({ code: 'INVALID_REQUEST', attribute: 'after' });
    const all = (await get('/financing/v1/settlements?limit=100')).body.data.map((x: any) => x.id);
    const paged = await get(`/financing/v1/settlements?limit=1&after=${all[0]}`);
    expect(paged.body.data.map((x: any) => x.id)).to.deep.equal([all[1]]);
    expect(paged.body.pagingInfo.nextPage).to.equal(`/financing/v1/settlements?limit=1&after=${all[1]}`);
  });
});

/**
 * A money review's finding, as it was reproduced against the running service: sends on three
 * applications 60 ms apart while twenty sandbox closes go out 12-40 ms apart, then one more
 * close. Before the fix one line was in the lineIds of two settlements and transferred twice.
 */
describe('settlements: twenty sandbox closes racing sends on three applications', function () {
  this.timeout(180_000);
  let h: AppHarness;
  before(async () => {
    h = await startHarness({ RATE_LIMIT_PER_MINUTE: '100000' });
  });
  after(async () => {
    await h?.stop();
  });

  it("when closes overlap each other and the sends, then every line is in one settlement at most, each settlement lists what it counts, and transfers + the balance carried = every line's net", async () => {
    const partner = await provisionPartner(h.t, { payoutTrigger: 'SENT', feeBps: 250 });
    const apps = [await readyApplication(h, partner), await readyApplication(h, partner), await readyApplication(h, partner)];
    const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
    const answers: number[] = [];
    for (let round = 0; round < 2; round++) {
      const closes: Promise<void>[] = [];
      const sends = (async () => {
        for (const app of apps) {
          const res = await h.t.client.put(opPath(app.id, 'send'), { items: [{ code: KETTLE.code, quantity: 1 }] }, { token: partner.token });
          expect(res.status, res.text).to.equal(200);
          await pause(60);
        }
      })();
      for (let i = 0; i < 20; i++) {
        closes.push(
          h.t.client.post(CLOSE, {}, { token: partner.token }).then((r) => {
            answers.push(r.status);
          }),
        );
        await pause(12 + ((i * 7) % 29));
      }
      await Promise.all([sends, ...closes]);
    }
    expect(
      answers.every((s) => s === 201 || s === 422),
      JSON.stringify(answers),
    ).to.equal(true);
    const all = await waitFor(
      'six payment lines',
      async () => {
        const res = await h.t.client.get('/financing/v1/payments?limit=100', { token: partner.token });
        return res.body.data?.length === 6 && res.body.data;
      },
      { maxWait: 20_000 },
    );
    expect((await h.t.client.post(CLOSE, {}, { token: partner.token })).status).to.be.oneOf([201, 422]);

    const list = (await h.t.client.get('/financing/v1/settlements?limit=100', { token: partner.token })).body.data as any[];
    const owner = new Map<string, string>();
    let transfers = 0;
    for (const s of list) {
      const one = (await h.t.client.get(`/financing/v1/settlements/${s.id}?limit=100`, { token: partner.token })).body;
      expect(one.lines.length, `settlement ${s.number} lists what it counts`).to.equal(s.lineCount);
      expect(one.lines.reduce((a: number, l: any) => a + l.value.amount, 0)).to.equal(s.linesNet.amount);
      for (const l of one.lines) {
        expect(owner.get(l.paymentId), `line ${l.paymentId} in one settlement only`).to.equal(undefined);
        owner.set(l.paymentId, s.id);
      }
      transfers += s.transfer.amount;
    }
    const carried = list.at(-1)?.carriedOut.amount ?? 0;
    const net = all.reduce((a: number, p: any) => a + p.value.amount, 0);
    expect(owner.size, 'every line settled by the last close').to.equal(6);
    expect(transfers + carried, 'Σ transfers + carried = Σ lines').to.equal(net);
    // and every line names the settlement that lists it
    const after = (await h.t.client.get('/financing/v1/payments?limit=100', { token: partner.token })).body.data as any[];
    for (const p of after) expect(p.settlementId).to.equal(owner.get(p.paymentId));
  });
});

describe('settlements: the daily cut-off on the injected clock', function () {
  this.timeout(180_000);
  // 09:00 in Prague on a Thursday in winter: the cut-off is 18:00 local = 17:00 UTC
  const clock = new ManualClock(new Date('2026-11-26T08:00:00Z'));
  let h: AppHarness;
  before(async () => {
    h = await startHarness({ EXPIRY_SWEEP_INTERVAL: '1h', EXPIRY_FULL_SWEEP_INTERVAL: '1h', SETTLEMENT_CUTOFF: '18:00' }, { clock });
  });
  after(async () => {
    await h?.stop();
  });

  it('when 18:00 in Prague comes, then the job settles what was recorded before it, valued the next working day; what comes after waits for the next cut-off', async () => {
    const partner = await provisionPartner(h.t, { payoutTrigger: 'SENT', feeBps: 100 });
    // tokens live an hour of this clock: log in again after moving it
    const login = async () => {
      partner.token = (await h.t.client.post('/authentication/v1/partner', { username: partner.username, password: partner.password })).body.accessToken;
    };
    const get = async (path: string) => {
      await login();
      return h.t.client.get(path, { token: partner.token });
    };
    const app = await readyApplication(h, partner);
    expect((await h.t.client.put(opPath(app.id, 'send'), { items: [{ code: KETTLE.code, quantity: 1 }] }, { token: partner.token })).status).to.equal(200);
    await waitFor('the payout line', async () => (await get('/financing/v1/payments')).body.data?.length === 1, { maxWait: 20_000 });
    await clock.advanceTo(new Date('2026-11-26T16:59:59Z'));
    expect((await get('/financing/v1/settlements')).body.data).to.deep.equal([]);
    await clock.advanceTo(new Date('2026-11-26T17:00:00Z'));
    const [s] = await waitFor(
      'the settlement',
      async () => {
        const res = await get('/financing/v1/settlements');
        return res.body.data?.length === 1 && res.body.data;
      },
      { maxWait: 20_000 },
    );
    expect(s).to.deep.include({ cutoffAt: '2026-11-26T17:00:00.000Z', valueDate: '2026-11-27', lineCount: 1 });
    expect(s).to.not.have.property('sandbox');
    // a later line goes into Friday's settlement, valued on Monday
    await login();
    expect((await h.t.client.put(opPath(app.id, 'send'), {}, { token: partner.token })).status).to.equal(200);
    await waitFor('the second line', async () => (await get('/financing/v1/payments')).body.data?.length === 2, { maxWait: 20_000 });
    await clock.advanceTo(new Date('2026-11-27T17:00:00Z'));
    const two = await waitFor(
      'the second settlement',
      async () => {
        const res = await get('/financing/v1/settlements');
        return res.body.data?.length === 2 && res.body.data;
      },
      { maxWait: 20_000 },
    );
    expect(two[1]).to.deep.include({
      number: 2,
      cutoffAt: '2026-11-27T17:00:00.000Z',
      periodStart: '2026-11-26T17:00:00.000Z',
      valueDate: '2026-11-30',
      lineCount: 1,
    });
    // what an SRE sees: the cut-off the job completed, and what it wrote
    const metric = async (name: string) => (await h.t.api.runtime.registry.getSingleMetric(name)!.get()).values;
    await waitFor(
      'the job to record the cut-off',
      async () => (await metric('settlement_job_last_cutoff_seconds'))[0]?.value === Date.parse('2026-11-27T17:00:00Z') / 1000,
      { maxWait: 10_000 },
    );
    const written = await metric('settlements_written_total');
    expect(written.find((v) => v.labels.trigger === 'job')?.value, 'settlements the job wrote').to.be.at.least(2);
    expect((await metric('settlement_lines_settled_total')).find((v) => v.labels.trigger === 'job')?.value).to.be.at.least(2);
  });
});

describe('the sandbox settlement close without SANDBOX', function () {
  this.timeout(60_000);
  let h: AppHarness;
  before(async () => {
    h = await startHarness({ SANDBOX: 'false' });
  });
  after(async () => {
    await h?.stop();
  });

  it('when SANDBOX=false, then the close does not exist (404) while the settlements can be read', async () => {
    const res = await h.t.client.post(CLOSE, {}, { token: h.partner.token });
    expect(res.status).to.equal(404);
    expect((await h.t.client.get('/financing/v1/settlements', { token: h.partner.token })).body).to.deep.equal({ data: [], pagingInfo: { itemsPerPage: 20 } });
  });
});
