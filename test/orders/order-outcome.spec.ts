import { expect } from 'chai';
import { startHarness, type AppHarness } from '../applications/harness.js';
import { orderWithInfoSchema } from '../../modules/applications/index.js';
import { operationAnswerSchema } from '../../modules/orders/orders.routes.js';
import type { TestPartner } from '../support/partners.js';
import { KETTLE, SHIPPING, opPath, processingApplication, readyApplication } from './orders-harness.js';

/** The order tells what happened to it: cancelled orders and items, and per item the pieces sent, delivered, returned, cancelled. */
describe('the order tells what happened', function () {
  this.timeout(120_000);
  let h: AppHarness;
  let partner: TestPartner;
  before(async () => {
    h = await startHarness();
    partner = h.partner;
  });
  after(async () => {
    await h?.stop();
  });

  const put = (id: string, op: 'send' | 'deliver' | 'return' | 'cancel', body: unknown = {}) => h.t.client.put(opPath(id, op), body, { token: partner.token });
  const cancelApplication = (id: string) =>
    h.t.client.put(`/financing/v1/applications/${id}/cancel`, { reason: 'APPLICATION_CANCELLED_BY_CUSTOMER' }, { token: partner.token });
  const counts = (i: any) => [i.quantity, i.quantitySent, i.quantityDelivered, i.quantityReturned, i.quantityCancelled];
  const item = (order: any, code: string) => order.items.find((i: any) => i.code === code);

  for (const when of ['READY', 'PROCESSING'] as const) {
    it(`when a ${when} application is cancelled, then its order and items are CANCELLED, the total and VAT zero and every piece counted as cancelled`, async () => {
      const app = when === 'READY' ? await readyApplication(h, partner) : await processingApplication(h, partner);
      const res = await cancelApplication(app.id);
      expect(res.status, res.text).to.equal(200);
      expect(res.body.applicationInfo).to.deep.include({ state: 'CANCELLED', stateReason: 'CANCELLED_NOT_PAID' });
      for (const order of [res.body, (await h.get(app.id, partner)).order]) {
        expect(order.state).to.equal('CANCELLED');
        expect(order.items.map((i: any) => i.state)).to.deep.equal(['CANCELLED', 'CANCELLED']);
        expect(order.totalPrice).to.deep.equal({ amount: 0, currency: 'CZK' });
        expect(order.totalVat).to.deep.equal([{ vatRate: 21, amount: 0, currency: 'CZK' }]);
        expect(counts(item(order, KETTLE.code))).to.deep.equal([2, 0, 0, 0, 2]);
        expect(counts(item(order, SHIPPING.code))).to.deep.equal([1, 0, 0, 0, 1]);
        // the spec's fields keep their meaning: the ordered quantity and the item's price
        expect(item(order, KETTLE.code).totalPrice.amount).to.equal(KETTLE.total);
      }
      // a cancel answers the order and the application basics, and the whole application beside them
      const { application, ...orderWithInfo } = res.body;
      expect(application).to.include({ id: app.id, state: 'CANCELLED' });
      expect(orderWithInfoSchema.validate(orderWithInfo).error?.message).to.equal(undefined);
    });
  }

  it('when 1 of 2 delivered pieces comes back, then the item still says DELIVERED with quantity 2 and counts 2 sent, 2 delivered, 1 returned', async () => {
    const app = await readyApplication(h, partner);
    await put(app.id, 'send', { items: [{ code: KETTLE.code }] });
    await put(app.id, 'deliver', { items: [{ code: KETTLE.code }] });
    const back = await put(app.id, 'return', { items: [{ code: KETTLE.code, quantity: 1 }] });
    expect(back.status, back.text).to.equal(200);
    expect(item(back.body, KETTLE.code).state).to.equal('DELIVERED');
    expect(counts(item(back.body, KETTLE.code))).to.deep.equal([2, 2, 2, 1, 0]);
    expect(counts(item(back.body, SHIPPING.code))).to.deep.equal([1, 0, 0, 0, 0]);
    const ship = await put(app.id, 'cancel', { items: [{ code: SHIPPING.code }] });
    expect(counts(item(ship.body, SHIPPING.code))).to.deep.equal([1, 0, 0, 0, 1]);
    expect(item(ship.body, SHIPPING.code).state).to.equal('CANCELLED');
    const all = await put(app.id, 'return', {});
    expect(counts(item(all.body, KETTLE.code))).to.deep.equal([2, 2, 2, 2, 0]);
    expect(all.body.state).to.equal('RETURNED');
    expect(operationAnswerSchema.validate(all.body).error?.message).to.equal(undefined);
  });

  it('when /openapi.json is read, then an item of every order answer declares the four quantities', async () => {
    const doc = (await h.t.client.get('/openapi.json')).body;
    const resolve = (s: any): any => (s?.$ref ? resolve(doc.components.schemas[s.$ref.split('/').at(-1)]) : s);
    for (const [p, m] of [
      ['/financing/v1/applications/{applicationId}/order/return', 'put'],
      ['/financing/v1/orders', 'get'],
      ['/financing/v1/applications/{applicationId}/cancel', 'put'],
    ]) {
      const answer = resolve(doc.paths[p!][m!].responses['200'].content['application/json'].schema);
      const itemSchema = resolve(resolve(answer.properties.items).items);
      expect(itemSchema.required, `${m} ${p}`).to.include.members(['quantitySent', 'quantityDelivered', 'quantityReturned', 'quantityCancelled']);
      expect(itemSchema.properties.quantityReturned.type).to.equal('number');
    }
  });
});
