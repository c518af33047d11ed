import { expect } from 'chai';
import { applicationBody, withField } from './requests.js';
import { startHarness, type AppHarness } from './harness.js';
import { ManualClock } from '../../platform/clock.js';
import { provisionPartner } from '../support/partners.js';
import { APPLICATION_TOPICS } from '../../modules/applications/index.js';
import { applicationResponseSchema } from '../../modules/applications/application.responses.js';

const PATH = '/financing/v1/applications';

describe('POST /financing/v1/applications', function () {
  this.timeout(60_000);
  let h: AppHarness;
  before(async () => {
    h = await startHarness();
  });
  after(async () => {
    await h?.stop();
  });
  const post = (body: unknown) => h.t.client.post(PATH, body, { token: h.partner.token });

  it('when the minimum data is sent, then 201 with id, state, stateReason, gatewayRedirectUrl; absent terms stored false', async () => {
    const base = applicationBody();
    const minimal = {
      type: 'DEFERRED_PAYMENT',
      customer: { fullName: 'Jana Nováková', email: 'jana@example.com', phone: '+420777123456' },
      order: {
        number: `MIN-${Date.now()}`,
        totalPrice: base.order.totalPrice,
        totalVat: base.order.totalVat,
        items: base.order.items.map(({ code, name, totalPrice, totalVat }) => ({ code, name, totalPrice, totalVat })),
      },
      merchantUrls: base.merchantUrls,
    };
    const res = await post(minimal);
    expect(res.status).to.equal(201);
    expect(res.body).to.include({ state: 'PROCESSING', stateReason: 'PROCESSING_REDIRECT_NEEDED', agreementTermsAndConditions: false });
    expect(res.body.id).to.match(/^[0-9a-f-]{36}$/);
    expect(res.body.gatewayRedirectUrl).to.match(new RegExp(`^${h.t.config.http.publicBaseUrl}/gateway/${res.body.id}/[A-Za-z0-9_-]{43}$`));
    expect(res.headers.location).to.equal(`${PATH}/${res.body.id}`);
    expect(res.body.customData).to.equal(null);
    expect(res.body.recurrence).to.equal(undefined);
  });

  it('when a full request is sent, then the response is in the spec format (times without fractions, derived unit prices, customData kept)', async () => {
    const res = await post(applicationBody());
    expect(res.status).to.equal(201);
    expect(applicationResponseSchema.validate(res.body).error).to.equal(undefined);
    expect(res.body.order.reservationDate).to.equal('2024-05-01T14:30:00+02:00');
    expect(res.body.createdAt).to.match(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(res.body.customData).to.deep.equal({ basketId: 'b-77', source: 'web', nested: { 'any key': ['kept', 1, true, null] } });
    const ship = res.body.order.items[1];
    expect(ship).to.include({ quantity: 1, state: 'PROCESSING' });
    expect(ship.unitPrice).to.deep.equal({ amount: 30000, currency: 'CZK' });
    expect(ship.unitVat).to.deep.equal({ vatRate: 21, amount: 5207, currency: 'CZK' });
  });

  it('when an application is created, then the created event and the PROCESSING_REDIRECT_NEEDED notification go out', async () => {
    const app = await h.create();
    const n = await h.waitForNotification(app.id, 'PROCESSING_REDIRECT_NEEDED');
    expect(n).to.include({ kind: 'APPLICATION', url: 'https://shop.example/hooks/financing', partnerId: h.partner.id, key: app.id });
    expect(n.body).to.deep.equal({ id: app.id, state: 'PROCESSING', stateReason: 'PROCESSING_REDIRECT_NEEDED' });
    const created = await h.waitForEvent(app.id, 'applications.application.created');
    expect(created).to.include({ aggregateVersion: 1, partnerId: h.partner.id, schemaVersion: 1 });
    expect(n.sourceEventId).to.equal(created.id);
    // not on a topic the API's own consumers read: a create costs them no fetch
    const message = h.events.messages.find((m) => m.headers['message-id'] === created.id)!;
    expect(message.topic).to.equal(h.t.api.runtime.topics.name(APPLICATION_TOPICS.events));
  });

  describe('schema violations: 400 INVALID_REQUEST naming the attribute', () => {
    const rows: Array<[string, string, unknown]> = [
      ['type missing', 'type', undefined],
      ['type unknown', 'type', 'LEASING'],
      ['customer missing', 'customer', undefined],
      ['e-mail missing', 'customer.email', undefined],
      ['e-mail malformed', 'customer.email', 'not-an-email'],
      ['phone missing', 'customer.phone', undefined],
      ['phone not international', 'customer.phone', '777 123 456'],
      ['no name at all', 'customer.firstName', undefined],
      ['firstName over 60', 'customer.firstName', 'x'.repeat(61)],
      ['tin over 20', 'customer.tin', 'x'.repeat(21)],
      ['a nullable behaviour number below 1', 'customer.fraudPreventionData.pageTotalTime', 0],
      ['transactionsSum missing in fraudPreventionData', 'customer.fraudPreventionData.transactionsSum', undefined],
      ['a fraud tag over 10 chars', 'customer.fraudPreventionData.tags', ['0123456789a']],
      ['a country not ISO alpha-2', 'customer.addresses[0].country', 'CZE'],
      ['an address type unknown', 'customer.addresses[0].addressType', 'HOME'],
      ['order number missing', 'order.number', undefined],
      ['order number over 100', 'order.number', 'x'.repeat(101)],
      ['reservationDate without offset', 'order.reservationDate', '2024-05-01T14:30:00'],
      ['reservationDate not a real day', 'order.reservationDate', '2024-02-30T14:30:00+01:00'],
      ['money with decimals', 'order.totalPrice.amount', 1500.5],
      ['money as a string', 'order.totalPrice.amount', '150000'],
      ['currency not ISO', 'order.totalPrice.currency', 'Kč'],
      ['totalVat missing', 'order.totalVat', undefined],
      ['items empty', 'order.items', []],
      ['item code missing', 'order.items[0].code', undefined],
      ['item code over 200', 'order.items[0].code', 'x'.repeat(201)],
      ['item name over 255', 'order.items[0].name', 'x'.repeat(256)],
      ['item totalPrice missing', 'order.items[0].totalPrice', undefined],
      ['item totalVat missing', 'order.items[0].totalVat', undefined],
      ['quantity with 4 decimals', 'order.items[0].quantity', 2.0005],
      ['quantity below 1', 'order.items[0].quantity', 0.5],
      ['quantity negative', 'order.items[0].quantity', -2],
      ['item type unknown', 'order.items[0].type', 'SERVICE'],
      ['order address PERMANENT', 'order.addresses[0].addressType', 'PERMANENT'],
      ['variable symbol with letters', 'order.variableSymbols[0]', '12A'],
      ['variable symbol over 10 digits', 'order.variableSymbols[0]', '12345678901'],
      ['carrier unknown', 'order.deliveryCarrier', { carrierId: 'UPS' }],
      ['custom carrier over 250', 'order.deliveryCarrier', { carrierCustom: 'x'.repeat(251) }],
      ['approvedRedirect not a URL', 'merchantUrls.approvedRedirect', 'shop/ok'],
      ['notificationEndpoint missing', 'merchantUrls.notificationEndpoint', undefined],
      ['customData not an object', 'customData', 'text'],
      ['an unknown top-level field', 'colour', 'blue'],
    ];
    for (const [what, path, value] of rows) {
      it(`when ${what}, then 400 with attribute ${path.replace(/\.(firstName)$/, '.$1')}`, async () => {
        const res = await post(withField(applicationBody(), path, value));
        expect(res.status, res.text).to.equal(400);
        expect(res.body.errors[0]).to.include({ code: 'INVALID_REQUEST', severity: 'ERROR' });
        const attributes = res.body.errors.map((e: { attribute: string }) => e.attribute);
        const expected = path === 'order.items' ? 'order.items' : path.replace(/\[(\d+)\]$/, '[$1]');
        expect(
          attributes.some((a: string) => a === expected || a.startsWith(`${expected}`)),
          `${attributes}`,
        ).to.equal(true);
      });
    }
  });

  describe('semantic violations: 422 UNPROCESSABLE', () => {
    it('when the items do not add up to the order total, then 422 naming order.totalPrice.amount', async () => {
      const res = await post(withField(applicationBody(), 'order.totalPrice.amount', 150001));
      expect(res.status).to.equal(422);
      expect(res.body.errors[0]).to.include({ code: 'UNPROCESSABLE', attribute: 'order.totalPrice.amount', severity: 'ERROR' });
    });
    it("when the items' VAT does not match totalVat, then 422 naming order.totalVat", async () => {
      const res = await post(withField(applicationBody(), 'order.totalVat[0].amount', 26000));
      expect(res.status).to.equal(422);
      expect(res.body.errors[0]).to.include({ code: 'UNPROCESSABLE', attribute: 'order.totalVat' });
    });
    it('when currencies are mixed, then 422 naming the odd one', async () => {
      const body = withField(applicationBody(), 'order.items[1].totalPrice.currency', 'EUR');
      const res = await post(body);
      expect(res.status).to.equal(422);
      expect(res.body.errors[0]).to.include({ code: 'UNPROCESSABLE', attribute: 'order.items[1].totalPrice.currency' });
    });
    it('when the currency is not accepted, then 422', async () => {
      let body = applicationBody();
      for (const p of [
        'order.totalPrice',
        'order.totalVat[0]',
        'order.items[0].totalPrice',
        'order.items[0].unitPrice',
        'order.items[0].totalVat',
        'order.items[1].totalPrice',
        'order.items[1].totalVat',
      ]) {
        body = withField(body, `${p}.currency`, 'EUR');
      }
      const res = await post(body);
      expect(res.status).to.equal(422);
      expect(res.body.errors[0].attribute).to.equal('order.totalPrice.currency');
    });
    it('when a physical item has a negative price, then 422', async () => {
      const body = withField(
        withField(withField(applicationBody(), 'order.items[1].totalPrice.amount', -30000), 'order.items[1].totalVat.amount', -5207),
        'order.totalPrice.amount',
        90000,
      );
      const res = await post(withField(body, 'order.totalVat[0].amount', 20826 - 5207));
      expect(res.status).to.equal(422);
      expect(res.body.errors[0].attribute).to.equal('order.items[1].totalPrice.amount');
    });
    it('when isRecurring comes with PAY_IN_THREE, then 422 NOT_SUPPORTED', async () => {
      const res = await post(applicationBody({ type: 'PAY_IN_THREE', isRecurring: true }));
      expect(res.status).to.equal(422);
      expect(res.body.errors[0].code).to.equal('NOT_SUPPORTED');
    });
  });

  describe('advisory mismatches: WARN records and override', () => {
    const mismatched = () => withField(applicationBody(), 'order.items[0].unitPrice.amount', 59000);
    it('when unitPrice × quantity differs from totalPrice, then 422 with a WARN record', async () => {
      const res = await post(mismatched());
      expect(res.status).to.equal(422);
      expect(res.body.errors).to.deep.equal([
        { code: 'ITEM_TOTAL_MISMATCH', severity: 'WARN', attribute: 'order.items[0].totalPrice.amount', message: res.body.errors[0].message },
      ]);
    });
    it('when the same request names the code in override, then 201', async () => {
      const res = await post({ ...mismatched(), override: ['ITEM_TOTAL_MISMATCH'] });
      expect(res.status).to.equal(201);
    });
    it("when an item's VAT does not match its rate, then a VAT_AMOUNT_MISMATCH WARN", async () => {
      let body = withField(applicationBody(), 'order.items[1].totalVat.amount', 4000);
      body = withField(body, 'order.totalVat[0].amount', 20826 + 4000);
      const res = await post(body);
      expect(res.status).to.equal(422);
      expect(res.body.errors[0]).to.include({ code: 'VAT_AMOUNT_MISMATCH', severity: 'WARN' });
      expect((await post({ ...body, override: ['VAT_AMOUNT_MISMATCH'] })).status).to.equal(201);
    });
    for (const [what, vat] of [
      ['900 000 on a 30 000 item', 900000],
      ['negative on a positive item', -5207],
    ] as const) {
      it(`when an item's VAT is ${what}, then 422 UNPROCESSABLE naming it even with the override, and nothing is stored`, async () => {
        let body = withField(applicationBody(), 'order.items[1].totalVat.amount', vat);
        body = withField(body, 'order.totalVat[0].amount', 20826 + vat);
        const res = await post({ ...body, override: ['VAT_AMOUNT_MISMATCH'] });
        expect(res.status, res.text).to.equal(422);
        expect(res.body.errors[0]).to.include({ code: 'UNPROCESSABLE', severity: 'ERROR', attribute: 'order.items[1].totalVat.amount' });
        expect(await h.t.api.runtime.db.collection('applications').countDocuments({ 'order.number': body.order.number })).to.equal(0);
      });
    }
    it('when the deprecated extraData is sent, then it is mapped and a WARN is returned with the 201', async () => {
      const body = applicationBody();
      const { fraudPreventionData, ...customer } = body.customer;
      const res = await post({ ...body, customer: { ...customer, extraData: fraudPreventionData } });
      expect(res.status).to.equal(201);
      expect(res.body.customer.fraudPreventionData).to.deep.equal(fraudPreventionData);
      expect(res.body.warnings[0]).to.include({ code: 'DEPRECATED_FIELD', severity: 'WARN', attribute: 'customer.extraData' });
    });
  });

  describe('the duplicate rule', () => {
    it('when the same request comes again, then 200 with the first application', async () => {
      const body = applicationBody();
      const first = await post(body);
      const again = await post(body);
      expect(first.status).to.equal(201);
      expect(again.status).to.equal(200);
      expect(again.body.id).to.equal(first.body.id);
    });
    it('when only the variable symbols differ, then it is a new application', async () => {
      const body = applicationBody();
      const first = await post(body);
      const other = await post(withField(body, 'order.variableSymbols', ['999']));
      expect(other.status).to.equal(201);
      expect(other.body.id).not.to.equal(first.body.id);
    });
    it('when another customer sends the same order, then it is a new application; the same customer under another spelling of the e-mail is a duplicate', async () => {
      const body = applicationBody();
      const first = await post(body);
      expect(first.status).to.equal(201);
      const other = await post(withField(body, 'customer.email', 'petr.svoboda@example.com'));
      expect(other.status, other.text).to.equal(201);
      expect(other.body.id).not.to.equal(first.body.id);
      expect(other.body.customer.email).to.equal('petr.svoboda@example.com');
      const same = await post(withField(body, 'customer.email', 'Jana.Novakova+shop@Example.COM'));
      expect(same.status, same.text).to.equal(200);
      expect(same.body.id).to.equal(first.body.id);
    });
    it('when another partner sends the same request, then it is a new application', async () => {
      const body = applicationBody();
      const first = await post(body);
      const other = await provisionPartner(h.t);
      const res = await h.t.client.post(PATH, body, { token: other.token });
      expect(res.status).to.equal(201);
      expect(res.body.id).not.to.equal(first.body.id);
    });
    it('when 20 identical requests arrive at once, then exactly one application is created', async () => {
      const body = applicationBody();
      const all = await Promise.all(Array.from({ length: 20 }, () => post(body)));
      expect(all.map((r) => r.status).sort()).to.deep.equal([...Array(19).fill(200), 201]);
      expect(new Set(all.map((r) => r.body.id)).size).to.equal(1);
      const stored = await h.t.api.runtime.db.collection('applications').countDocuments({ 'order.number': body.order.number });
      expect(stored).to.equal(1);
    });
  });
});

describe('POST /financing/v1/applications: the duplicate window', function () {
  this.timeout(60_000);
  let h: AppHarness;
  // the API's time: moved past the window instead of waiting for it
  const clock = new ManualClock(Date.now());
  before(async () => {
    h = await startHarness({ DUPLICATE_WINDOW: '1s' }, { clock });
  });
  after(async () => {
    await h?.stop();
  });

  it('when the same request comes within the window, then the first application; after it, a new one', async () => {
    const body = applicationBody();
    const first = await h.create(body);
    await clock.advance(999);
    const within = await h.t.client.post(PATH, body, { token: h.partner.token });
    expect(within.status).to.equal(200);
    expect(within.body.id).to.equal(first.id);
    await clock.advance(1);
    const res = await h.t.client.post(PATH, body, { token: h.partner.token });
    expect(res.status).to.equal(201);
    expect(res.body.id).not.to.equal(first.id);
  });
});
