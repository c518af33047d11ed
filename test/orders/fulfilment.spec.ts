import { expect } from 'chai';
import type { DomainEvent } from '../../platform/events.js';
import { startHarness, type AppHarness } from '../applications/harness.js';
import { applicationBody } from '../applications/requests.js';
import { provisionPartner, type TestPartner } from '../support/partners.js';
import { waitFor } from '../support/wait.js';
import { startFileServer, type FileServer } from '../support/file-server.js';
import { KETTLE, ORDER_TOTAL, SHIPPING, TEXT_DOCUMENT, opPath, readyApplication, waitForReason } from './orders-harness.js';

describe('order fulfilment: send, deliver, return, cancel through HTTP', function () {
  this.timeout(120_000);
  let h: AppHarness;
  let partner: TestPartner;
  let files: FileServer;
  before(async () => {
    files = await startFileServer();
    h = await startHarness({}, { documentFetcher: files.fetcher() });
    partner = await provisionPartner(h.t, { payoutTrigger: 'DELIVERED', feeBps: 0 });
  });
  after(async () => {
    await h?.stop();
    await files?.close();
  });

  const put = (id: string, op: 'send' | 'deliver' | 'return' | 'cancel', body: unknown = {}, p = partner) =>
    h.t.client.put(opPath(id, op), body, { token: p.token });
  const item = (order: any, code: string) => order.items.find((i: any) => i.code === code);
  const orderEvents = (id: string) => h.eventsFor(id).filter((e) => e.type.startsWith('orders.order.'));

  it('when send has an empty body, then every item is SENT, the order SENT, READY_SHIPPED with its notification, and the event carries the lines', async () => {
    const app = await readyApplication(h, partner);
    const res = await put(app.id, 'send', {
      sentDate: '2024-05-02',
      deliveryTrackingNumber: 'PPL-123',
      deliveryCarrier: { carrierId: 'DPD' },
      variableSymbol: '55',
    });
    expect(res.status).to.equal(200);
    expect(res.body.applicationInfo).to.deep.equal({ id: app.id, state: 'READY', stateReason: 'READY_SHIPPED' });
    expect(res.body.state).to.equal('SENT');
    expect(res.body.items.map((i: any) => i.state)).to.deep.equal(['SENT', 'SENT']);
    expect(item(res.body, KETTLE.code)).to.include({ sentDate: '2024-05-02', deliveryTrackingNumber: 'PPL-123' });
    expect(res.body.deliveryCarrier).to.deep.equal({ carrierId: 'DPD' });
    expect(res.body.variableSymbols).to.deep.equal(['2024000123', '55']);
    expect(res.body.totalPrice).to.deep.equal({ amount: ORDER_TOTAL, currency: 'CZK' });
    const n = await h.waitForNotification(app.id, 'READY_SHIPPED');
    expect(n.body).to.deep.equal({ id: app.id, state: 'READY', stateReason: 'READY_SHIPPED' });
    const sent = (await waitFor('the sent event', () => orderEvents(app.id).find((e) => e.type === 'orders.order.sent'))) as DomainEvent<any>;
    expect(sent.data.lines.map((l: any) => [l.code, l.quantityMilli, l.amount])).to.deep.equal([
      [KETTLE.code, 2000, KETTLE.total],
      [SHIPPING.code, 1000, SHIPPING.total],
    ]);
    expect(sent.data.payout).to.deep.equal({ trigger: 'DELIVERED', feeBps: 0 });
    expect(n.sourceEventId).to.equal(sent.id);
  });

  it('when parts of an item are sent in decimals, then the counters add up exactly and more than is left is refused naming the quantity', async () => {
    const app = await readyApplication(h, partner);
    const first = await put(app.id, 'send', { items: [{ code: KETTLE.code, quantity: 0.25 }] });
    expect(first.status).to.equal(200);
    expect(item(first.body, KETTLE.code).state).to.equal('SENT');
    expect(item(first.body, SHIPPING.code).state).to.equal('PROCESSING');
    const over = await put(app.id, 'send', { items: [{ code: KETTLE.code, quantity: 1.751 }] });
    expect(over.status).to.equal(422);
    expect(over.body.errors[0]).to.include({ code: 'UNPROCESSABLE', severity: 'ERROR', attribute: 'items[0].quantity' });
    const rest = await put(app.id, 'send', { items: [{ code: KETTLE.code, quantity: 1.75 }] });
    expect(rest.status).to.equal(200);
    const again = await put(app.id, 'send', { items: [{ code: KETTLE.code }] });
    expect(again.status).to.equal(422);
    expect(again.body.errors[0]).to.include({ code: 'UNPROCESSABLE', attribute: 'items[0]' });
    // the empty body marks what is left: only the shipping line
    const last = await put(app.id, 'send', {});
    expect(last.status).to.equal(200);
    const sent = await waitFor<DomainEvent<any>[]>('3 sent events', () => orderEvents(app.id).length === 3 && orderEvents(app.id));
    expect(sent.at(-1)!.data.lines.map((l: any) => l.code)).to.deep.equal([SHIPPING.code]);
    const quarters = sent.slice(0, 2).map((e: any) => e.data.lines[0].amount);
    expect(quarters[0] + quarters[1]).to.equal(KETTLE.total);
  });

  it('when items are named by several identifiers, then all must match exactly; a miss names the item', async () => {
    const app = await readyApplication(h, partner);
    const wrongName = await put(app.id, 'send', { items: [{ code: KETTLE.code, name: 'Kettle' }] });
    expect(wrongName.status).to.equal(422);
    expect(wrongName.body.errors[0]).to.include({ code: 'UNPROCESSABLE', attribute: 'items[0]' });
    const unknown = await put(app.id, 'send', { items: [{ code: KETTLE.code, quantity: 1 }, { ean: '8590000000000' }] });
    expect(unknown.status).to.equal(422);
    expect(unknown.body.errors[0].attribute).to.equal('items[1]');
    const both = await put(app.id, 'send', { items: [{ code: KETTLE.code, name: 'Electric kettle', type: 'PHYSICAL', quantity: 1 }] });
    expect(both.status).to.equal(200);
    expect((await h.get(app.id, partner)).order.items[0].state).to.equal('SENT');
  });

  it('when deliver names a total above the order total, then 422 TOTAL_PRICE_LIMIT_EXCEEDED and nothing changes; else READY_DELIVERED with its notification and the document kept', async () => {
    const app = await readyApplication(h, partner);
    const over = await put(app.id, 'deliver', { totalPrice: { amount: ORDER_TOTAL + 1, currency: 'CZK' } });
    expect(over.status).to.equal(422);
    expect(over.body.errors[0]).to.include({ code: 'TOTAL_PRICE_LIMIT_EXCEEDED', attribute: 'totalPrice.amount' });
    expect((await h.get(app.id, partner)).stateReason).to.equal('READY_TO_SHIP');
    const ok = await put(app.id, 'deliver', {
      totalPrice: { amount: ORDER_TOTAL, currency: 'CZK' },
      document: TEXT_DOCUMENT,
      deliveryCarrier: { carrierCustom: 'Own van' },
    });
    expect(ok.status).to.equal(200);
    expect(ok.body.state).to.equal('DELIVERED');
    expect(ok.body.applicationInfo.stateReason).to.equal('READY_DELIVERED');
    expect(ok.body.documents.at(-1)).to.deep.include({
      type: 'INVOICE',
      file: { filename: 'invoice.txt', mimeType: 'text/plain', size: 37, sha256: ok.body.documents.at(-1).file.sha256 },
    });
    expect(ok.body.deliveryCarrier).to.deep.equal({ carrierCustom: 'Own van' });
    await h.waitForNotification(app.id, 'READY_DELIVERED');
    const twice = await put(app.id, 'deliver', {});
    expect(twice.status).to.equal(422);
    expect(twice.body.errors[0].code).to.equal('UNPROCESSABLE');
  });

  it('when a document is given as an https URL, then it is fetched and kept with the create-time documents; unreachable 422, not an accepted type 400, naming document.file', async () => {
    const app = await readyApplication(h, partner);
    const unreachable = await put(app.id, 'deliver', { document: { type: 'INVOICE', file: 'https://127.0.0.1:1/invoice.pdf' } });
    expect(unreachable.status).to.equal(422);
    expect(unreachable.body.errors[0]).to.include({ code: 'UNPROCESSABLE', attribute: 'document.file' });
    const binary = await put(app.id, 'deliver', {
      document: { type: 'INVOICE', file: { filename: 'x.bin', content: Buffer.from([0, 1, 2, 3, 255]).toString('base64') } },
    });
    expect(binary.status).to.equal(400);
    expect(binary.body.errors[0]).to.include({ code: 'INVALID_REQUEST', attribute: 'document.file' });
    expect((await h.get(app.id, partner)).stateReason, 'a refused document changes nothing').to.equal('READY_TO_SHIP');

    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    files.serve('/pod/delivery-note.pdf', pdf);
    const url = `${files.base}/pod/delivery-note.pdf`;
    const ok = await put(app.id, 'deliver', { document: { type: 'OTHER', file: url, description: 'proof of delivery' } });
    expect(ok.status, ok.text).to.equal(200);
    const doc = ok.body.documents.at(-1);
    expect(doc).to.deep.include({ type: 'OTHER', description: 'proof of delivery' });
    expect(doc.file).to.deep.include({ filename: 'delivery-note.pdf', mimeType: 'application/pdf', size: pdf.length, url });
    const db = h.t.api.runtime.db;
    expect(await db.collection('application_document_contents').countDocuments({ _id: doc.file.sha256 })).to.equal(1);
    const collections = (await db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name);
    expect(collections).to.include('application_document_contents').and.not.include('order_document_contents');
  });

  it('when a return has items: [] and a totalPrice, then an amount-only refund lowers the total and keeps the order state; without the amount 400', async () => {
    const app = await readyApplication(h, partner);
    await put(app.id, 'send', {});
    const missing = await put(app.id, 'return', { items: [] });
    expect(missing.status).to.equal(400);
    expect(missing.body.errors[0]).to.include({ code: 'INVALID_REQUEST', attribute: 'totalPrice' });
    const refund = await put(app.id, 'return', { items: [], totalPrice: { amount: 12345, currency: 'CZK' } });
    expect(refund.status).to.equal(200);
    expect(refund.body.state).to.equal('SENT');
    expect(refund.body.totalPrice.amount).to.equal(ORDER_TOTAL - 12345);
    expect(refund.body.totalVat).to.deep.equal([{ vatRate: 21, amount: 26033 - 2143, currency: 'CZK' }]);
    expect(refund.body.applicationInfo.stateReason).to.equal('READY_SHIPPED');
    const tooMuch = await put(app.id, 'return', { items: [], totalPrice: { amount: ORDER_TOTAL, currency: 'CZK' } });
    expect(tooMuch.status).to.equal(422);
    expect(tooMuch.body.errors[0].code).to.equal('TOTAL_PRICE_LIMIT_EXCEEDED');
  });

  it('when items are returned, then their value leaves the total; a full return makes the order RETURNED, the total zero and the application CANCELLED_RETURNED', async () => {
    const app = await readyApplication(h, partner);
    await put(app.id, 'deliver', {});
    const one = await put(app.id, 'return', {
      items: [{ code: KETTLE.code, quantity: 1 }],
      variableSymbol: '77',
      document: { ...TEXT_DOCUMENT, type: 'CREDIT_NOTE' },
    });
    expect(one.status).to.equal(200);
    expect(one.body.totalPrice.amount).to.equal(ORDER_TOTAL - KETTLE.total / 2);
    expect(item(one.body, KETTLE.code).state).to.equal('DELIVERED');
    expect(one.body.state).to.equal('DELIVERED');
    const full = await put(app.id, 'return', {});
    expect(full.status).to.equal(200);
    expect(full.body.state).to.equal('RETURNED');
    expect(full.body.items.map((i: any) => i.state)).to.deep.equal(['RETURNED', 'RETURNED']);
    expect(full.body.totalPrice.amount).to.equal(0);
    expect(full.body.totalVat.every((v: any) => v.amount === 0)).to.equal(true);
    expect(full.body.applicationInfo).to.deep.include({ state: 'CANCELLED', stateReason: 'CANCELLED_RETURNED' });
    const after = await put(app.id, 'send', {});
    expect(after.status).to.equal(422);
    expect(after.body.errors[0].code).to.equal('APPLICATION_ALREADY_CANCELLED');
  });

  it("when a return names an amount above the order total, then 422 TOTAL_PRICE_LIMIT_EXCEEDED; a smaller amount keeps the rest of the price; a cancel moves exactly its items' value", async () => {
    const app = await readyApplication(h, partner);
    const cancel = await put(app.id, 'cancel', { items: [{ code: SHIPPING.code }], totalPrice: { amount: ORDER_TOTAL + 1, currency: 'CZK' } });
    expect(cancel.status).to.equal(422);
    expect(cancel.body.errors[0]).to.include({ code: 'UNPROCESSABLE', attribute: 'totalPrice.amount' });
    await put(app.id, 'deliver', {});
    const ret = await put(app.id, 'return', { items: [{ code: KETTLE.code }], totalPrice: { amount: ORDER_TOTAL + 1, currency: 'CZK' } });
    expect(ret.status).to.equal(422);
    expect(ret.body.errors[0].code).to.equal('TOTAL_PRICE_LIMIT_EXCEEDED');
    // a restocking fee: the kettles come back but only 1 000.00 of their 1 200.00 is returned
    const kept = await put(app.id, 'return', { items: [{ code: KETTLE.code }], totalPrice: { amount: 100000, currency: 'CZK' } });
    expect(kept.status).to.equal(200);
    expect(kept.body.totalPrice.amount).to.equal(ORDER_TOTAL - 100000);
    expect(item(kept.body, KETTLE.code).state).to.equal('RETURNED');
    expect(kept.body.state).to.equal('DELIVERED');
  });

  it('when a cancel names another amount than its items are worth, or deliver more, then 422 naming totalPrice.amount and nothing changes', async () => {
    const app = await readyApplication(h, partner);
    // cancelling the shipping line for the whole order total would leave the kettles open in an order worth 0,
    // and for 0 would keep the price of goods never sent (paid out for nothing)
    for (const amount of [ORDER_TOTAL, 0]) {
      const cancel = await put(app.id, 'cancel', { items: [{ code: SHIPPING.code }], totalPrice: { amount, currency: 'CZK' } });
      expect(cancel.status).to.equal(422);
      expect(cancel.body.errors[0]).to.include({ code: 'UNPROCESSABLE', severity: 'ERROR', attribute: 'totalPrice.amount' });
    }
    const deliver = await put(app.id, 'deliver', { items: [{ code: SHIPPING.code }], totalPrice: { amount: SHIPPING.total + 1, currency: 'CZK' } });
    expect(deliver.status).to.equal(422);
    expect(deliver.body.errors[0]).to.include({ code: 'TOTAL_PRICE_LIMIT_EXCEEDED', attribute: 'totalPrice.amount' });
    const untouched = await h.get(app.id, partner);
    expect(untouched.order.totalPrice.amount).to.equal(ORDER_TOTAL);
    expect(untouched.order.items.map((i: any) => i.state)).to.deep.equal(['PROCESSING', 'PROCESSING']);
    expect(untouched.stateReason).to.equal('READY_TO_SHIP');
    const exact = await put(app.id, 'cancel', { items: [{ code: SHIPPING.code }], totalPrice: { amount: SHIPPING.total, currency: 'CZK' } });
    expect(exact.status).to.equal(200);
    expect(exact.body.totalPrice.amount).to.equal(KETTLE.total);
  });

  it('when a full return finds nothing sent, then 422 (cancel is for goods that never left)', async () => {
    const app = await readyApplication(h, partner);
    const res = await put(app.id, 'return', {});
    expect(res.status).to.equal(422);
    expect(res.body.errors[0].code).to.equal('UNPROCESSABLE');
  });

  it('when items are cancelled, then the total drops by their value; sent items cannot be cancelled; the last open item with nothing sent cancels the application', async () => {
    const app = await readyApplication(h, partner);
    const ship = await put(app.id, 'cancel', { items: [{ code: SHIPPING.code }] });
    expect(ship.status).to.equal(200);
    expect(ship.body.totalPrice.amount).to.equal(KETTLE.total);
    expect(item(ship.body, SHIPPING.code).state).to.equal('CANCELLED');
    expect(ship.body.applicationInfo.state).to.equal('READY');
    const last = await put(app.id, 'cancel', {});
    expect(last.status).to.equal(200);
    expect(last.body.totalPrice.amount).to.equal(0);
    expect(last.body.state).to.equal('CANCELLED');
    expect(last.body.applicationInfo).to.deep.include({ state: 'CANCELLED', stateReason: 'CANCELLED_NOT_PAID' });
    await h.waitForNotification(app.id, 'CANCELLED_NOT_PAID');

    const sent = await readyApplication(h, partner);
    await put(sent.id, 'send', { items: [{ code: KETTLE.code }] });
    const refused = await put(sent.id, 'cancel', { items: [{ code: KETTLE.code, quantity: 1 }] });
    expect(refused.status).to.equal(422);
    expect(refused.body.errors[0]).to.include({ code: 'UNPROCESSABLE', attribute: 'items[0]' });
  });

  describe('400 INVALID_REQUEST naming the attribute, nothing stored', () => {
    const rows: Array<[string, 'send' | 'deliver' | 'return' | 'cancel', unknown, string]> = [
      ['a quantity with 4 decimals', 'send', { items: [{ code: 'KTL-1', quantity: 0.0001 }] }, 'items[0].quantity'],
      ['a zero quantity', 'deliver', { items: [{ code: 'KTL-1', quantity: 0 }] }, 'items[0].quantity'],
      ['an item without identifiers', 'send', { items: [{ quantity: 1 }] }, 'items[0]'],
      ['an empty items list on send', 'send', { items: [] }, 'items'],
      ['a sentDate that is no date', 'send', { sentDate: '2024-02-30' }, 'sentDate'],
      ['an unknown carrier', 'send', { deliveryCarrier: { carrierId: 'UPS' } }, 'deliveryCarrier'],
      ['a negative amount to return', 'return', { items: [{ code: 'KTL-1' }], totalPrice: { amount: -1, currency: 'CZK' } }, 'totalPrice.amount'],
      ['a negative delivered total', 'deliver', { totalPrice: { amount: -150000, currency: 'CZK' } }, 'totalPrice.amount'],
      ['a negative sent total', 'send', { totalPrice: { amount: -1, currency: 'CZK' } }, 'totalPrice.amount'],
      ['a negative amount to cancel', 'cancel', { items: [{ code: 'SHIP' }], totalPrice: { amount: -1, currency: 'CZK' } }, 'totalPrice.amount'],
      ['a negative refund', 'return', { items: [], totalPrice: { amount: -1, currency: 'CZK' } }, 'totalPrice.amount'],
      ['a variable symbol with letters', 'return', { variableSymbol: 'VS1' }, 'variableSymbol'],
      ['an unknown field', 'cancel', { colour: 'red' }, 'colour'],
    ];
    let id: string;
    before(async () => {
      id = (await readyApplication(h, partner)).id;
    });
    for (const [what, op, body, attribute] of rows) {
      it(`when ${what}, then 400 with attribute ${attribute}`, async () => {
        const res = await put(id, op, body);
        expect(res.status).to.equal(400);
        expect(res.body.errors[0]).to.include({ code: 'INVALID_REQUEST', severity: 'ERROR', attribute });
      });
    }
    it('when all of these were refused, then the application is untouched', async () => {
      const app = await h.get(id, partner);
      expect(app.stateReason).to.equal('READY_TO_SHIP');
      expect(app.order.items.map((i: any) => i.state)).to.deep.equal(['PROCESSING', 'PROCESSING']);
    });
  });

  it('when an order without a carrier is cancelled in part, then the answer leaves deliveryCarrier out (the schema has no null for it)', async () => {
    const { deliveryCarrier: _none, ...order } = applicationBody().order;
    const app = await readyApplication(h, partner, { order });
    const res = await put(app.id, 'cancel', { items: [{ code: SHIPPING.code }] });
    expect(res.status).to.equal(200);
    expect(res.body).not.to.have.property('deliveryCarrier');
  });

  it("when the application is unknown or another partner's, then 404 OBJECT_NOT_FOUND alike", async () => {
    const app = await readyApplication(h, partner);
    const other = await provisionPartner(h.t);
    const foreign = await put(app.id, 'send', {}, other);
    const unknown = await put('0190f0f0-0000-7000-8000-000000000000', 'send', {});
    for (const res of [foreign, unknown]) {
      expect(res.status).to.equal(404);
      expect(res.body.errors[0]).to.include({ code: 'OBJECT_NOT_FOUND', severity: 'ERROR' });
    }
    expect((await waitForReason(h, app.id, partner, 'READY_TO_SHIP')).order.state).to.equal('PROCESSING');
  });

  it("when a document URL comes with an application that is not the partner's, then 404 and the URL is never fetched", async () => {
    const app = await readyApplication(h, partner);
    const other = await provisionPartner(h.t);
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    files.serve('/probe/foreign.pdf', pdf);
    files.serve('/probe/unknown.pdf', pdf);
    const foreign = await put(app.id, 'deliver', { document: { type: 'INVOICE', file: `${files.base}/probe/foreign.pdf` } }, other);
    const unknown = await put('0190f0f0-0000-7000-8000-000000000000', 'deliver', { document: { type: 'INVOICE', file: `${files.base}/probe/unknown.pdf` } });
    expect([foreign.status, unknown.status]).to.deep.equal([404, 404]);
    expect(files.hits.filter((p) => p.startsWith('/probe/'))).to.deep.equal([]);
  });
});
