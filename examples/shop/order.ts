import type { NewApplication } from '@partner-financing/client';

/** The basket of the example: two kettles and the delivery, 1 500.00 CZK in all. */
export function kettleOrder(orderNumber: string, notificationEndpoint: string): NewApplication {
  const czk = (amount: number) => ({ amount, currency: 'CZK' as const });
  return {
    type: 'DEFERRED_PAYMENT',
    agreementTermsAndConditions: false,
    customer: {
      firstName: 'Jana',
      lastName: 'Nováková',
      email: 'jana@example.com',
      phone: '+420777123456',
      addresses: [
        { addressType: 'BILLING', name: 'Jana Nováková', city: 'Praha', country: 'CZ', streetAddress: 'Vodičkova', streetNumber: '12', zip: '11000' },
      ],
      fraudPreventionData: { transactionsNumber: 4, transactionsSum: czk(250000), pageTotalTime: 320, itemsViewed: 7 },
    },
    order: {
      number: orderNumber,
      totalPrice: czk(150000),
      totalVat: [{ vatRate: 21, ...czk(26033) }],
      items: [
        {
          code: 'KTL-1',
          name: 'Electric kettle',
          type: 'PHYSICAL',
          quantity: 2,
          unitPrice: czk(60000),
          totalPrice: czk(120000),
          totalVat: { vatRate: 21, ...czk(20826) },
        },
        { code: 'SHIP', name: 'Delivery', type: 'SHIPPING_FEE', totalPrice: czk(30000), totalVat: { vatRate: 21, ...czk(5207) } },
      ],
      addresses: [{ addressType: 'DELIVERY', city: 'Praha', country: 'CZ', streetAddress: 'Vodičkova', streetNumber: '12', zip: '11000' }],
      deliveryCarrier: { carrierId: 'PPL' },
    },
    merchantUrls: {
      approvedRedirect: 'https://shop.example/checkout/approved',
      rejectedRedirect: 'https://shop.example/checkout/rejected',
      notificationEndpoint,
    },
  };
}
