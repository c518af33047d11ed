import { expect } from 'chai';
import { startHarness, type AppHarness } from './harness.js';
import { applicationBody } from './requests.js';
import { GatewayClient } from '../gateway/gateway-client.js';
import { waitFor } from '../support/wait.js';

/** The precheck predicts the decision: the same rules, asked before the application. */
describe('precheck (POST /financing/v1/precheck)', function () {
  this.timeout(60_000);
  let h: AppHarness;
  before(async () => {
    h = await startHarness();
  });
  after(async () => {
    await h?.stop();
  });

  const ask = (body: unknown) => h.t.client.post('/financing/v1/precheck', body, { token: h.partner.token });

  for (const [email, total, code, decided] of [
    ['sure+approve@example.com', 150_000, 'OK', 'READY_TO_SHIP'],
    ['never+reject@example.com', 150_000, 'NOT_AVAILABLE', 'REJECTED'],
    ['jana.big@example.com', 6_000_000, 'INSUFFICIENT_LIMIT', 'REJECTED'],
  ] as const) {
    it(`when ${email} asks for ${total / 100} CZK, then ${code}, and the application then decides ${decided}`, async () => {
      const res = await ask({
        customer: { email, phone: '+420777123456' },
        order: { totalPrice: { amount: total, currency: 'CZK' } },
        type: 'DEFERRED_PAYMENT',
      });
      expect(res.status, res.text).to.equal(200);
      expect(res.body.results).to.have.length(1);
      expect(res.body.results[0]).to.include({ type: 'DEFERRED_PAYMENT', code, recommendation: code === 'OK', PrecheckResultResponseSerializer: 'UNKNOWN' });
      expect(res.body).not.to.have.property('limits');
      const body = applicationBody({ precheckIds: [res.body.id] }, { email });
      (body.order as any).totalPrice = { amount: total, currency: 'CZK' };
      (body.order as any).items = [
        {
          code: 'X',
          name: 'Goods',
          type: 'PHYSICAL',
          quantity: 1,
          totalPrice: { amount: total, currency: 'CZK' },
          totalVat: { vatRate: 21, amount: Math.round((total * 21) / 121), currency: 'CZK' },
        },
      ];
      (body.order as any).totalVat = [{ vatRate: 21, amount: Math.round((total * 21) / 121), currency: 'CZK' }];
      const app = await h.create(body);
      await new GatewayClient(h.t, app.gatewayRedirectUrl).submit('confirm');
      await waitFor(`decided ${decided}`, async () => (await h.get(app.id)).stateReason === decided);
    });
  }

  it('when the body has no customer e-mail, then 400 naming it', async () => {
    const res = await ask({ customer: {} });
    expect(res.status).to.equal(400);
    expect(res.body.errors[0]).to.include({ code: 'INVALID_REQUEST', attribute: 'customer.email' });
  });
});
