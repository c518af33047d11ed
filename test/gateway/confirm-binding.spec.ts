import { expect } from 'chai';
import { startHarness, type AppHarness } from '../applications/harness.js';
import { applicationBody } from '../applications/requests.js';
import { GatewayClient } from './gateway-client.js';

const CZK = (amount: number) => ({ amount, currency: 'CZK' });
const formAction = (page: string, action: 'confirm' | 'decline') =>
  new RegExp(`action="([^"]*/${action}\\?csrf=[^"]+)"`).exec(page)![1]!.replace(/&amp;/g, '&');

/**
 * A confirmation binds to what the customer saw: the order shown on the page and the
 * application of that page. A shop that changes the order after the page was loaded gets
 * no confirmation of the new order; a form value of one application confirms no other.
 */
describe('gateway: a confirm binds to the order shown and to its application', function () {
  this.timeout(60_000);
  let h: AppHarness;
  before(async () => {
    h = await startHarness();
  });
  after(async () => {
    await h?.stop();
  });

  it('when the shop changes the order after the page was loaded, then the old form confirms nothing and the page shows the new order with a notice', async () => {
    const app = await h.create(applicationBody({}, { email: 'bound+approve@example.com' }));
    const gw = new GatewayClient(h.t, app.gatewayRedirectUrl);
    const shown = (await gw.open()).text;
    expect(shown).to.include('1,500.00');
    const change = await h.t.client.put(
      `/financing/v1/applications/${app.id}/order`,
      {
        reason: 'price correction',
        order: {
          totalPrice: CZK(4_900_000),
          totalVat: [{ vatRate: 21, amount: 850_413, currency: 'CZK' }],
          items: [
            {
              code: 'TV-1',
              name: 'Television',
              type: 'PHYSICAL',
              quantity: 1,
              totalPrice: CZK(4_900_000),
              totalVat: { vatRate: 21, amount: 850_413, currency: 'CZK' },
            },
          ],
        },
      },
      { token: h.partner.token },
    );
    expect(change.status, change.text).to.equal(200);
    const res = await gw.submit('confirm', shown);
    expect(res.status).to.equal(303);
    expect(res.headers.location).to.equal(`${gw.path}?changed=1`);
    expect((await h.get(app.id)).stateReason).to.equal('PROCESSING_REDIRECT_NEEDED');
    const again = await h.t.client.get(res.headers.location as string, { headers: { Accept: 'text/html' } });
    expect(again.text).to.include('The shop changed this order').and.include('49,000.00');
    // confirming what is shown now works
    await gw.submit('confirm');
    await h.waitForState(app.id, 'READY_TO_SHIP');
    expect((await h.get(app.id)).order.totalPrice.amount).to.equal(4_900_000);
  });

  it("when one application's form value is sent to another application's confirm, then 403 and nothing is confirmed", async () => {
    const a = await h.create();
    const b = await h.create();
    const gwA = new GatewayClient(h.t, a.gatewayRedirectUrl);
    const pageA = (await gwA.open()).text;
    const query = new URL(formAction(pageA, 'confirm'), h.t.baseUrl).search;
    const pathB = new URL(b.gatewayRedirectUrl).pathname;
    const res = await h.t.client.post(`${pathB}/confirm${query}`, undefined, { headers: { Cookie: gwA.cookie, Origin: h.t.baseUrl, Accept: 'text/html' } });
    expect(res.status).to.equal(403);
    expect((await h.get(b.id)).stateReason).to.equal('PROCESSING_REDIRECT_NEEDED');
    expect((await h.get(a.id)).stateReason).to.equal('PROCESSING_REDIRECT_NEEDED');
  });

  it('when the customer confirmed, then the order cannot change until the decision: 422 APPLICATION_VALIDATION_IN_PROGRESS', async () => {
    // the final checks are held back, so the application stays between confirmation and decision
    const app = await h.create();
    await h.t.api.runtime.db
      .collection('applications')
      .updateOne(
        { _id: app.id as never },
        { $set: { stateReason: 'PROCESSING_PREAPPROVED', screening: { rule: 'WITHIN_LIMITS', accountLevel: 'BASIC', screenedAt: new Date() } } },
      );
    const res = await h.t.client.put(
      `/financing/v1/applications/${app.id}/order`,
      {
        order: { totalPrice: CZK(900_000_000), totalVat: [{ vatRate: 21, amount: 156_198_347, currency: 'CZK' }] },
      },
      { token: h.partner.token },
    );
    expect(res.status, res.text).to.equal(422);
    expect(res.body.errors[0]).to.include({ code: 'APPLICATION_VALIDATION_IN_PROGRESS' });
    expect((await h.get(app.id)).order.totalPrice.amount).to.equal(150_000);
  });
});
