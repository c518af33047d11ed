import { expect } from 'chai';
import { startHarness, type AppHarness } from '../applications/harness.js';
import { provisionPartner, type TestPartner } from '../support/partners.js';
import { waitFor } from '../support/wait.js';
import { KETTLE, opPath, paymentsPath, readyApplication } from '../orders/orders-harness.js';
import { paymentsPageSchema } from '../../modules/payments/payments.schemas.js';

/** Every payment line names the call that caused it; the call's answer returns that id. */
describe("operation ids on payment lines and in the operations' answers", function () {
  this.timeout(120_000);
  let h: AppHarness;
  let partner: TestPartner;
  before(async () => {
    h = await startHarness();
    partner = await provisionPartner(h.t, { payoutTrigger: 'SENT', feeBps: 0 });
  });
  after(async () => {
    await h?.stop();
  });

  const list = (id: string, headers: Record<string, string> = {}) => h.t.client.get(`${paymentsPath(id)}?limit=100`, { token: partner.token, headers });
  const payments = (id: string, n: number) =>
    waitFor(
      `${n} payment(s) of ${id}`,
      async () => {
        const res = await list(id);
        return res.body.data?.length === n && res.body.data;
      },
      { maxWait: 20_000 },
    );

  it('when items are sent with an Idempotency-Key, then the answer has an operationId, a retry answers the same one, and the payout names it with the key and the items', async () => {
    const app = await readyApplication(h, partner);
    const body = { items: [{ code: KETTLE.code, quantity: 1 }] };
    const first = await h.t.client.put(opPath(app.id, 'send'), body, { token: partner.token, headers: { 'Idempotency-Key': 'send-1' } });
    expect(first.status).to.equal(200);
    expect(first.body.operationId).to.match(/^[0-9a-f-]{36}$/);
    const again = await h.t.client.put(opPath(app.id, 'send'), body, { token: partner.token, headers: { 'Idempotency-Key': 'send-1' } });
    expect(again.body.operationId).to.equal(first.body.operationId);
    const [payout] = await payments(app.id, 1);
    expect(payout.operationId).to.equal(first.body.operationId);
    expect(payout.operation).to.deep.equal({ type: 'SEND', idempotencyKey: 'send-1', items: [{ code: KETTLE.code, quantity: 1, amount: KETTLE.total / 2 }] });
    expect(paymentsPageSchema.validate((await list(app.id)).body).error?.message).to.equal(undefined);
  });

  it('when three equal refunds are made, then three credit notes each name their own call', async () => {
    const app = await readyApplication(h, partner);
    expect((await h.t.client.put(opPath(app.id, 'send'), {}, { token: partner.token })).status).to.equal(200);
    await payments(app.id, 1);
    const ops: string[] = [];
    for (let k = 0; k < 3; k++) {
      const res = await h.t.client.put(opPath(app.id, 'return'), { items: [], totalPrice: { amount: 1000, currency: 'CZK' } }, { token: partner.token });
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      ops.push(res.body.operationId);
      await payments(app.id, 2 + k);
    }
    const notes = (await list(app.id)).body.data.filter((p: any) => p.type === 'CREDIT_NOTE');
    expect(notes.map((p: any) => p.operationId)).to.deep.equal(ops);
    expect(new Set(ops).size).to.equal(3);
    for (const n of notes) expect(n.operation).to.deep.equal({ type: 'RETURN', items: [] });
  });

  it('when the partner asks in the published 1.0 version, then neither the answer nor the payments carry the new fields', async () => {
    const app = await readyApplication(h, partner);
    const old = { 'Api-Version': '2023-06-26' };
    const res = await h.t.client.put(opPath(app.id, 'send'), {}, { token: partner.token, headers: old });
    expect(res.status).to.equal(200);
    expect(res.body).to.not.have.property('operationId');
    await payments(app.id, 1);
    const [p] = (await list(app.id, old)).body.data;
    expect(p).to.not.have.property('operationId');
    expect(p).to.not.have.property('operation');
  });
});
