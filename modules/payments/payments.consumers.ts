import { parseDomainEvent, type DomainEvent } from '../../platform/events.js';
import { NO_REPLY } from '../../platform/idempotency.js';
import { AppError } from '../../platform/errors.js';
import { ManagedConsumer, NonRetriableError, type ConsumerDeps } from '../../platform/consumer.js';
import type { Topics } from '../../platform/kafka.js';
import type { ApplicationsModule } from '../applications/index.js';
import { ORDER_EVENT_TYPES, ORDER_TOPICS, type OrderEventData } from '../orders/index.js';
import type { LedgerService } from './ledger.service.js';
import { PAYMENT_EVENTS, PAYMENT_TOPICS, type PaymentEventData } from './payments.events.js';

/** Order events → the payout ledger (payouts and credit notes). */
export function ledgerConsumer(deps: ConsumerDeps, topics: Topics, ledger: LedgerService): ManagedConsumer<DomainEvent> {
  return new ManagedConsumer<DomainEvent>(deps, {
    groupId: topics.group('payments.ledger'),
    topics: [topics.name(ORDER_TOPICS.events)],
    parse: parseDomainEvent,
    idOf: (e) => e.id,
    // the topic holds order events only; anything else passes by without an inbox round trip
    types: ORDER_EVENT_TYPES,
    handle: async (event) => {
      await ledger.apply(event as DomainEvent<OrderEventData>);
    },
  });
}

/**
 * A payout → READY_PAID on the application (spec transition "payment to partner": at least
 * part of the price paid), through changeApplication. Each payout sets it once, in
 * the order things happen (a later send or delivery moves the application on, the next
 * payout brings READY_PAID back). Idempotent per payment: the application records the
 * payouts it has applied, so a redelivered event never sets READY_PAID a second time. A
 * credit note is not a payment to the partner and changes nothing here; an application
 * that is no longer READY (cancelled, fully returned) keeps its state, and a crash between
 * the ledger write and this one only delays it (the event is redelivered).
 */
export function paidConsumer(deps: ConsumerDeps, topics: Topics, applications: Pick<ApplicationsModule, 'changeApplication' | 'getApplication'>) {
  return new ManagedConsumer<DomainEvent>(deps, {
    groupId: topics.group('payments.paid'),
    topics: [topics.name(PAYMENT_TOPICS.events)],
    parse: parseDomainEvent,
    idOf: (e) => e.id,
    types: [PAYMENT_EVENTS.created],
    handle: async (event) => {
      const { partnerId, aggregateId } = event;
      const { payment } = event.data as PaymentEventData;
      if (payment.type !== 'PAYOUT') return;
      const applied = (app: { state: string; payoutsApplied?: string[] }) => app.state !== 'READY' || (app.payoutsApplied ?? []).includes(payment.paymentId);
      const app = await applications.getApplication(partnerId, aggregateId).catch(notRetriable);
      if (applied(app)) return;
      try {
        await applications.changeApplication(
          partnerId,
          aggregateId,
          (current) =>
            applied(current)
              ? {}
              : {
                  trigger: 'PAYOUT',
                  set: { payoutsApplied: [...(current.payoutsApplied ?? []), payment.paymentId] },
                  events: [{ type: PAYMENT_EVENTS.applicationPaid, data: { paymentId: payment.paymentId, value: payment.value } }],
                },
          NO_REPLY,
        );
      } catch (err) {
        // a refused transition (the application moved on meanwhile) is an answer, not a failure
        if (err instanceof AppError && err.status === 422) return;
        throw err;
      }
    },
  });
}

function notRetriable(err: unknown): never {
  if (err instanceof AppError && err.status === 404) throw new NonRetriableError(err.message);
  throw err;
}
