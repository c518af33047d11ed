import { UnprocessableError } from '../../../platform/errors.js';
import type { Reply } from '../../../platform/idempotency.js';
import type { Clock } from '../../../platform/clock.js';
import { newId } from '../../../platform/ids.js';
import type { AuthenticatedPartner } from '../../../platform/http/state.js';
import { accountIdOf, type ApplicationDoc, type RecurrenceDoc } from '../application.model.js';
import { sentAttribute, withDerivedItems, type DocumentMeta, type OrderInput } from '../../order-rules/index.js';
import type { ApplicationRepository, DocumentStore } from '../store/index.js';
import { recurrenceUsable, type ApplicationChanges } from '../change/index.js';
import { transition } from '../application.state-machine.js';
import type { CreateFromRecurrenceInput } from './recurrence.schemas.js';
import { assertAcceptable, buildApplication, duplicateKey, duplicateScopeOf, DuplicateGuard, type CreateConfig, type CreateOutcome } from '../create/index.js';
import { APPLICATION_EVENTS, applicationEvent, applicationNotification, entriesFor } from '../application.events.js';
import { recurrenceNotFound } from '../application.errors.js';
import { toRecurrenceResponse } from '../application.mappers.js';
import { verdictChange, decideApplication, type DecisionService } from '../decision/index.js';

/** A recurrence as the partner sees it: READY past its validity reads EXPIRED before the sweep writes it. */
export function effectiveRecurrence(r: RecurrenceDoc, now: Date): RecurrenceDoc {
  return r.state === 'READY' && r.validUntil && r.validUntil <= now ? { ...r, state: 'EXPIRED' } : r;
}

/**
 * Recurrences: the recurrence lives in its origin application, so it changes
 * atomically with it; `recurrences` maps a recurrence id to that application.
 */
export class RecurrenceService {
  private readonly dedup: DuplicateGuard;

  constructor(
    private readonly deps: {
      repo: ApplicationRepository;
      changes: ApplicationChanges;
      decisions: DecisionService;
      documents: DocumentStore;
      cfg: CreateConfig;
      sandbox: boolean;
      clock: Clock;
    },
  ) {
    this.dedup = new DuplicateGuard(deps.repo, deps.cfg.duplicateWindowMs);
  }

  /** The origin application holding the partner's recurrence; 404 RECURRENCE_NOT_FOUND otherwise. */
  async origin(partnerId: string, recurrenceId: string): Promise<ApplicationDoc & { recurrence: RecurrenceDoc }> {
    const pointer = await this.deps.repo.findRecurrencePointer(recurrenceId);
    if (!pointer || pointer.partnerId !== partnerId) throw recurrenceNotFound();
    const app = await this.deps.repo.findById(pointer.applicationId);
    if (!app?.recurrence) throw recurrenceNotFound();
    return app as ApplicationDoc & { recurrence: RecurrenceDoc };
  }

  async get(partnerId: string, recurrenceId: string) {
    const app = await this.origin(partnerId, recurrenceId);
    return toRecurrenceResponse(effectiveRecurrence(app.recurrence, this.deps.clock.now()), app._id);
  }

  /**
   * PATCH {state: CANCELLED}: READY → CANCELLED; CANCELLED again is a no-op (the origin as
   * it is); anything else 422. The origin application, as written.
   */
  async patch(partnerId: string, recurrenceId: string, state: string, reply: Reply<ApplicationDoc>): Promise<ApplicationDoc> {
    if (state !== 'CANCELLED') throw new UnprocessableError('UNPROCESSABLE', 'CANCELLED is the only state a recurrence can be set to.', { attribute: 'state' });
    const origin = await this.origin(partnerId, recurrenceId);
    const now = this.deps.clock.now();
    const { doc } = await this.deps.changes
      .change(
        partnerId,
        origin._id,
        (app) => {
          const r = effectiveRecurrence(app.recurrence!, now);
          if (r.state === 'CANCELLED') throw new AlreadyCancelled();
          if (r.state !== 'READY')
            throw new UnprocessableError('RECURRENCE_NOT_USABLE', `The recurrence is ${r.state}; only a READY recurrence can be cancelled.`);
          return {
            set: { recurrence: { ...r, state: 'CANCELLED', cancelledAt: now } },
            events: [{ type: APPLICATION_EVENTS.recurrenceCancelled, data: { recurrenceId } }],
          };
        },
        reply,
      )
      .catch((err) => {
        if (err instanceof AlreadyCancelled) return { doc: origin };
        throw err;
      });
    return doc;
  }

