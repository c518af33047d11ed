import { derivedId, uuidTime } from '../../platform/ids.js';
import { domainEvent, type DomainEvent } from '../../platform/events.js';
import type { PaymentBody } from './payments.model.js';

/** The module's topic: payouts and credit notes, keyed by application id. */
export const PAYMENT_TOPICS = { events: 'payments.events' } as const;

/** Payment events on PAYMENT_TOPICS.events, keyed by application id. */
export const PAYMENT_EVENTS = {
  /** a payout to the partner */
  created: 'payments.payment.created',
  /** goods came back after a payout: the partner owes the amount back */
  creditNoteIssued: 'payments.creditnote.issued',
  /** the application moved to READY_PAID (an application event, on the applications topic) */
  applicationPaid: 'payments.application.paid',
} as const;

export interface PaymentEventData {
  [key: string]: unknown;
  paymentEventVersion: 1;
  payment: PaymentBody;
  /** the order event that caused it */
  sourceEventId: string;
}

export function paymentEvent(
  type: string,
  aggregate: { id: string; version: number; partnerId: string },
  data: PaymentEventData,
  now: Date,
): DomainEvent<PaymentEventData> {
  // one event per payment: its id is derived from the payment's (itself derived from the
  // order event), not from the ledger's version or the clock, which differ when the order
  // event is handled again after a restore
  const paymentId = data.payment.paymentId;
  return { ...domainEvent(type, aggregate, data, now), id: derivedId(uuidTime(paymentId) ?? 0, 'event', type, paymentId) };
}
