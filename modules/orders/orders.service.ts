import type { Clock } from '../../platform/clock.js';
import { newId } from '../../platform/ids.js';
import { NotFoundError } from '../../platform/errors.js';
import type { AuthenticatedPartner } from '../../platform/http/state.js';
import type { Reply } from '../../platform/idempotency.js';
import {
  anySentOrDelivered,
  applyFulfilment,
  applyOrderChange,
  OrderRefused,
  type FulfilmentInput,
  type FulfilmentOutcome,
  type FulfilmentOp,
  type OrderChangeInput,
} from '../order-rules/index.js';
import type { ChangeOrderBody, FulfilmentBody } from './orders.schemas.js';
import {
  assertVersion,
  checkAvailability,
  toOrderWithInfo,
  transition,
  TransitionRefused,
  type Action,
  type ActionCheck,
  type ApplicationDoc,
  type ApplicationsModule,
  type Operation,
  type OrderLookup,
  type SettableFields,
  type Status,
} from '../applications/index.js';
import { ORDER_EVENTS, ORDER_TOPICS, orderSnapshot, type OrderEventData, type OrderOperation } from './orders.events.js';

/** `ifVersion`: write only if the application is still at this version (the portal's confirm of a preview). */
export interface FulfilGuard {
  ifVersion?: number;
}

/** The call as the route names it: a fresh operation id and the request's Idempotency-Key, if any. */
export type OperationContext = Omit<OrderOperation, 'type'>;

export interface OrdersServiceDeps {
  applications: Pick<ApplicationsModule, 'changeApplication' | 'findByOrder' | 'prepareDocuments' | 'getApplication'>;
  clock: Clock;
}

const OPERATION: Record<FulfilmentOp, Operation> = { SEND: 'MARK_SENT', DELIVER: 'MARK_DELIVERED', RETURN: 'MARK_RETURNED', CANCEL: 'MARK_CANCELLED' };
const EVENT: Record<FulfilmentOutcome['kind'], string> = {
  SENT: ORDER_EVENTS.sent,
  DELIVERED: ORDER_EVENTS.delivered,
  RETURNED: ORDER_EVENTS.returned,
  REFUNDED: ORDER_EVENTS.refunded,
  CANCELLED: ORDER_EVENTS.cancelled,
};

/** The spec's availability table first: a refused cell answers with its code, before any item rule. */
function assertAvailable(app: ApplicationDoc, op: Operation): void {
  const refusal = checkAvailability(op, app, { sentOrDelivered: anySentOrDelivered(app.order) });
  if (refusal) throw new TransitionRefused(refusal);
}

/**
 * The decision of one fulfilment call, pure: the availability table, the item and amount
 * rules, then the status transition they lead to. Throws the refusal the call answers with.
 * `allowedActions` runs the same function with the call's default request.
 */
export function decideFulfilment(app: ApplicationDoc, input: FulfilmentInput, now: Date): FulfilmentOutcome {
  return fulfilmentResult(app, input, now).outcome;
}

/** The decision with the status it leads to: what `fulfil` writes, and what the portal's preview shows. */
export function fulfilmentResult(app: ApplicationDoc, input: FulfilmentInput, now: Date): { outcome: FulfilmentOutcome; status: Status } {
  assertAvailable(app, OPERATION[input.op]);
  const outcome = applyFulfilment(app.order, input, { now, newId });
  return { outcome, status: transition(app, outcome.trigger, outcome.facts) };
}

/** What a fulfilment would do to the application as it is now, written nowhere. */
export interface FulfilmentPreview {
  /** the application the decision was made on (its `version` guards the real call) */
  app: ApplicationDoc;
  outcome: FulfilmentOutcome;
  status: Status;
}

/** How `allowedActions` judges the order operations: each by its own call's rules. */
export function orderActionChecks(clock: Clock): Array<[Action, ActionCheck]> {
  const now = () => clock.now();
  return [
    ['CHANGE_ORDER', (app) => assertAvailable(app, 'CHANGE_ORDER')],
    [
      'SEND',
      (app) => {
        decideFulfilment(app, { op: 'SEND' }, now());
      },
    ],
    [
      'DELIVER',
      (app) => {
        decideFulfilment(app, { op: 'DELIVER' }, now());
      },
    ],
    // a return of what is left, or else an amount-only refund of the smallest amount
    [
      'RETURN',
      (app) => {
        try {
          decideFulfilment(app, { op: 'RETURN' }, now());
        } catch {
          decideFulfilment(app, { op: 'RETURN', items: [], totalPrice: { amount: 1, currency: app.order.totalPrice.currency } }, now());
        }
      },
    ],
    [
      'CANCEL_ITEMS',
      (app) => {
        decideFulfilment(app, { op: 'CANCEL' }, now());
      },
    ],
  ];
}

function eventData(
  app: ApplicationDoc,
  partner: AuthenticatedPartner,
  lines: OrderEventData['lines'],
  amount: number,
  operation: OrderOperation,
): OrderEventData {
  return {
    operation,
    orderEventVersion: 1,
    lines,
    amount,
    payout: { trigger: partner.payoutTrigger, feeBps: partner.feeBps },
    notificationUrl: app.merchantUrls.notificationEndpoint,
    ...(app.merchantUrls.paymentsEndpoint ? { paymentsUrl: app.merchantUrls.paymentsEndpoint } : {}),
    order: orderSnapshot(app.order),
  };
}

