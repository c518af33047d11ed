import type { DomainEvent } from '../../platform/events.js';
import { derivedId, uuidTime } from '../../platform/ids.js';
import { eventEntry, notificationEntry, type OutboxEntry } from '../../platform/outbox.js';
import type { NotificationRequest } from '../../platform/notifications.js';
import type { Change } from '../../platform/versioned-store.js';
import { systemClock, type Clock } from '../../platform/clock.js';
import type { LedgerRepository } from './ledger.repository.js';
import type { PaymentLinesRepository } from './payment-lines.repository.js';
import type { PaymentLineDoc } from './payment-lines.model.js';
import { addDays, localDate } from '../../platform/dates.js';
import type { OrderEventData } from '../orders/index.js';
import { recordFor, recordsAhead, type PayoutOrder, type PayoutTerms, type LedgerRecord, type PaymentOperation } from './ledger.rules.js';
import type { LedgerDoc, LedgerEntryDoc, PaymentBody } from './payments.model.js';
import { PAYMENT_EVENTS, PAYMENT_TOPICS, paymentEvent } from './payments.events.js';

/** The service's billing data on every Payment's invoice (config BILLING_*). */
export interface Billing {
  fullName: string;
  accountNumber: string;
  bankCode: string;
  address: { streetAddress: string; streetNumber: string; city: string; zip: string; country: string };
}

/** A credit note is due this many days after it is issued (docs/orders-and-payments.md). */
export const CREDIT_NOTE_DUE_DAYS = 14;
const MAX_PROCESSED_IDS = 500;

/**
 * The payout ledgers: one document per application in `payment_ledgers`. An
 * order event reconciles the ledger to the order's payout base; a payout or credit note
 * leaves with its payment event and the partner's payment notification in the same write.
 */
export class LedgerService {
  constructor(
    private readonly repo: LedgerRepository,
    private readonly billing: Billing,
    private readonly clock: Clock = systemClock,
    private readonly lines?: Pick<PaymentLinesRepository, 'record'>,
  ) {}

  async init(): Promise<void> {
    await this.repo.init();
  }

  find(applicationId: string): Promise<LedgerDoc | null> {
    return this.repo.findByApplication(applicationId);
  }

  /**
   * A dry run (no write): the records the ledger will make for `snapshots` applied in turn,
   * by the same rule as `apply`, with the application's ledger terms (the partner's
   * current terms when it has no ledger yet: the first order event opens it with them).
   */
  async preview(partnerId: string, applicationId: string, partnerTerms: PayoutTerms, snapshots: PayoutOrder[], now = this.clock.now()) {
    const found = await this.find(applicationId);
    const ledger = found && found.partnerId === partnerId ? found : undefined;
    return recordsAhead(ledger?.records ?? [], ledger?.terms ?? partnerTerms, snapshots, now);
  }

  /** Applies one order event; a repeated or older event has no effect. */
  async apply(event: DomainEvent<OrderEventData>, now = this.clock.now()): Promise<LedgerEntryDoc | undefined> {
    const appId = event.aggregateId;
    const current = (await this.find(appId)) ?? (await this.open(event, now));
    if (stale(current, event)) {
      // a redelivery after a crash between the ledger's write and the line's: write the line now
      const made = current.records.find((r) => r.sourceEventId === event.id);
      if (made) await this.recordLine(current, made);
      return undefined;
    }
    const { doc, result } = await this.repo.mutate(appId, (ledger) => this.decide(ledger, event, now), {
      notFound: () => new Error(`ledger ${appId} vanished`),
    });
    if (result) await this.recordLine(doc, result);
    return result;
  }

  /**
   * The record as a line of the partner's account-wide list, written once by paymentId. The
   * order event is acknowledged only after this, so a crash in between redelivers it and the
   * stale branch of `apply` writes the line.
   */
  private async recordLine(ledger: LedgerDoc, entry: LedgerEntryDoc): Promise<void> {
    if (!this.lines) return;
    await this.lines.record(lineOf(ledger.partnerId, ledger._id, entry));
  }

  /** The first event of an application opens its ledger with the partner's terms of that moment. */
  private async open(event: DomainEvent<OrderEventData>, now: Date): Promise<LedgerDoc> {
    const doc = {
      _id: event.aggregateId,
      partnerId: event.partnerId,
      terms: { trigger: event.data.payout.trigger, feeBps: event.data.payout.feeBps },
      currency: event.data.order.currency,
      lastAggregateVersion: 0,
      processedEventIds: [],
      records: [],
      createdAt: now,
      updatedAt: now,
    };
    return this.repo.openOrGet(doc, now);
  }

