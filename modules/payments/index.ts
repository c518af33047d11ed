/**
 * The payments module's public face: payouts to partners and credit notes, driven by the
 * orders module's events; its own events on PAYMENT_TOPICS.events.
 */

export { createPaymentsModule, type PaymentsModule, type PaymentsModuleDeps } from './create-payments-module.js';
export { PAYMENT_EVENTS, PAYMENT_TOPICS, type PaymentEventData } from './payments.events.js';
export type { PaymentBody } from './payments.model.js';
export type { LedgerRecord, PayoutOrder, PayoutTerms } from './ledger.rules.js';
export { totalsPerDay, type DayTotal } from './partner-payments.query.js';
export type { PartnerSettlementsQuery, LineRow, OpenBalance, SettlementRef } from './partner-settlements.query.js';
export type { SettlementDoc, SettlementView } from './settlement.model.js';
export type { PaymentLineDoc } from './payment-lines.model.js';
export type { CsvDialect } from './settlement.report.js';

export type { SettlementPartners } from './settlement.service.js';
export { SETTLEMENT_NOTIFICATION_KIND } from './settlement.service.js';

// the operators' program (ops ledger backfill-lines)
export { backfillLines } from './backfill-lines.js';
export { checkLedger, checkSettlements, type LedgerCheckReport } from './ledger.check.js';
export { paymentsMigrations } from './migrations.js';
export { paymentsSection, type PaymentsConfig } from './payments.config.js';
