import type Joi from 'joi';
import { NotFoundError } from '../../platform/errors.js';
import { fingerprintOf, type IdempotencyStore, type Reply } from '../../platform/idempotency.js';
import { oncePerForm, type FormOutcome } from './form-key.js';
import type { AuthenticatedPartner } from '../../platform/http/state.js';
import type { ApplicationDoc, ApplicationsModule, CancelInput, Status } from '../applications/index.js';
import { orderSnapshot, type FulfilmentBody, type OrdersModule } from '../orders/index.js';
import type { LedgerRecord, PaymentsModule } from '../payments/index.js';
import { newId } from '../../platform/ids.js';
import { fieldRefusal } from './portal-errors.js';

/** The actions the portal offers, by their name in the page's path. */
export const PORTAL_ACTIONS = {
  cancel: 'CANCEL',
  send: 'SEND',
  deliver: 'DELIVER',
  return: 'RETURN',
  'cancel-items': 'CANCEL_ITEMS',
} as const;
export type PortalActionName = keyof typeof PORTAL_ACTIONS;

export type ActionRequest = { action: 'cancel'; input: CancelInput } | { action: Exclude<PortalActionName, 'cancel'>; input: FulfilmentBody };

export interface PortalActionsDeps {
  applications: Pick<ApplicationsModule, 'cancelApplication' | 'getApplication' | 'previewCancel'>;
  orders: Pick<OrdersModule, 'fulfil' | 'previewFulfilment'>;
  payments: Pick<PaymentsModule, 'previewPayments' | 'paymentsOf'>;
  partner(partnerId: string): Promise<AuthenticatedPartner | undefined>;
  keys: IdempotencyStore;
  schemas: { cancel: Joi.ObjectSchema; fulfil: Record<'SEND' | 'DELIVER' | 'RETURN' | 'CANCEL', Joi.ObjectSchema> };
}

const FULFIL_OP = { send: 'SEND', deliver: 'DELIVER', return: 'RETURN', 'cancel-items': 'CANCEL' } as const;

/** What became of a submitted action: done now (with the call's operation id), or done (or refused) by an earlier submit of the same form. */
export type ActionOutcome = (FormOutcome<ApplicationDoc> & { kind: 'replayed' }) | { kind: 'done'; doc: ApplicationDoc; operationId: string };

/** The actions whose form shows a preview before the confirm: the ones that take goods or money back. */
export const PREVIEWED: ReadonlySet<PortalActionName> = new Set(['return', 'cancel-items', 'cancel']);

/**
 * What confirming an action would do, from the API's own dry runs: the orders module's
 * decision (or the cancel's transition) on the application as it is now, and the ledger's
 * record for the order it leads to. `version` is the application's, which the confirm is
 * written under.
 */
export interface ActionPreview {
  app: ApplicationDoc;
  version: number;
  status: Status;
  totalBefore: { amount: number; currency: string };
  totalAfter: { amount: number; currency: string };
  /** the items and amounts the call moves (empty for a whole-application cancel) */
  lines: Array<{ name: string; quantityMilli: number; amount: number }>;
  /** what left the order total */
  amount: number;
  /** the credit note (or, rounding, a payout) the ledger will record; undefined: none */
  payment?: Pick<LedgerRecord, 'type' | 'gross' | 'fee' | 'net' | 'currency'>;
  /** the partner pays a fee on payouts (a credit note gives its share back) */
  fees: boolean;
}

/**
 * The portal's actions run the API's own use cases (the applications module's cancel, the
 * orders module's fulfilment), validated by the API's own schemas, under an idempotency key
 * that the form carries: the key is claimed like an Idempotency-Key header, and the write
 * keeps its answer in the same atomic change, so a double submit (two clicks, a reload of
 * the POST, a retry after a timeout) has one effect.
 */
export class PortalActions {
  constructor(private readonly deps: PortalActionsDeps) {}

