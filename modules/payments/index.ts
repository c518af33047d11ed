/**
 * The payments module's public face: payouts to partners and credit notes (DESIGN 13),
 * driven by the orders module's events; its own events on TOPICS.paymentEvents.
 */
import type { AppModule } from '../../platform/module.js';

export { createPaymentsModule, type PaymentsModuleDeps } from './create-payments-module.js';
export { PAYMENT_EVENTS, type PaymentEventData } from './payments.events.js';
export type { PaymentBody } from './payments.model.js';
export { paymentSchema, paymentsPageSchema } from './payments.schemas.js';
export { feeOf, reconcile, type PayoutTerms, type LedgerRecord } from './ledger.rules.js';

export type PaymentsModule = AppModule;
