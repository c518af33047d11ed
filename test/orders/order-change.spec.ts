import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { startHarness, type AppHarness } from '../applications/harness.js';
import { applicationBody } from '../applications/requests.js';
import { provisionPartner, type TestPartner } from '../support/partners.js';
import { orderWithInfoSchema } from '../../modules/applications/index.js';
import { operationAnswerSchema } from '../../modules/orders/orders.routes.js';
import { waitFor } from '../support/wait.js';
import { TEXT_DOCUMENT, opPath, orderPath, processingApplication, readyApplication } from './orders-harness.js';

const CZK = (amount: number) => ({ amount, currency: 'CZK' });
const vat21 = (amount: number) => ({ vatRate: 21, amount, currency: 'CZK' });
const newItems = [
  { code: 'TEA-1', name: 'Teapot', type: 'PHYSICAL', quantity: 1.5, totalPrice: CZK(90000), totalVat: vat21(15620) },
  { code: 'SHIP', name: 'Delivery', type: 'SHIPPING_FEE', totalPrice: CZK(10000), totalVat: vat21(1736) },
];

describe('PUT order and GET orders', function () {
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

  const change = (id: string, order: unknown, p = partner) =>
    h.t.client.put(orderPath(id), { reason: 'customer changed the basket', order }, { token: p.token });
  const find = (query: string, p = partner) => h.t.client.get(`/financing/v1/orders?${query}`, { token: p.token });

  it('when the items change with matching totals, then the order is replaced, unit prices derived, the event has no notification', async () => {
    const app = await readyApplication(h, partner);
    const res = await change(app.id, { items: newItems, totalPrice: CZK(100000), totalVat: [vat21(17356)], documents: [TEXT_DOCUMENT] });
    expect(res.status, res.text).to.equal(200);
    expect(res.body.totalPrice).to.deep.equal(CZK(100000));
    expect(res.body.items.map((i: any) => [i.code, i.quantity, i.unitPrice.amount, i.state])).to.deep.equal([
      ['TEA-1', 1.5, 60000, 'PROCESSING'],
      ['SHIP', 1, 10000, 'PROCESSING'],
    ]);
    expect(res.body.documents).to.have.length(1);
    expect(res.body.applicationInfo).to.deep.equal({ id: app.id, state: 'READY', stateReason: 'READY_TO_SHIP' });
    const changed = await waitFor('the changed event', () => h.eventsFor(app.id).find((e) => e.type === 'orders.order.changed'));
    expect(changed.data.reason).to.equal('customer changed the basket');
    const detail = await h.get(app.id, partner);
    expect(detail.repaymentPlan[0].amount).to.deep.equal(CZK(100000));
    // the new items are what later operations name
    const sent = await h.t.client.put(opPath(app.id, 'send'), { items: [{ code: 'TEA-1', quantity: 0.5 }] }, { token: partner.token });
    expect(sent.status).to.equal(200);
  });

  it('when the totals do not match the items, or the currency differs, then 422 UNPROCESSABLE naming the attribute and nothing changes', async () => {
    const app = await processingApplication(h, partner);
    const total = await change(app.id, { items: newItems, totalPrice: CZK(100001) });
    expect(total.status).to.equal(422);
    expect(total.body.errors[0]).to.include({ code: 'UNPROCESSABLE', attribute: 'order.totalPrice.amount' });
    const vat = await change(app.id, { items: newItems, totalVat: [vat21(1)] });
    expect(vat.status).to.equal(422);
    expect(vat.body.errors[0]).to.include({ code: 'UNPROCESSABLE', attribute: 'order.totalVat' });
    const eur = await change(app.id, { totalPrice: { amount: 150000, currency: 'EUR' } });
    expect(eur.status).to.equal(422);
    expect(eur.body.errors[0]).to.include({ code: 'UNPROCESSABLE', attribute: 'order.totalPrice.currency' });
    expect((await h.get(app.id, partner)).order.items.map((i: any) => i.code)).to.deep.equal(['KTL-1', 'SHIP']);
  });

  it('when the change is malformed or empty, then 400 INVALID_REQUEST naming the attribute', async () => {
    const app = await processingApplication(h, partner);
    const rows: Array<[unknown, string]> = [
      [{}, 'order'],
      [{ order: {} }, 'order'],
      [{ order: { items: [] } }, 'order.items'],
      [{ order: { items: [{ ...newItems[0], quantity: 0.5 }] } }, 'order.items[0].quantity'],
      [{ order: { addresses: [{ addressType: 'PERMANENT' }] } }, 'order.addresses[0].addressType'],
      [{ order: { totalPrice: CZK(-150000) } }, 'order.totalPrice.amount'],
    ];
    for (const [body, attribute] of rows) {
      const res = await h.t.client.put(orderPath(app.id), body, { token: partner.token });
      expect(res.status, JSON.stringify(body)).to.equal(400);
      expect(res.body.errors[0]).to.include({ code: 'INVALID_REQUEST', attribute });
    }
  });

  it('when a changed order has a negative price on goods or a total of zero, then 422 UNPROCESSABLE naming it and nothing changes', async () => {
    const app = await processingApplication(h, partner);
    const negative = await change(app.id, { items: [newItems[0], { ...newItems[1], totalPrice: CZK(-10000), totalVat: vat21(-1736) }] });
    expect(negative.status).to.equal(422);
    expect(negative.body.errors[0]).to.include({ code: 'UNPROCESSABLE', attribute: 'order.items[1].totalPrice.amount' });
    const zero = await change(app.id, { items: [{ ...newItems[0], totalPrice: CZK(0), totalVat: vat21(0) }] });
    expect(zero.status).to.equal(422);
    expect(zero.body.errors[0]).to.include({ code: 'UNPROCESSABLE', attribute: 'order.totalPrice.amount' });
    expect((await h.get(app.id, partner)).order.totalPrice).to.deep.equal(CZK(150000));
  });

  it('when an approved order would grow, or a PAY_IN_THREE total would change, then 422 NOT_SUPPORTED', async () => {
    const deferred = await readyApplication(h, partner);
    const grow = await change(deferred.id, { items: [{ ...newItems[0], totalPrice: CZK(200000), totalVat: vat21(34711) }] });
    expect(grow.status).to.equal(422);
    expect(grow.body.errors[0]).to.include({ code: 'NOT_SUPPORTED', attribute: 'order.totalPrice.amount' });
    const p3 = await readyApplication(h, partner, { type: 'PAY_IN_THREE' });
    const lower = await change(p3.id, { items: newItems });
    expect(lower.status).to.equal(422);
    expect(lower.body.errors[0].code).to.equal('NOT_SUPPORTED');
    const address = await change(p3.id, { addresses: [{ addressType: 'BILLING', city: 'Ostrava', country: 'CZ' }] });
    expect(address.status).to.equal(200);
    expect(address.body.addresses).to.deep.equal([{ addressType: 'BILLING', city: 'Ostrava', country: 'CZ' }]);
  });

  it('when orders are looked up by number, variable symbol or id, then the match with applicationInfo; several by number give the newest; all given must match', async () => {
    const number = `LOOK-${randomBytes(3).toString('hex')}`;
    const older = await processingApplication(h, partner, {}, { number });
    const newer = await processingApplication(h, partner, {
      order: {
        ...applicationBody().order,
        number,
        totalPrice: CZK(120000),
        totalVat: [vat21(20826)],
        items: [applicationBody().order.items[0]],
        variableSymbols: ['99001'],
      },
    });
    const byNumber = await find(`orderNumber=${number}`);
    expect(byNumber.status).to.equal(200);
    expect(byNumber.body.applicationInfo).to.deep.equal({ id: newer.id, state: 'PROCESSING', stateReason: 'PROCESSING_REDIRECT_NEEDED' });
    expect(byNumber.body.number).to.equal(number);
    const bySymbol = await find(`orderNumber=${number}&orderVariableSymbol=2024000123`);
    expect(bySymbol.body.applicationInfo.id).to.equal(older.id);
    const byId = await find(`applicationId=${older.id}`);
    expect(byId.body.applicationInfo.id).to.equal(older.id);
    const mismatch = await find(`applicationId=${older.id}&orderVariableSymbol=99001`);
    expect(mismatch.status).to.equal(404);
    expect(mismatch.body.errors[0]).to.include({ code: 'OBJECT_NOT_FOUND' });
  });

  it("when no query parameter is given, or one is malformed, then 400; unknown or another partner's order 404", async () => {
    const none = await find('');
    expect(none.status).to.equal(400);
    expect(none.body.errors[0]).to.include({ code: 'INVALID_REQUEST' });
    const bad = await find('applicationId=nope');
    expect(bad.status).to.equal(400);
    expect(bad.body.errors[0].attribute).to.equal('applicationId');
    const app = await processingApplication(h, partner);
    const other = await provisionPartner(h.t);
    for (const res of [
      await find(`applicationId=${app.id}`, other),
      await find(`orderNumber=${app.order.number}`, other),
      await find('orderNumber=NO-SUCH-ORDER'),
    ]) {
      expect(res.status).to.equal(404);
      expect(res.body.errors[0]).to.include({ code: 'OBJECT_NOT_FOUND', severity: 'ERROR' });
    }
  });

  it('when /openapi.json is read, then every order and payments endpoint is described with its error codes', async () => {
    const doc = (await h.t.client.get('/openapi.json')).body;
    const codes = (p: string, m: string) => doc.paths[p]?.[m]?.['x-error-codes']?.map((e: any) => e.code) ?? [];
    for (const op of ['send', 'deliver', 'return', 'cancel']) {
      expect(codes(`/financing/v1/applications/{applicationId}/order/${op}`, 'put'), op).to.include.members([
        'INVALID_REQUEST',
        'OBJECT_NOT_FOUND',
        'UNPROCESSABLE',
        'APPLICATION_NOT_READY',
      ]);
    }
    expect(codes('/financing/v1/applications/{applicationId}/order/deliver', 'put')).to.include('TOTAL_PRICE_LIMIT_EXCEEDED');
    expect(codes('/financing/v1/applications/{applicationId}/order', 'put')).to.include.members(['ORDER_ALREADY_SENT', 'NOT_SUPPORTED']);
    expect(codes('/financing/v1/orders', 'get')).to.include.members(['INVALID_REQUEST', 'OBJECT_NOT_FOUND']);
    expect(codes('/financing/v1/applications/{applicationId}/payments', 'get')).to.include.members(['INVALID_REQUEST', 'OBJECT_NOT_FOUND']);
    expect(doc.paths['/financing/v1/applications/{applicationId}/payments'].get.parameters.find((p: any) => p.name === 'limit').schema.maximum).to.equal(100);
  });

  it('when /openapi.json is read, then the order routes declare the order-with-applicationInfo answer and the request schemas shared with create', async () => {
    const doc = (await h.t.client.get('/openapi.json')).body;
    const answer = (p: string, m: string) => doc.paths[p]?.[m]?.responses?.['200']?.content?.['application/json']?.schema;
    const paths = ['send', 'deliver', 'return', 'cancel']
      .map((op) => [`/financing/v1/applications/{applicationId}/order/${op}`, 'put'])
      .concat([
        ['/financing/v1/applications/{applicationId}/order', 'put'],
        ['/financing/v1/orders', 'get'],
        ['/financing/v1/applications/{applicationId}/cancel', 'put'],
      ]);
    for (const [p, m] of paths) {
      const schema = answer(p!, m!);
      expect(schema?.required, `${m} ${p}`).to.include.members(['applicationInfo', 'items', 'totalPrice', 'state']);
      expect(schema.properties.applicationInfo.required).to.deep.equal(['id', 'state', 'stateReason']);
    }
    const change = doc.paths['/financing/v1/applications/{applicationId}/order'].put.requestBody.content['application/json'].schema.properties.order.properties;
    const create = doc.paths['/financing/v1/applications'].post.requestBody.content['application/json'].schema.properties.order.properties;
    expect(change.items.items).to.deep.equal(create.items.items);
    expect(change.documents.items).to.deep.equal(create.documents.items);
  });

  it('when the order routes answer, then every body matches the declared schema', async () => {
    const app = await readyApplication(h, partner);
    const token = { token: partner.token };
    const bodies = [
      await change(app.id, { addresses: [{ addressType: 'DELIVERY', city: 'Brno', country: 'CZ' }], documents: [TEXT_DOCUMENT] }),
      await h.t.client.put(
        opPath(app.id, 'send'),
        { items: [{ code: 'KTL-1', quantity: 1.5 }], sentDate: '2024-05-02', deliveryTrackingNumber: 'T-1', variableSymbol: '55' },
        token,
      ),
      await h.t.client.put(opPath(app.id, 'deliver'), { items: [{ code: 'KTL-1', quantity: 1 }] }, token),
      await h.t.client.put(opPath(app.id, 'return'), { items: [], totalPrice: CZK(1000) }, token),
      await h.t.client.put(opPath(app.id, 'cancel'), { items: [{ code: 'SHIP' }] }, token),
      await find(`applicationId=${app.id}`),
    ];
    for (const [i, res] of bodies.entries()) {
      expect(res.status, `${i}: ${res.text}`).to.equal(200);
      // the writes answer their operation's id too; the look-up answers the order alone
      const schema = i < bodies.length - 1 ? operationAnswerSchema : orderWithInfoSchema;
      expect(schema.validate(res.body).error?.message, `answer ${i}`).to.equal(undefined);
    }
  });
});
