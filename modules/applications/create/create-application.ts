import { AppError, InvalidRequestError, UnprocessableError, type ErrorRecord } from '../../../platform/errors.js';
import { newId } from '../../../platform/ids.js';
import { systemClock, type Clock } from '../../../platform/clock.js';
import type { OutboxEntry } from '../../../platform/outbox.js';
import type { Reply } from '../../../platform/idempotency.js';
import type { AuthenticatedPartner } from '../../../platform/http/state.js';
import type { ApplicationDoc } from '../application.model.js';
import { checkOrder, unacceptedWarnings, type DocumentMeta, type OrderInput } from '../../order-rules/index.js';
import type { ApplicationRepository, DocumentStore } from '../store/index.js';
import type { CreateApplicationInput } from './create.schemas.js';
import { isNonPublicLiteral } from '../../../platform/net/ssrf-guard.js';
import { buildApplication, buildCustomer, duplicateKey, duplicateScopeOf } from './new-application.js';
import { DuplicateGuard } from './duplicate-guard.js';
import { APPLICATION_EVENTS, applicationEvent, applicationNotification, entriesFor } from '../application.events.js';
import { transition } from '../application.state-machine.js';

export interface CreateConfig {
  currencies: string[];
  applicationTtlMs: number;
  gatewayTokenTtlMs: number;
  duplicateWindowMs: number;
  allowPrivateNetworks: boolean;
}

export interface CreateOutcome {
  doc: ApplicationDoc;
  /** false: the request was a duplicate and `doc` is the first application (200) */
  created: boolean;
  /** non-blocking warnings (deprecated fields) */
  warnings: ErrorRecord[];
}

/**
 * POST /financing/v1/applications, top to bottom: assert (the schema is the route's; the
 * semantics are here), decide (a new application, or the first one of an identical request
 * within the window), persist with the `created` event and its notification in one write,
 * answer. Documents are stored before the application: orphans are harmless, a missing
 * file is not. The helpers it calls follow it in this file.
 */
export class CreateApplication {
  private readonly dedup: DuplicateGuard;

  constructor(
    private readonly repo: ApplicationRepository,
    private readonly cfg: CreateConfig,
    private readonly documents: Pick<DocumentStore, 'prepare'>,
    private readonly clock: Clock = systemClock,
  ) {
    this.dedup = new DuplicateGuard(repo, cfg.duplicateWindowMs);
  }

  /** `reply`: the route's answer, kept with the new application under the request's Idempotency-Key. */
  async create(partner: AuthenticatedPartner, input: CreateApplicationInput, reply: Reply<ApplicationDoc>): Promise<CreateOutcome> {
    if (input.isRecurring && input.type !== 'DEFERRED_PAYMENT') {
      throw new UnprocessableError('NOT_SUPPORTED', 'Recurrences are supported for DEFERRED_PAYMENT only.', { attribute: 'isRecurring' });
    }
    assertAcceptable(input, this.cfg);
    const now = this.clock.now();
    const documents = await this.documents.prepare(input.order.documents, (i) => `order.documents[${i}].file`, now);
    // an identical request within the window is answered with the first application, not inserted again
    const key = duplicateKey(partner.id, input.type, input.order, duplicateScopeOf(input));
    const { doc, created } = await this.dedup.insertOnce(key, now, () => this.insert(partner.id, newId(), key, input, documents, now, reply));
    return { doc, created, warnings: deprecationWarnings(input) };
  }

