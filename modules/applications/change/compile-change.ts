import type { DomainEvent } from '../../../platform/events.js';
import type { OutboxEntry } from '../../../platform/outbox.js';
import type { Change } from '../../../platform/versioned-store.js';
import type { ApplicationDoc, HistoryEntry, StateReason, Status } from '../application.model.js';
import { statusChanged, transition, type Trigger, type TransitionFacts } from '../application.state-machine.js';
import { recurrenceAfter } from './recurrence.rules.js';
import { closeCancelledOrder, planChange } from '../../order-rules/index.js';
import { APPLICATION_EVENTS, applicationEvent, applicationNotification, entriesFor, type ApplicationEventData } from '../application.events.js';
import { sameTerms, searchTermsOf } from '../search-terms.js';

/** Fields a change may set directly; status, history and bookkeeping are the write path's. */
export type SettableFields = Partial<
  Omit<ApplicationDoc, '_id' | 'version' | 'partnerId' | 'outbox' | 'outboxAt' | 'state' | 'stateReason' | 'history' | 'createdAt' | 'updatedAt'>
>;

/**
 * What a pure `decide(app)` returns: the fields to set, the state-machine trigger (when the
 * change moves the status), the domain events, and whether the partner is notified.
 *
 * - `trigger` runs through `transition()`; a refused transition throws TransitionRefused.
 * - Every change with events carries them out through the outbox in the same write.
 * - `notify` defaults to "the status changed to a reason of the spec's Events table"
 *   (NOTIFIED_REASONS); `true` forces it, `false` suppresses it.
 * - `entries` adds further outbox entries (e.g. a payment notification), built from the
 *   events so they can name their source event.
 */
export interface ApplicationChange<R = void> {
  set?: SettableFields;
  trigger?: Trigger;
  facts?: TransitionFacts;
  events?: Array<{ type: string; data?: Record<string, unknown>; topic?: string }>;
  notify?: boolean;
  entries?: (events: DomainEvent<ApplicationEventData>[]) => OutboxEntry[];
  result?: R;
}

export type Decide<R = void> = (app: ApplicationDoc) => ApplicationChange<R> | Promise<ApplicationChange<R>>;

/**
 * The stateReasons the spec's Events table notifies (plus creation), and a full return
 * (CANCELLED_RETURNED: the partner's goods came back, the customer owes nothing): the
 * partner hears of these changes and no others (the decision's inner steps are internal).
 */
export const NOTIFIED_REASONS: readonly StateReason[] = [
  'PROCESSING_REDIRECT_NEEDED',
  'REJECTED',
  'CANCELLED_NOT_PAID',
  'CANCELLED_RETURNED',
  'READY_TO_SHIP',
  'READY_SHIPPED',
  'READY_DELIVERED',
  'READY_PAID',
];

/** History entries kept in the document: enough for an audit trail, bounded in size. */
const MAX_HISTORY = 200;

/**
 * Turns a decided change into one version-guarded write: the new status and its history
 * entry, `updatedAt`, the events (versioned for the write they belong to) and the
 * notification. Pure apart from the clock it is given.
 */
export function compileChange<R>(
  doc: ApplicationDoc,
  change: ApplicationChange<R>,
  now: Date,
  opts: { recurrenceValidityMs: number },
): Change<R> & { status: Status } {
  const before: Status = { state: doc.state, stateReason: doc.stateReason };
  const status = change.trigger ? transition(before, change.trigger, change.facts) : before;
  const moved = statusChanged(before, status);
  const specs = change.events ?? [];
  if (moved && specs.length === 0) throw new Error(`status change ${before.stateReason} → ${status.stateReason} without an event`);
  const { fields, allSpecs } = withConsequences(doc, change, specs, moved && status.state === 'CANCELLED', now);
  const version = doc.version + 1;
  const events = allSpecs.map((e, i) => applicationEvent(e.type, doc, version, status, before, e.data, now, i));
  const notify = change.notify ?? (moved && NOTIFIED_REASONS.includes(status.stateReason));
  const entries = outboxEntriesOf(doc, status, events, allSpecs, notify, now);
  if (change.entries) entries.push(...change.entries(events));
  const set: Record<string, unknown> = { ...fields, updatedAt: now };
  if (moved) Object.assign(set, statusFields(doc, status, specs[0]!.type, now, opts.recurrenceValidityMs));
  // the portal's search terms follow the customer and the order number; a document written
  // before they existed gets them with its next change (the migration fills the rest)
  const terms = searchTermsOf({
    customer: fields.customer ?? doc.customer,
    order: fields.order ?? doc.order,
    privacy: (doc as { privacy?: { anonymisedAt?: Date } }).privacy ?? null,
  });
  if (!sameTerms(doc.search, terms)) set.search = terms;
  return { set, entries, result: change.result, status };
}

type EventSpecs = NonNullable<ApplicationChange['events']>;

/**
 * Consequences for the aggregate as a whole, whatever the change: a cancelled
 * application's order is closed, and the customer's plan follows what the order leaves
 * owed (its own event joins the change's).
 */
function withConsequences(doc: ApplicationDoc, change: ApplicationChange<unknown>, specs: EventSpecs, cancelled: boolean, now: Date) {
  const fields: SettableFields = { ...change.set };
  if (cancelled) {
    const order = change.set?.order ?? doc.order;
    const closed = closeCancelledOrder(order, now, specs[0]!.type);
    if (closed !== order) fields.order = closed;
  }
  const planned = planChange(doc, fields, specs[0]?.type, now);
  if (planned) fields.repaymentPlan = planned.plan;
  const allSpecs: EventSpecs = planned ? [...specs, { type: APPLICATION_EVENTS.repaymentPlanChanged, data: planned.data }] : specs;
  return { fields, allSpecs };
}

/** Each event's outbox entries; the first event carries the partner's notification when one is due. */
function outboxEntriesOf(
  doc: ApplicationDoc,
  status: Status,
  events: DomainEvent<ApplicationEventData>[],
  specs: EventSpecs,
  notify: boolean,
  now: Date,
): OutboxEntry[] {
  return events.flatMap((event, i) => {
    const notification = i === 0 && notify ? applicationNotification(doc, status, event.id, now) : undefined;
    return entriesFor(event, notification, specs[i]!.topic);
  });
}

/** The new status, its history entry (bounded), the end of the expiry clock, the recurrence it opens. */
function statusFields(doc: ApplicationDoc, status: Status, event: string, now: Date, recurrenceValidityMs: number): Record<string, unknown> {
  const entry: HistoryEntry = { at: now, state: status.state, stateReason: status.stateReason, event };
  const set: Record<string, unknown> = {
    state: status.state,
    stateReason: status.stateReason,
    history: [...doc.history, entry].slice(-MAX_HISTORY),
  };
  if (status.state !== 'PROCESSING') set.expiresAt = null;
  const recurrence = recurrenceAfter(doc, status, now, recurrenceValidityMs);
  if (recurrence) set.recurrence = recurrence;
  return set;
}
