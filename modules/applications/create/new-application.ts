import { createHash } from 'node:crypto';
import { newId } from '../../../platform/ids.js';
import { buildOrder, type DocumentMeta, type OrderInput } from '../../order-rules/index.js';
import { accountIdOf, type ApplicationDoc, type CustomerDoc, type RecurrenceDoc, type Status } from '../application.model.js';
import type { CreateApplicationInput } from './create.schemas.js';
import { searchTermsOf } from '../search-terms.js';

/** Pure builders of a new Application document from validated input. */

/** The deprecated `extraData` is mapped onto fraudPreventionData, so older partners keep working. */
export function buildCustomer(input: CreateApplicationInput['customer']): CustomerDoc {
  const { extraData, addresses, fraudPreventionData, ...rest } = input;
  const fpd = fraudPreventionData ?? extraData;
  return { ...rest, addresses: addresses ?? [], ...(fpd ? { fraudPreventionData: fpd } : {}) };
}

export interface NewApplicationParams {
  id: string;
  partnerId: string;
  /** the duplicate rule's key (duplicateKey), which the new application holds */
  dedupKey?: string;
  status: Status;
  event: string;
  now: Date;
  applicationTtlMs: number;
  gatewayTokenTtlMs: number;
}

export function buildApplication(
  input: Pick<CreateApplicationInput, 'type' | 'agreementTermsAndConditions' | 'isRecurring' | 'merchantUrls' | 'customData'> & {
    order: OrderInput;
    customer: CustomerDoc;
  },
  documents: DocumentMeta[],
  p: NewApplicationParams,
): Omit<ApplicationDoc, 'version' | 'outbox' | 'outboxAt'> {
  const recurrence: RecurrenceDoc | undefined = input.isRecurring
    ? { id: newId(), state: 'APPROVING', financingType: input.type, createdAt: p.now }
    : undefined;
  return {
    _id: p.id,
    partnerId: p.partnerId,
    ...(p.dedupKey ? { dedupKey: p.dedupKey } : {}),
    type: input.type,
    state: p.status.state,
    stateReason: p.status.stateReason,
    agreementTermsAndConditions: input.agreementTermsAndConditions === true,
    customer: input.customer,
    order: buildOrder(input.order, documents),
    merchantUrls: input.merchantUrls,
    customDataJson: input.customData == null ? null : JSON.stringify(input.customData),
    ...(recurrence ? { recurrence } : {}),
    gateway: { expiresAt: new Date(p.now.getTime() + p.gatewayTokenTtlMs) },
    expiresAt: new Date(p.now.getTime() + p.applicationTtlMs),
    createdAt: p.now,
    updatedAt: p.now,
    history: [{ at: p.now, state: p.status.state, stateReason: p.status.stateReason, event: p.event }],
    search: searchTermsOf({ customer: input.customer, order: { number: input.order.number ?? null } }),
  };
}

/**
 * Whose purchase a create is, for the duplicate rule: an application created from a
 * recurrence belongs to that recurrence, any other to its customer (the account key of the
 * decision rules: the e-mail in lower case without a `+tag`). The spec's key (shop, type,
 * amount, order number, variable symbols) says nothing of the customer, but two customers
 * of one shop can place equal orders (order numbers are the shop's, and optional from a
 * recurrence): a request must never be answered with another customer's application.
 */
export type DuplicateScope = { recurrenceId: string } | { customer: string };

export function duplicateScopeOf(app: { fromRecurrenceId?: string; customer: { email: string } }): DuplicateScope {
  return app.fromRecurrenceId ? { recurrenceId: app.fromRecurrenceId } : { customer: accountIdOf(app.customer.email) };
}

/**
 * The duplicate key: shop, order type, total amount, order number, whose purchase it is
 * (`DuplicateScope`) and the variable symbols (in the order given), hashed into a
 * fixed-size value. Keys written before the scope was part of them match no key of today
 * (docs/applications.md, "Duplicates").
 */
export function duplicateKey(
  partnerId: string,
  type: string,
  order: Pick<OrderInput, 'number' | 'totalPrice' | 'variableSymbols'>,
  scope: DuplicateScope,
): string {
  const whose = 'recurrenceId' in scope ? ['recurrence', scope.recurrenceId] : ['customer', scope.customer];
  const parts = [partnerId, type, String(order.totalPrice.amount), order.totalPrice.currency, order.number ?? '', ...whose, ...(order.variableSymbols ?? [])];
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url');
}