  /** Validates the request as the API would (400 naming the field). */
  validate(req: ActionRequest): ActionRequest {
    const schema = req.action === 'cancel' ? this.deps.schemas.cancel : this.deps.schemas.fulfil[FULFIL_OP[req.action]];
    const { error, value } = schema.validate(req.input, { abortEarly: true, convert: true });
    if (error) throw fieldRefusal(error);
    return { ...req, input: value } as ActionRequest;
  }

  /**
   * `ifVersion`: the version the person saw the preview of; the write is refused with 409
   * APPLICATION_CHANGED (the key released) when the application is no longer at it.
   */
  async perform(partnerId: string, applicationId: string, formKey: string, request: ActionRequest, ifVersion?: number): Promise<ActionOutcome> {
    const req = this.validate(request);
    const path = `/portal/applications/${applicationId}/act/${req.action}`;
    const operationId = newId();
    const outcome = await oncePerForm<ApplicationDoc>(
      this.deps.keys,
      { partnerId, namespace: 'portal', formKey, fingerprint: fingerprintOf('POST', path, req.input) },
      (doc) => ({ body: { applicationId: doc._id, state: doc.state, stateReason: doc.stateReason } }),
      (reply) => this.run(partnerId, applicationId, req, reply, operationId, ifVersion),
    );
    return outcome.kind === 'done' ? { ...outcome, operationId } : outcome;
  }

  /** The dry run of `perform`: the same validation and decisions, nothing written. */
  async preview(partnerId: string, applicationId: string, request: ActionRequest): Promise<ActionPreview> {
    const req = this.validate(request);
    const partner = await this.deps.partner(partnerId);
    if (!partner) throw new NotFoundError('No such partner.');
    const fees = partner.feeBps > 0;
    if (req.action === 'cancel') {
      const app = await this.deps.applications.getApplication(partnerId, applicationId);
      const status = this.deps.applications.previewCancel(app, req.input);
      // a cancel changes no order: no order event, so the ledger makes nothing
      return { app, version: app.version, status, totalBefore: app.order.totalPrice, totalAfter: app.order.totalPrice, lines: [], amount: 0, fees };
    }
    const { app, outcome, status } = await this.deps.orders.previewFulfilment(partnerId, applicationId, FULFIL_OP[req.action], req.input);
    const terms = { trigger: partner.payoutTrigger, feeBps: partner.feeBps };
    // the order as it is now first: an event of it the ledger has not applied yet is paid first
    const records = await this.deps.payments.previewPayments(partnerId, applicationId, terms, [orderSnapshot(app.order), orderSnapshot(outcome.order)]);
    const record = records[1];
    return {
      app,
      version: app.version,
      status,
      totalBefore: app.order.totalPrice,
      totalAfter: outcome.order.totalPrice,
      lines: outcome.lines.map((l) => ({ name: app.order.items[l.index]?.name ?? l.code, quantityMilli: l.quantityMilli, amount: l.amount })),
      amount: outcome.amount,
      ...(record ? { payment: { type: record.type, gross: record.gross, fee: record.fee, net: record.net, currency: record.currency } } : {}),
      fees,
    };
  }

  /**
   * Waits (bounded) until the ledger's consumer has recorded the payment of an operation, so
   * the page the person lands on shows it; undefined when it is not there in time.
   */
  async paymentOf(partnerId: string, applicationId: string, operationId: string, waitMs: number) {
    const until = Date.now() + waitMs;
    for (;;) {
      const found = (await this.deps.payments.paymentsOf(partnerId, applicationId)).find((p) => p.operationId === operationId);
      if (found || Date.now() >= until) return found;
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  private async run(
    partnerId: string,
    applicationId: string,
    req: ActionRequest,
    reply: Reply<ApplicationDoc>,
    operationId: string,
    ifVersion: number | undefined,
  ): Promise<ApplicationDoc> {
    const guard = ifVersion === undefined ? {} : { ifVersion };
    if (req.action === 'cancel') return this.deps.applications.cancelApplication(partnerId, applicationId, req.input, reply, guard);
    const partner = await this.deps.partner(partnerId);
    if (!partner) throw new NotFoundError('No such partner.');
    return this.deps.orders.fulfil(partner, applicationId, FULFIL_OP[req.action], req.input, reply, { operationId }, guard);
  }
}
