import type Joi from 'joi';
import { NotFoundError } from '../../platform/errors.js';
import { fingerprintOf, type IdempotencyStore, type Reply } from '../../platform/idempotency.js';
import { oncePerForm, type FormOutcome } from './form-key.js';
import type { AuthenticatedPartner } from '../../platform/http/state.js';
import type { ApplicationDoc, ApplicationsModule, CancelInput } from '../applications/index.js';
import type { FulfilmentBody, OrdersModule } from '../orders/index.js';
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
  applications: Pick<ApplicationsModule, 'cancelApplication'>;
  orders: Pick<OrdersModule, 'fulfil'>;
  partner(partnerId: string): Promise<AuthenticatedPartner | undefined>;
  keys: IdempotencyStore;
  schemas: { cancel: Joi.ObjectSchema; fulfil: Record<'SEND' | 'DELIVER' | 'RETURN' | 'CANCEL', Joi.ObjectSchema> };
}

const FULFIL_OP = { send: 'SEND', deliver: 'DELIVER', return: 'RETURN', 'cancel-items': 'CANCEL' } as const;

/** What became of a submitted action: done now, or done (or refused) by an earlier submit of the same form. */
export type ActionOutcome = FormOutcome<ApplicationDoc>;

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

  async perform(partnerId: string, applicationId: string, formKey: string, request: ActionRequest): Promise<ActionOutcome> {
    const req = this.validate(request);
    const path = `/portal/applications/${applicationId}/act/${req.action}`;
    return oncePerForm<ApplicationDoc>(
      this.deps.keys,
      { partnerId, namespace: 'portal', formKey, fingerprint: fingerprintOf('POST', path, req.input) },
      (doc) => ({ body: { applicationId: doc._id, state: doc.state, stateReason: doc.stateReason } }),
      (reply) => this.run(partnerId, applicationId, req, reply),
    );
  }

  private async run(partnerId: string, applicationId: string, req: ActionRequest, reply: Reply<ApplicationDoc>): Promise<ApplicationDoc> {
    if (req.action === 'cancel') return this.deps.applications.cancelApplication(partnerId, applicationId, req.input, reply);
    const partner = await this.deps.partner(partnerId);
    if (!partner) throw new NotFoundError('No such partner.');
    return this.deps.orders.fulfil(partner, applicationId, FULFIL_OP[req.action], req.input, reply);
  }
}