  private decide(ledger: LedgerDoc, event: DomainEvent<OrderEventData>, now: Date): Change<LedgerEntryDoc | undefined> {
    if (stale(ledger, event)) return { set: { updatedAt: now }, entries: [] }; // lost a race to the same event
    const { order } = event.data;
    const operation = operationOf(event.data);
    const record = recordFor(ledger.records, order, ledger.terms, {
      currency: ledger.currency,
      sourceEventId: event.id,
      ...(operation ? { operation } : {}),
      now,
      // derived from the order event and the ledger's place, so handling the same event again
      // after a restore (reconcile re-publishes it) makes the payment the partner already has
      newId: () => derivedId(new Date(event.occurredAt), 'payment', ledger._id, event.id, ledger.records.length),
    });
    const set: Record<string, unknown> = {
      lastAggregateVersion: event.aggregateVersion,
      processedEventIds: [...ledger.processedEventIds, event.id].slice(-MAX_PROCESSED_IDS),
      updatedAt: now,
    };
    if (!record) return { set, entries: [] };
    const entry: LedgerEntryDoc = {
      ...record,
      body: this.paymentBody(record, event.aggregateId, order.variableSymbol),
      orderNumber: order.orderNumber,
      notifyUrl: event.data.paymentsUrl ?? event.data.notificationUrl,
    };
    set.records = [...ledger.records, entry];
    return { set, entries: this.entries(ledger, event, entry, now), result: entry };
  }

  private paymentBody(record: LedgerRecord, applicationId: string, variableSymbol: string | undefined): PaymentBody {
    const date = localDate(record.createdAt);
    const money = (amount: number) => ({ amount, currency: record.currency });
    return {
      paymentId: record.paymentId,
      type: record.type,
      date,
      applicationId,
      value: money(record.net),
      grossValue: money(record.gross),
      fee: money(record.fee),
      ...(variableSymbol ? { variableSymbol } : {}),
      ...(record.operation ? { operationId: record.operation.operationId, operation: withoutId(record.operation) } : {}),
      invoice: {
        fullName: this.billing.fullName,
        address: { ...this.billing.address, addressType: 'PERMANENT' },
        dueDate: record.type === 'PAYOUT' ? date : addDays(date, CREDIT_NOTE_DUE_DAYS),
        accountNumber: { accountNumber: this.billing.accountNumber, bankCode: this.billing.bankCode },
      },
    };
  }

  /** The payment event and the partner's payment notification (spec: Payment notification). */
  private entries(ledger: LedgerDoc, event: DomainEvent<OrderEventData>, entry: LedgerEntryDoc, now: Date): OutboxEntry[] {
    const type = entry.type === 'PAYOUT' ? PAYMENT_EVENTS.created : PAYMENT_EVENTS.creditNoteIssued;
    const pe = paymentEvent(
      type,
      { id: ledger._id, version: ledger.version + 1, partnerId: ledger.partnerId },
      {
        paymentEventVersion: 1,
        payment: entry.body,
        sourceEventId: event.id,
      },
      now,
    );
    const notification: NotificationRequest = {
      id: derivedId(uuidTime(pe.id) ?? 0, 'notification', pe.id),
      partnerId: ledger.partnerId,
      kind: 'PAYMENT',
      // the published rule: payment notifications go to the paymentsEndpoint when there is one
      url: event.data.paymentsUrl ?? event.data.notificationUrl,
      body: entry.body,
      sourceEventId: pe.id,
      key: ledger._id,
      createdAt: now.toISOString(),
    };
    return [eventEntry(PAYMENT_TOPICS.events, pe), notificationEntry(notification)];
  }
}

/** A ledger record as the partner's payment line (open: no settlement has taken it). */
export function lineOf(partnerId: string, applicationId: string, entry: LedgerEntryDoc): PaymentLineDoc {
  return {
    _id: entry.paymentId,
    partnerId,
    applicationId,
    type: entry.type,
    gross: entry.gross,
    fee: entry.fee,
    net: entry.net,
    currency: entry.currency,
    date: entry.body.date,
    createdAt: entry.createdAt,
    ...(entry.orderNumber ? { orderNumber: entry.orderNumber } : {}),
    ...(entry.body.variableSymbol ? { variableSymbol: entry.body.variableSymbol } : {}),
    ...(entry.operation ? { operation: entry.operation } : {}),
    ...(entry.notifyUrl ? { notifyUrl: entry.notifyUrl } : {}),
    body: entry.body,
    settlementId: null,
    settled: false,
  };
}

/** The call behind an order event, with the items and quantities it touched. */
function operationOf(data: OrderEventData): PaymentOperation | undefined {
  if (!data.operation) return undefined;
  return {
    ...data.operation,
    items: (data.lines ?? []).map((l) => ({ code: l.code, quantity: l.quantityMilli / 1000, amount: l.amount })),
  };
}

function withoutId({ operationId: _id, ...rest }: PaymentOperation): Omit<PaymentOperation, 'operationId'> {
  return rest;
}

function stale(ledger: LedgerDoc, event: DomainEvent): boolean {
  return ledger.lastAggregateVersion >= event.aggregateVersion || ledger.processedEventIds.includes(event.id);
}
