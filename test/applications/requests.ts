import { randomBytes } from 'node:crypto';

/** A complete, valid create-application body (2 items, 21 % VAT, CZK); `over` patches top-level parts. */
export function applicationBody(over: Record<string, unknown> = {}, opts: { email?: string; number?: string } = {}) {
  const number = opts.number ?? `ORD-${randomBytes(4).toString('hex')}`;
  return {
    type: 'DEFERRED_PAYMENT',
    customer: {
      firstName: 'Jana',
      lastName: 'Nováková',
      email: opts.email ?? 'jana.novakova@example.com',
      phone: '+420777123456',
      addresses: [
        { addressType: 'BILLING', name: 'Jana Nováková', city: 'Praha', country: 'CZ', streetAddress: 'Vodičkova', streetNumber: '12', zip: '11000' },
      ],
      fraudPreventionData: { transactionsNumber: 4, transactionsSum: { amount: 250000, currency: 'CZK' }, pageTotalTime: 320, itemsViewed: 7 },
    },
    order: {
      number,
      reservationDate: '2024-05-01T14:30:00.123+02:00',
      totalPrice: { amount: 150000, currency: 'CZK' },
      totalVat: [{ vatRate: 21, amount: 26033, currency: 'CZK' }],
      items: [
        {
          code: 'KTL-1',
          name: 'Electric kettle',
          type: 'PHYSICAL',
          quantity: 2,
          unitPrice: { amount: 60000, currency: 'CZK' },
          totalPrice: { amount: 120000, currency: 'CZK' },
          totalVat: { vatRate: 21, amount: 20826, currency: 'CZK' },
        },
        {
          code: 'SHIP',
          name: 'Delivery',
          type: 'SHIPPING_FEE',
          totalPrice: { amount: 30000, currency: 'CZK' },
          totalVat: { vatRate: 21, amount: 5207, currency: 'CZK' },
        },
      ],
      addresses: [{ addressType: 'DELIVERY', city: 'Praha', country: 'CZ', streetAddress: 'Vodičkova', streetNumber: '12', zip: '11000' }],
      variableSymbols: ['2024000123'],
      deliveryCarrier: { carrierId: 'PPL' },
    },
    merchantUrls: {
      approvedRedirect: 'https://shop.example/checkout/approved',
      rejectedRedirect: 'https://shop.example/checkout/rejected',
      notificationEndpoint: 'https://shop.example/hooks/financing',
    },
    customData: { basketId: 'b-77', source: 'web', nested: { 'any key': ['kept', 1, true, null] } },
    ...over,
  };
}

/** A deep copy with `path` (dot and [i] notation) set to `value` (undefined deletes it). */
export function withField(body: unknown, path: string, value: unknown): any {
  const copy = structuredClone(body) as any;
  const keys = path.replace(/\[(\d+)\]/g, '.$1').split('.');
  let at = copy;
  for (const k of keys.slice(0, -1)) at = at[k];
  const last = keys[keys.length - 1]!;
  if (value === undefined) delete at[last];
  else at[last] = value;
  return copy;
}
