import type { ApplicationDoc } from '../../modules/applications/index.js';

/** A stored application document for unit tests of pure functions. */
export function sampleDoc(over: Partial<ApplicationDoc> = {}): ApplicationDoc {
  const now = new Date('2024-03-01T10:00:00Z');
  const item = {
    code: 'SKU-1',
    name: 'Kettle',
    type: 'PHYSICAL' as const,
    quantity: 1,
    quantityMilli: 1000,
    unitPrice: { amount: 12100, currency: 'CZK' },
    totalPrice: { amount: 12100, currency: 'CZK' },
    unitVat: { amount: 2100, currency: 'CZK', vatRate: 21 },
    totalVat: { amount: 2100, currency: 'CZK', vatRate: 21 },
    state: 'PROCESSING' as const,
    sentMilli: 0,
    deliveredMilli: 0,
    returnedMilli: 0,
    cancelledMilli: 0,
  };
  return {
    _id: 'app-1',
    version: 1,
    outbox: {},
    partnerId: 'p-1',
    type: 'DEFERRED_PAYMENT',
    state: 'PROCESSING',
    stateReason: 'PROCESSING_REDIRECT_NEEDED',
    agreementTermsAndConditions: false,
    customer: { fullName: 'Jana Nováková', email: 'jana@example.com', phone: '+420777123456', addresses: [] },
    order: {
      number: 'ORD-1',
      state: 'PROCESSING',
      totalPrice: { amount: 12100, currency: 'CZK' },
      originalTotalPrice: { amount: 12100, currency: 'CZK' },
      totalVat: [{ amount: 2100, currency: 'CZK', vatRate: 21 }],
      items: [item],
      addresses: [],
      variableSymbols: ['123'],
      documents: [],
      adjustments: [],
      fulfilment: [],
    },
    merchantUrls: {
      approvedRedirect: 'https://shop.example/ok',
      rejectedRedirect: 'https://shop.example/ko',
      notificationEndpoint: 'https://shop.example/hook',
    },
    customDataJson: null,
    gateway: { expiresAt: new Date(now.getTime() + 86_400_000) },
    expiresAt: new Date(now.getTime() + 86_400_000),
    createdAt: now,
    updatedAt: now,
    history: [{ at: now, state: 'PROCESSING', stateReason: 'PROCESSING_REDIRECT_NEEDED', event: 'applications.application.created' }],
    ...over,
  };
}
