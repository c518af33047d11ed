/**
 * Request bodies in the published document's shapes (OpenAPI 3.0, version 1.0), for the
 * conformance run: what a shop whose client was generated from that document sends. The
 * same purchase as the Java Journey's (clients/published-sdk): a kettle ×2 and delivery,
 * 1 500.00 CZK, VAT 21 %.
 */

const CZK = (amount: number) => ({ amount, currency: 'CZK' });
const VAT21 = (amount: number) => ({ vatRate: 21, amount, currency: 'CZK' });

export interface Hooks {
  notificationEndpoint: string;
  paymentsEndpoint: string;
}

export const merchantUrls = (hooks: Hooks) => ({
  approvedRedirect: 'https://shop.example.com/checkout/approved',
  rejectedRedirect: 'https://shop.example.com/checkout/rejected',
  notificationEndpoint: hooks.notificationEndpoint,
  paymentsEndpoint: hooks.paymentsEndpoint,
});

export const kettleItems = () => [
  {
    code: 'KTL-1',
    name: 'Electric kettle',
    type: 'PHYSICAL',
    quantity: 2,
    unitPrice: CZK(60000),
    unitVat: VAT21(10413),
    totalPrice: CZK(120000),
    totalVat: VAT21(20826),
  },
  {
    code: 'SHIP',
    name: 'Delivery',
    type: 'SHIPPING_FEE',
    quantity: 1,
    unitPrice: CZK(30000),
    unitVat: VAT21(5207),
    totalPrice: CZK(30000),
    totalVat: VAT21(5207),
  },
];

export const customer = (email: string) => ({
  firstName: 'Jana',
  lastName: 'Nováková',
  email,
  phone: '+420777123456',
  addresses: [{ addressType: 'BILLING', name: 'Jana Nováková', city: 'Praha', country: 'CZ', streetAddress: 'Vodičkova', streetNumber: '12', zip: '11000' }],
  extraData: { transactionsNumber: 4, transactionsSum: CZK(250000), pageTotalTime: 320, itemsViewed: 7 },
});

export function order(number: string, variableSymbol: string) {
  return {
    number,
    totalPrice: CZK(150000),
    totalVat: [VAT21(26033)],
    items: kettleItems(),
    addresses: [{ addressType: 'DELIVERY', name: 'Jana Nováková', city: 'Praha', country: 'CZ', streetAddress: 'Vodičkova', streetNumber: '12', zip: '11000' }],
    variableSymbols: [variableSymbol],
    deliveryType: 'DELIVERY_CARRIER',
  };
}

export function applicationRequest(opts: {
  type: 'DEFERRED_PAYMENT' | 'PAY_IN_THREE';
  number: string;
  variableSymbol: string;
  email: string;
  hooks: Hooks;
  isRecurring?: boolean;
}) {
  return {
    type: opts.type,
    agreementTermsAndConditions: false,
    customer: customer(opts.email),
    order: order(opts.number, opts.variableSymbol),
    merchantUrls: merchantUrls(opts.hooks),
    ...(opts.isRecurring ? { isRecurring: true } : {}),
  };
}

/** A purchase on a recurrence: no customer; the published OrderRequest still requires items. */
export function recurrenceApplicationRequest(number: string, hooks: Hooks) {
  return {
    type: 'DEFERRED_PAYMENT',
    order: {
      number,
      totalPrice: CZK(30000),
      totalVat: [VAT21(5207)],
      items: [
        {
          code: 'REFILL',
          name: 'Descaler refill',
          type: 'PHYSICAL',
          quantity: 1,
          unitPrice: CZK(30000),
          unitVat: VAT21(5207),
          totalPrice: CZK(30000),
          totalVat: VAT21(5207),
        },
      ],
    },
    merchantUrls: merchantUrls(hooks),
  };
}

/** The basket before approval, down to one kettle and the delivery. */
export function orderChange() {
  return {
    reason: 'The customer took one kettle out of the basket.',
    order: {
      totalPrice: CZK(90000),
      totalVat: [VAT21(15620)],
      items: [
        {
          code: 'KTL-1',
          name: 'Electric kettle',
          type: 'PHYSICAL',
          quantity: 1,
          unitPrice: CZK(60000),
          unitVat: VAT21(10413),
          totalPrice: CZK(60000),
          totalVat: VAT21(10413),
        },
        {
          code: 'SHIP',
          name: 'Delivery',
          type: 'SHIPPING_FEE',
          quantity: 1,
          unitPrice: CZK(30000),
          unitVat: VAT21(5207),
          totalPrice: CZK(30000),
          totalVat: VAT21(5207),
        },
      ],
    },
  };
}

export const sendRequest = (today: string, tracking: string) => ({ sentDate: today, deliveryTrackingNumber: tracking });
export const deliverRequest = (today: string) => ({ deliveryDate: today });
export const partialReturn = () => ({ items: [{ code: 'KTL-1', quantity: 1 }] });
export const itemCancel = () => ({ items: [{ code: 'KTL-1', quantity: 1 }] });
export const cancelRequest = () => ({ reason: 'APPLICATION_CANCELLED_BY_CUSTOMER' });

export function precheckRequest(email: string, number: string) {
  return {
    type: 'DEFERRED_PAYMENT',
    customer: { firstName: 'Jana', lastName: 'Nováková', email, phone: '+420777123456' },
    order: { number, totalPrice: CZK(150000), totalVat: [VAT21(26033)], items: kettleItems() },
  };
}

/** Today in the shop's zone, YYYY-MM-DD. */
export function today(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Prague' }).format(new Date());
}
