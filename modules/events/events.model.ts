import type { NotificationRequest } from '../../platform/notifications.js';

/**
 * The partner's event feed: every notification the service produced for a partner, in the
 * order the feed recorded it. Entries are numbered per partner by a dense sequence `seq`
 * (1, 2, 3, ... with no hole); the public id and cursor is the notification's webhook-id.
 * docs/event-feed.md tells why the numbering makes the feed never skip.
 */
export type EventType = 'application' | 'payment' | 'settlement';
export type DeliveryStatus = 'PENDING' | 'DELIVERED' | 'FAILED' | 'DEAD_LETTERED';

export interface FeedEntryDoc {
  /** `entryKey(partnerId, seq)`: the unique key that lets exactly one writer take a seq */
  _id: string;
  partnerId: string;
  seq: number;
  /** the webhook-id; unique, so a notification is recorded once */
  webhookId: string;
  type: EventType;
  applicationId: string;
  /** the endpoint and creation time, which identify the relay's delivery record */
  url: string;
  occurredAt: Date;
  /** when the feed recorded it: retention counts from here */
  recordedAt: Date;
  /** the webhook body as JSON text, exactly as the relay sends it */
  payload: string;
}

/**
 * One per partner, kept forever. `seq` is a hint: it is only raised after the entry it
 * names was written, so every entry up to it exists. `floor`: every entry up to it has
 * passed the retention and is removed (or about to be).
 */
export interface FeedHeadDoc {
  _id: string;
  seq: number;
  floor: number;
}

const SEQ_DIGITS = 12;

/** `<partnerId>:<seq, zero-padded>`: sorts by seq within a partner. */
export function entryKey(partnerId: string, seq: number): string {
  return `${partnerId}:${String(seq).padStart(SEQ_DIGITS, '0')}`;
}

/** A feed entry's fields from a notification, before a seq is assigned. */
export type NewFeedEntry = Omit<FeedEntryDoc, '_id' | 'seq' | 'recordedAt'>;

/**
 * The notification kinds the feed lists, by the feed's type. The feed is the partner's record
 * of what happened; a kind not named here is no domain event (a TEST notification is sent
 * because someone asked for one, and is about no application), so it has no entry.
 */
const FEED_TYPES: Readonly<Record<string, EventType>> = { APPLICATION: 'application', PAYMENT: 'payment', SETTLEMENT: 'settlement' };

/** The feed entry of a notification; undefined for a kind that is no domain event (FEED_TYPES). */
export function newEntryOf(n: NotificationRequest): NewFeedEntry | undefined {
  const type = FEED_TYPES[n.kind];
  if (!type) return undefined;
  const fromBody = type === 'payment' ? n.body.applicationId : n.body.id;
  return {
    partnerId: n.partnerId,
    webhookId: n.id,
    type,
    // application and payment notifications are keyed by application, and the body names it;
    // a settlement is the partner's, of no one application ('' in the store, absent in answers)
    applicationId: type === 'settlement' ? '' : typeof fromBody === 'string' ? fromBody : n.key,
    url: n.url,
    occurredAt: new Date(n.createdAt),
    payload: JSON.stringify(n.body),
  };
}

/** One item of GET /financing/v1/events. */
export interface EventView {
  id: string;
  type: EventType;
  applicationId?: string;
  occurredAt: string;
  data: unknown;
  delivery: DeliveryStatus;
}

/** The relay's record state as the feed reports it; no record yet is PENDING. */
export function deliveryStatusOf(relayState: string | undefined): DeliveryStatus {
  switch (relayState) {
    case undefined:
      return 'PENDING';
    case 'RETRY_SCHEDULED':
      return 'FAILED';
    case 'DELIVERED':
      return 'DELIVERED';
    case 'DEAD_LETTERED':
      return 'DEAD_LETTERED';
    default:
      return 'PENDING';
  }
}

/** spec Formats: times without fractional seconds. */
function responseTime(at: Date): string {
  return at.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export function eventView(doc: FeedEntryDoc, relayState: string | undefined): EventView {
  return {
    id: doc.webhookId,
    type: doc.type,
    ...(doc.applicationId ? { applicationId: doc.applicationId } : {}),
    occurredAt: responseTime(doc.occurredAt),
    data: JSON.parse(doc.payload),
    delivery: deliveryStatusOf(relayState),
  };
}