  private async insert(
    partnerId: string,
    id: string,
    dedupKey: string,
    input: CreateApplicationInput,
    documents: DocumentMeta[],
    now: Date,
    reply: Reply<ApplicationDoc>,
  ): Promise<ApplicationDoc> {
    const status = transition(undefined, 'CREATE');
    const doc = buildApplication({ ...input, customer: buildCustomer(input.customer) }, documents, {
      id,
      partnerId,
      dedupKey,
      status,
      event: APPLICATION_EVENTS.created,
      now,
      applicationTtlMs: this.cfg.applicationTtlMs,
      gatewayTokenTtlMs: this.cfg.gatewayTokenTtlMs,
    });
    if (doc.recurrence) await this.repo.insertRecurrencePointer({ _id: doc.recurrence.id, applicationId: id, partnerId });
    return this.repo.insertWithOutbox(doc, createdEntries(doc, now), now, reply);
  }
}

/**
 * The outbox entries of a new application: the `created` event and, per the spec's Events,
 * the creation notification (PROCESSING / PROCESSING_REDIRECT_NEEDED).
 */
export function createdEntries(doc: Omit<ApplicationDoc, 'version' | 'outbox'>, now: Date): OutboxEntry[] {
  const status = { state: doc.state, stateReason: doc.stateReason };
  const event = applicationEvent(
    APPLICATION_EVENTS.created,
    doc,
    1,
    status,
    null,
    {
      orderNumber: doc.order.number,
      totalPrice: doc.order.totalPrice,
      ...(doc.recurrence ? { recurrenceId: doc.recurrence.id } : {}),
    },
    now,
  );
  return entriesFor(event, applicationNotification(doc, status, event.id, now));
}

const MAX_CUSTOM_DATA = 10 * 1024;

/**
 * Semantic checks shared by both create paths: 422 errors, then WARN records not overridden.
 * `attributeOf` names each record's attribute as the partner sent it (items derived from the
 * totals were never sent).
 */
export function assertAcceptable(
  input: { order: OrderInput; merchantUrls: CreateApplicationInput['merchantUrls']; customData?: unknown; override?: string[] },
  cfg: CreateConfig,
  attributeOf: (attribute: string) => string = (a) => a,
): void {
  if (input.customData != null && JSON.stringify(input.customData).length > MAX_CUSTOM_DATA) {
    throw new InvalidRequestError('customData exceeds 10 kB as JSON.', { attribute: 'customData' });
  }
  const rename = (r: ErrorRecord): ErrorRecord => (r.attribute ? { ...r, attribute: attributeOf(r.attribute) } : r);
  const checked = checkOrder(input.order, { currencies: cfg.currencies });
  const errors = checked.errors.map(rename);
  const warnings = checked.warnings.map(rename);
  if (!cfg.allowPrivateNetworks && isNonPublicLiteral(new URL(input.merchantUrls.notificationEndpoint))) {
    errors.push({
      code: 'UNPROCESSABLE',
      message: 'The notificationEndpoint is on a loopback or private network.',
      severity: 'ERROR',
      attribute: 'merchantUrls.notificationEndpoint',
    });
  }
  if (!cfg.allowPrivateNetworks && input.merchantUrls.paymentsEndpoint && isNonPublicLiteral(new URL(input.merchantUrls.paymentsEndpoint))) {
    errors.push({
      code: 'UNPROCESSABLE',
      message: 'The paymentsEndpoint is on a loopback or private network.',
      severity: 'ERROR',
      attribute: 'merchantUrls.paymentsEndpoint',
    });
  }
  const blocking = unacceptedWarnings(warnings, input.override);
  if (errors.length) throw new UnprocessableError(errors[0]!.code, errors[0]!.message, { records: [...errors, ...blocking] });
  if (blocking.length) {
    throw new AppError(blocking[0]!.code, blocking[0]!.message, { status: 422, severity: 'WARN', records: blocking });
  }
}

/** Non-blocking WARN records of a create request (deprecated fields). */
export function deprecationWarnings(input: Pick<CreateApplicationInput, 'customer'>): ErrorRecord[] {
  return input.customer.extraData
    ? [{ code: 'DEPRECATED_FIELD', message: 'customer.extraData is deprecated: send fraudPreventionData.', severity: 'WARN', attribute: 'customer.extraData' }]
    : [];
}
