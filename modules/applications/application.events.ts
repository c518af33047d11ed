import Joi from 'joi';
import { domainEvent, type DomainEvent } from '../../platform/events.js';
import { derivedId, uuidTime } from '../../platform/ids.js';
import { eventEntry, notificationEntry, type OutboxEntry } from '../../platform/outbox.js';
import type { NotificationRequest } from '../../platform/notifications.js';
import { APPLICATION_STATES, STATE_REASONS, type ApplicationDoc, type Status } from './application.model.js';

/**
 * The module's topics, one per event family, so that a consumer group reads only the family
 * it reacts to. Both are keyed by application id; across families, an application's events
 * are ordered by their `aggregateVersion`.
 */
export const APPLICATION_TOPICS = {
  /** the application's life outside the decision: created, cancelled, expired; recurrences */
  events: 'applications.events',
  /** the decision: confirmed, preapproved, declined, approved, rejected */
  decisions: 'applications.decisions',
} as const;

/**
 * Application events (named `<module>.<entity>.<past-tense>`), keyed by application id:
 * the decision's on APPLICATION_TOPICS.decisions, the rest on APPLICATION_TOPICS.events
 * (`applicationTopic`). The envelope (platform/events.ts) carries `schemaVersion`; the
 * payload of every event is an `ApplicationEventData` (plus fields named per event below).
 */
export const APPLICATION_EVENTS = {
  created: 'applications.application.created',
  confirmed: 'applications.application.confirmed',
  preapproved: 'applications.application.preapproved',
  declined: 'applications.application.declined',
  approved: 'applications.application.approved',
  rejected: 'applications.application.rejected',
  cancelled: 'applications.application.cancelled',
  expired: 'applications.application.expired',
  recurrenceCancelled: 'applications.recurrence.cancelled',
  recurrenceExpired: 'applications.recurrence.expired',
  /** the customer's plan after what the order leaves owed changed (data: repaymentPlan, previousRepaymentPlan, owed, cause) */
  repaymentPlanChanged: 'applications.repaymentplan.changed',
} as const;

export type ApplicationEventType = (typeof APPLICATION_EVENTS)[keyof typeof APPLICATION_EVENTS];

export interface ApplicationEventData {
  [key: string]: unknown;
  financingType: string;
  state: string;
  stateReason: string;
  /** the status before this event; null for creation */
  previous: Status | null;
}

const status = Joi.object({
  state: Joi.string()
    .valid(...APPLICATION_STATES)
    .required(),
  stateReason: Joi.string()
    .valid(...STATE_REASONS)
    .required(),
});

/** The payload schema shared by every application event; events add their own fields. */
export const applicationEventDataSchema = Joi.object<ApplicationEventData>({
  financingType: Joi.string().required(),
  state: Joi.string()
    .valid(...APPLICATION_STATES)
    .required(),
  stateReason: Joi.string()
    .valid(...STATE_REASONS)
    .required(),
  previous: status.allow(null).required(),
  // per-event fields
  cancelReason: Joi.string(),
  rule: Joi.string(),
  accountLevel: Joi.string().valid('BASIC', 'GOLD'),
  recurrenceId: Joi.string(),
  fromRecurrenceId: Joi.string(),
  orderNumber: Joi.string().allow(''),
  totalPrice: Joi.object({ amount: Joi.number().integer().required(), currency: Joi.string().required() }),
}).unknown(true);

/** Builds an application event for the document version `version`. */
export function applicationEvent(
  type: string,
  doc: Pick<ApplicationDoc, '_id' | 'partnerId' | 'type'>,
  version: number,
  next: Status,
  previous: Status | null,
  extra: Record<string, unknown> = {},
  now = new Date(),
  /** the event's place among those one write makes: part of its derived id */
  seq = 0,
): DomainEvent<ApplicationEventData> {
  const data: ApplicationEventData = { financingType: doc.type, state: next.state, stateReason: next.stateReason, previous, ...extra };
  return domainEvent(type, { id: doc._id, version, partnerId: doc.partnerId }, data, now, seq);
}

/**
 * The spec's application notification `{id, state, stateReason}` for the partner's
 * notificationEndpoint, as the relay's NotificationRequest.
 */
export function applicationNotification(
  doc: Pick<ApplicationDoc, '_id' | 'partnerId' | 'merchantUrls'>,
  status: Status,
  sourceEventId: string,
  now = new Date(),
): NotificationRequest {
  return {
    // one notification per event: derived from it, so a re-derived one is the same webhook-id
    id: derivedId(uuidTime(sourceEventId) ?? now, 'notification', sourceEventId),
    partnerId: doc.partnerId,
    kind: 'APPLICATION',
    url: doc.merchantUrls.notificationEndpoint,
    body: { id: doc._id, state: status.state, stateReason: status.stateReason },
    sourceEventId,
    key: doc._id,
    createdAt: now.toISOString(),
  };
}

const DECISION_EVENTS: readonly string[] = [
  APPLICATION_EVENTS.confirmed,
  APPLICATION_EVENTS.preapproved,
  APPLICATION_EVENTS.declined,
  APPLICATION_EVENTS.approved,
  APPLICATION_EVENTS.rejected,
];

/** The topic of an application event: the decision's own family, or the lifecycle's. */
export function applicationTopic(type: string): string {
  return DECISION_EVENTS.includes(type) ? APPLICATION_TOPICS.decisions : APPLICATION_TOPICS.events;
}

/** Outbox entries of one event, plus its notification when asked. */
export function entriesFor(event: DomainEvent<any>, notification?: NotificationRequest, topic: string = applicationTopic(event.type)): OutboxEntry[] {
  return notification ? [eventEntry(topic, event), notificationEntry(notification)] : [eventEntry(topic, event)];
}