  /** POST /recurrences/{id}/applications: decided at once, no gateway. `origin`: this.origin(). */
  async createFrom(
    partner: AuthenticatedPartner,
    origin: ApplicationDoc & { recurrence: RecurrenceDoc },
    input: CreateFromRecurrenceInput,
    reply: Reply<ApplicationDoc>,
  ): Promise<CreateOutcome & { origin: ApplicationDoc }> {
    if (input.type !== 'DEFERRED_PAYMENT')
      throw new UnprocessableError('NOT_SUPPORTED', 'Recurrences are supported for DEFERRED_PAYMENT only.', { attribute: 'type' });
    const now = this.deps.clock.now();
    if (!recurrenceUsable(origin.recurrence, now)) {
      throw new UnprocessableError(
        'RECURRENCE_NOT_USABLE',
        `The recurrence is ${effectiveRecurrence(origin.recurrence, now).state}; only a READY recurrence creates applications.`,
      );
    }
    const derived = withDerivedItems(input.order);
    if (derived.errors.length) throw new UnprocessableError(derived.errors[0]!.code, derived.errors[0]!.message, { records: derived.errors });
    // from here on the order has items, sent or derived: the same checks and code path as with items
    const order = derived.order;
    assertAcceptable({ ...input, order }, this.deps.cfg, derived.derived ? sentAttribute(order) : undefined);
    const documents = await this.deps.documents.prepare(input.order.documents, (i) => `order.documents[${i}].file`, now);
    const key = duplicateKey(partner.id, input.type, input.order, duplicateScopeOf({ fromRecurrenceId: origin.recurrence.id, customer: origin.customer }));
    const { doc, created } = await this.dedup.insertOnce(key, now, () =>
      this.insert(partner.id, newId(), key, origin, { ...input, order }, documents, now, derived.derived, reply),
    );
    return { doc, created, warnings: [], origin };
  }

  private async insert(
    partnerId: string,
    id: string,
    dedupKey: string,
    origin: ApplicationDoc & { recurrence: RecurrenceDoc },
    input: CreateFromRecurrenceInput & { order: OrderInput },
    documents: DocumentMeta[],
    now: Date,
    itemsDerived: boolean,
    reply: Reply<ApplicationDoc>,
  ) {
    const { repo, decisions, cfg } = this.deps;
    const created = transition(undefined, 'CREATE_FROM_RECURRENCE');
    const base = buildApplication(
      {
        type: input.type,
        agreementTermsAndConditions: true,
        isRecurring: false,
        merchantUrls: input.merchantUrls,
        customData: input.customData,
        order: input.order,
        customer: origin.customer,
      },
      documents,
      {
        id,
        partnerId,
        dedupKey,
        status: created,
        event: APPLICATION_EVENTS.created,
        now,
        applicationTtlMs: cfg.applicationTtlMs,
        gatewayTokenTtlMs: cfg.gatewayTokenTtlMs,
      },
    );
    // an order change of totals only re-derives the items of an order that never had sent ones
    if (itemsDerived) base.order.itemsDerived = true;
    const doc = { ...base, fromRecurrenceId: origin.recurrence.id, version: 0, outbox: {} } as ApplicationDoc;
    const level = await decisions.levelOf(doc);
    const verdict = decideApplication(doc, level, { sandbox: this.deps.sandbox });
    const change = verdictChange(doc, verdict, level, now);
    const final = transition(created, change.trigger!);
    const createdEvent = applicationEvent(
      APPLICATION_EVENTS.created,
      doc,
      1,
      created,
      null,
      { fromRecurrenceId: origin.recurrence.id, orderNumber: doc.order.number, totalPrice: doc.order.totalPrice },
      now,
    );
    const decidedEvent = applicationEvent(change.events![0]!.type, doc, 1, final, created, change.events![0]!.data, now, 1);
    const stored = {
      ...base,
      ...change.set,
      fromRecurrenceId: origin.recurrence.id,
      state: final.state,
      stateReason: final.stateReason,
      expiresAt: null,
      history: [...base.history, { at: now, state: final.state, stateReason: final.stateReason, event: decidedEvent.type }],
    };
    // one notification: the decided status (no customer redirect is needed)
    const entries = [...entriesFor(createdEvent), ...entriesFor(decidedEvent, applicationNotification(doc, final, decidedEvent.id, now))];
    const inserted = await repo.insertWithOutbox(stored, entries, now, reply);
    if (verdict.outcome === 'APPROVED') await decisions.accounts.recordApproval(doc.partnerId, accountIdOf(doc.customer.email), id, now);
    return inserted;
  }
}

class AlreadyCancelled extends Error {}
