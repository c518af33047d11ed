import type Joi from 'joi';
import { AppError, InvalidRequestError, NotFoundError } from '../../platform/errors.js';
import { IdempotentWrite, Reply, fingerprintOf, isValidKey, keptOf, type IdempotencyStore } from '../../platform/idempotency.js';
import { keepsStatus } from '../../platform/http/idempotency.js';
import type { AuthenticatedPartner } from '../../platform/http/state.js';
import type { ApplicationDoc, ApplicationsModule, CancelInput } from '../applications/index.js';
import type { FulfilmentBody, OrdersModule } from '../orders/index.js';

/** The actions the portal offers, by their name in the page's path. */
export const PORTAL_ACTIONS = {
  cancel: 'CANCEL',
  send: 'SEND',
  deliver: 'DELIVER',
  return: 'RETURN',
  'cancel-items': 'CANCEL_ITEMS',
} as const;
export type PortalActionName = keyof typeof PORTAL_ACTIONS;

export type ActionRequest =
  | { action: 'cancel'; input: CancelInput }
  | { action: Exclude<PortalActionName, 'cancel'>; input: FulfilmentBody };

export interface PortalActionsDeps {
  applications: Pick<ApplicationsModule, 'cancelApplication'>;
  orders: Pick<OrdersModule, 'fulfil'>;
  partner(partnerId: string): Promise<AuthenticatedPartner | undefined>;
  keys: IdempotencyStore;
  schemas: { cancel: Joi.ObjectSchema; fulfil: Record<'SEND' | 'DELIVER' | 'RETURN' | 'CANCEL', Joi.ObjectSchema> };
}

const FULFIL_OP = { send: 'SEND', deliver: 'DELIVER', return: 'RETURN', 'cancel-items': 'CANCEL' } as const;

/** What became of a submitted action: done now, or done (or refused) by an earlier submit of the same form. */
export type ActionOutcome = { kind: 'done'; doc: ApplicationDoc } | { kind: 'replayed'; status: number };

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
    if (error) throw new InvalidRequestError(error.message, { attribute: error.details[0]?.path.join('.') });
    return { ...req, input: value } as ActionRequest;
  }

  async perform(partnerId: string, applicationId: string, formKey: string, request: ActionRequest): Promise<ActionOutcome> {
    const req = this.validate(request);
    const key = `portal:${formKey}`;
    if (!isValidKey(key) || !/^[0-9a-f-]{36}$/.test(formKey)) throw new InvalidRequestError('The form has no valid idempotency key: reload the page.');
    const path = `/portal/applications/${applicationId}/act/${req.action}`;
    const claim = await this.deps.keys.claim(partnerId, key, fingerprintOf('POST', path, req.input));
    if (claim.kind === 'replay') return { kind: 'replayed', status: claim.response.status };
    if (claim.kind === 'reused') throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This form was already sent with other values: reload the page.', { status: 422 });
    if (claim.kind === 'in-use') throw new AppError('IDEMPOTENCY_KEY_IN_USE', 'This form is still being processed: reload the application in a moment.', { status: 409 });
    const write = new IdempotentWrite(claim.keyHash, claim.expiresAt);
    const reply = new Reply<ApplicationDoc>((doc) => ({ body: { applicationId: doc._id, state: doc.state, stateReason: doc.stateReason } }), write);
    let doc: ApplicationDoc | undefined;
    let failure: unknown;
    try {
      doc = await this.run(partnerId, applicationId, req, reply);
    } catch (err) {
      failure = err;
    } finally {
      write.close();
    }
    // a committed write decides the answer, even if something after it failed
    if (write.kept) {
      await this.deps.keys.finish(claim.keyHash, claim.owner, write.kept);
      return doc ? { kind: 'done', doc } : { kind: 'replayed', status: write.kept.status };
    }
    if (doc) {
      await this.deps.keys.finish(claim.keyHash, claim.owner, keptOf(reply.answer(doc)));
      return { kind: 'done', doc };
    }
    if (failure instanceof AppError && keepsStatus(failure.status)) {
      await this.deps.keys.finish(claim.keyHash, claim.owner, { status: failure.status, body: JSON.stringify({ code: failure.code, message: failure.message }) });
    } else {
      await this.deps.keys.release(claim.keyHash, claim.owner);
    }
    throw failure;
  }

  private async run(partnerId: string, applicationId: string, req: ActionRequest, reply: Reply<ApplicationDoc>): Promise<ApplicationDoc> {
    if (req.action === 'cancel') return this.deps.applications.cancelApplication(partnerId, applicationId, req.input, reply);
    const partner = await this.deps.partner(partnerId);
    if (!partner) throw new NotFoundError('No such partner.');
    return this.deps.orders.fulfil(partner, applicationId, FULFIL_OP[req.action], req.input, reply);
  }
}