/**
 * The order use cases: each reads as assert (availability), decide (the pure rules of
 * modules/order-rules), and persist through the applications module's changeApplication,
 * which writes the order, the status, the event and the notification in one
 * version-guarded write (a lost race decides again on the fresh document, so concurrent
 * calls never lose an update).
 */
export class OrdersService {
  constructor(private readonly deps: OrdersServiceDeps) {}

  /** `reply`: the route's answer, kept with the change under the request's Idempotency-Key. */
  async fulfil(
    partner: AuthenticatedPartner,
    applicationId: string,
    op: FulfilmentOp,
    body: FulfilmentBody,
    reply: Reply<ApplicationDoc>,
    call: OperationContext = { operationId: newId() },
    guard: FulfilGuard = {},
  ): Promise<ApplicationDoc> {
    const now = this.deps.clock.now();
    // documents are checked and stored (by content hash) before the write: a refused
    // operation leaves at most an unreferenced blob, never a half-changed order
    // an id that is not the partner's is refused before any document URL is fetched
    if (body.document) await this.deps.applications.getApplication(partner.id, applicationId);
    const document = body.document ? (await this.deps.applications.prepareDocuments([body.document], () => 'document.file', now))[0] : undefined;
    const { document: _raw, ...rest } = body;
    const input: FulfilmentInput = { ...rest, op, ...(document ? { document } : {}) };
    const { doc } = await this.deps.applications.changeApplication(
      partner.id,
      applicationId,
      (app) => {
        // checked on the document the write is guarded by: a change in between is never applied over
        if (guard.ifVersion !== undefined) assertVersion(app, guard.ifVersion);
        const out = decideFulfilment(app, input, now);
        return {
          set: { order: out.order },
          trigger: out.trigger,
          facts: out.facts,
          events: [
            {
              type: EVENT[out.kind],
              data: eventData({ ...app, order: out.order }, partner, out.lines, out.amount, { ...call, type: op }),
              topic: ORDER_TOPICS.events,
            },
          ],
        };
      },
      reply,
    );
    return doc;
  }

  /**
   * The dry run of `fulfil`: the same decision on the application as it is now, without
   * writing (no documents are fetched: they change nothing the decision computes).
   */
  async preview(partnerId: string, applicationId: string, op: FulfilmentOp, body: FulfilmentBody): Promise<FulfilmentPreview> {
    const app = await this.deps.applications.getApplication(partnerId, applicationId);
    const { document: _raw, ...rest } = body;
    return { app, ...fulfilmentResult(app, { ...rest, op }, this.deps.clock.now()) };
  }

  async change(
    partner: AuthenticatedPartner,
    applicationId: string,
    body: ChangeOrderBody,
    reply: Reply<ApplicationDoc>,
    call: OperationContext = { operationId: newId() },
  ): Promise<ApplicationDoc> {
    const now = this.deps.clock.now();
    if (body.order.documents) await this.deps.applications.getApplication(partner.id, applicationId);
    const documents = body.order.documents
      ? await this.deps.applications.prepareDocuments(body.order.documents, (i) => `order.documents[${i}].file`, now)
      : undefined;
    const { documents: _raw, ...rest } = body.order;
    const input: OrderChangeInput = { ...rest, ...(documents ? { documents } : {}) };
    const { doc } = await this.deps.applications.changeApplication(
      partner.id,
      applicationId,
      (app) => {
        assertAvailable(app, 'CHANGE_ORDER');
        const order = applyOrderChange(app.order, input);
        const set: SettableFields = { order };
        // the customer's plan follows the new total in the same write (changeApplication)
        if (app.state === 'READY' && order.totalPrice.amount !== app.order.totalPrice.amount) assertTotalChangeSupported(app, order.totalPrice.amount);
        const data = { ...eventData({ ...app, order }, partner, [], 0, { ...call, type: 'CHANGE' }), ...(body.reason ? { reason: body.reason } : {}) };
        return { set, events: [{ type: ORDER_EVENTS.changed, data, topic: ORDER_TOPICS.events }], notify: false };
      },
      reply,
    );
    return doc;
  }

  /** GET /financing/v1/orders: the lookup is the applications module's (newest match; docs). */
  async find(partnerId: string, query: OrderLookup) {
    const doc = await this.deps.applications.findByOrder(partnerId, query);
    if (!doc) throw new NotFoundError('No order of this partner matches the query.');
    return toOrderWithInfo(doc);
  }
}

/**
 * The service's decisions for a READY application (docs/orders-and-payments.md): the customer approved a total,
 * so a change may lower it but not raise it; pay in three collected its first instalment
 * on the approved plan, so its total cannot change at all.
 */
function assertTotalChangeSupported(app: ApplicationDoc, total: number): void {
  if (app.type === 'PAY_IN_THREE') {
    throw new OrderRefused('NOT_SUPPORTED', 'The total of an approved PAY_IN_THREE application cannot change: its instalments are fixed.', 'order.totalPrice');
  }
  if (total > app.order.totalPrice.amount) {
    throw new OrderRefused(
      'NOT_SUPPORTED',
      `The customer approved ${app.order.totalPrice.amount}; an approved order cannot grow. Create a new application for the difference.`,
      'order.totalPrice.amount',
    );
  }
}
