import { createHash } from 'node:crypto';
import Joi from 'joi';
import { parseMessage } from '../../platform/messages.js';
import type { MessageSpec } from '../../platform/kafka-message.js';
import { notificationRequestSchema, parseNotificationRequest, type NotificationRequest } from '../../platform/notifications.js';
import { currentTrace } from '../../platform/tracing.js';

/**
 * A delivery is one notification (webhook-id) to one endpoint. It goes through rounds: round
 * 0 is the original delivery, each redelivery a partner asks for is a new round. A round is
 * attempt 1 at once, then one attempt after each WEBHOOK_RETRY_DELAYS delay, then the
 * dead-letter topic. One MongoDB document per delivery holds every attempt of every round.
 */
export type DeliveryState = 'RETRY_SCHEDULED' | 'DELIVERED' | 'DEAD_LETTERED';

export type AttemptOutcome =
  | 'ACKNOWLEDGED'
  | 'NOT_ACKNOWLEDGED' // 2xx without a JSON body {status: "OK"}
  | 'HTTP_ERROR' // any other status, redirects included (they are never followed)
  | 'TIMEOUT'
  | 'NETWORK_ERROR'
  | 'REFUSED_ADDRESS' // the private-network guard
  | 'ENDPOINT_BUSY' // the endpoint's queue in this relay was full; no request was sent
  | 'NO_SIGNING_SECRET'
  | 'INVALID_ENDPOINT' // the URL cannot be sent to at all: dead-lettered at once, no retries
  | 'RELAY_ERROR'; // the relay failed on this message (a defect): recorded and retried, never left blocking

/** Outcomes that no retry can change: the delivery is dead-lettered on the first one. */
export const PERMANENT_OUTCOMES: ReadonlySet<AttemptOutcome> = new Set(['INVALID_ENDPOINT']);

export interface AttemptResult {
  outcome: AttemptOutcome;
  startedAt: Date;
  finishedAt: Date;
  statusCode?: number;
  error?: string;
  /** the answer's headers as [name, value] in order (names lower-case, bounded: relay/webhook-client.ts) */
  responseHeaders?: Array<[string, string]>;
  /** the answer's first 2048 characters */
  responseExcerpt?: string;
}

export interface AttemptRecord extends AttemptResult {
  round: number;
  attempt: number;
  durationMs: number;
}

export interface DeliveryDoc {
  _id: string;
  version: number;
  partnerId: string;
  webhookId: string;
  kind: NotificationRequest['kind'];
  url: string;
  /** the exact JSON text sent (partner-supplied JSON is stored as text: its keys may be anything) */
  payload: string;
  /** when the body was cleared after its retention (delivery-retention.ts); the record stays */
  bodyClearedAt?: Date;
  sourceEventId: string;
  key: string;
  notificationCreatedAt: Date;
  createdAt: Date;
  updatedAt: Date;
  round: number;
  /** the last attempt recorded in the current round */
  lastAttempt: number;
  state: DeliveryState;
  attemptCount: number;
  /** `r<round>a<attempt>` → record: a replayed attempt overwrites its own key, never adds one */
  attempts: Record<string, AttemptRecord>;
  nextAttemptAt: Date | null;
  deliveredAt: Date | null;
  deadLetteredAt: Date | null;
}

/** What travels on the retry, redelivery and dead-letter topics. */
export interface DeliveryTask {
  v: 1;
  deliveryId: string;
  round: number;
  attempt: number;
  /** when the attempt may start (retry topics wait for it) */
  dueAt: string;
  notification: NotificationRequest;
}

export const deliveryTaskSchema = Joi.object<DeliveryTask>({
  v: Joi.number().valid(1).required(),
  deliveryId: Joi.string().required(),
  round: Joi.number().integer().min(0).required(),
  attempt: Joi.number().integer().min(1).required(),
  dueAt: Joi.string().isoDate().required(),
  notification: notificationRequestSchema.required(),
});

export function attemptKey(round: number, attempt: number): string {
  return `r${round}a${attempt}`;
}

/**
 * Deterministic and time-ordered: a UUIDv7 whose time is the notification's creation and
 * whose other bits are a hash of (webhook-id, endpoint). The same notification to the same
 * endpoint always gets the same delivery (idempotent records); lists page by it in time order.
 */
export function deliveryIdOf(n: Pick<NotificationRequest, 'id' | 'url' | 'createdAt'>): string {
  const ms = Math.max(0, Date.parse(n.createdAt) || 0);
  const hash = createHash('sha256').update(`${n.id}\n${n.url}`).digest();
  const b = Buffer.alloc(16);
  b.writeUIntBE(ms, 0, 6);
  hash.copy(b, 6, 0, 10);
  b[6] = 0x70 | (b[6]! & 0x0f);
  b[8] = 0x80 | (b[8]! & 0x3f);
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export function firstTask(n: NotificationRequest, now = new Date()): DeliveryTask {
  return { v: 1, deliveryId: deliveryIdOf(n), round: 0, attempt: 1, dueAt: now.toISOString(), notification: n };
}

/** The notification a delivery was made from, to start a redelivery round from the record. */
export function notificationOf(doc: DeliveryDoc): NotificationRequest {
  return {
    id: doc.webhookId,
    partnerId: doc.partnerId,
    kind: doc.kind,
    url: doc.url,
    body: JSON.parse(doc.payload),
    sourceEventId: doc.sourceEventId,
    key: doc.key,
    createdAt: doc.notificationCreatedAt.toISOString(),
  };
}

/** A message of the notifications topic (the modules' contract) as the first task of its delivery. */
export function parseNotificationMessage(value: Buffer | null, now = new Date()): DeliveryTask {
  return firstTask(parseNotificationRequest(value), now);
}

/** A message of a retry or redelivery topic. */
export function parseTaskMessage(value: Buffer | null): DeliveryTask {
  return parseMessage(value, deliveryTaskSchema, 'delivery task');
}

/**
 * A delivery task as a Kafka message (redeliveries, retries, the relay's dead letter): keyed
 * by the application, with the webhook's, the delivery's and the partner's ids as headers
 * beside the standard ones.
 */
export function taskMessageSpec(t: DeliveryTask): MessageSpec {
  const n = t.notification;
  // the trace of the work that asks for the attempt (the delivery that schedules a retry, the request that redelivers)
  return {
    key: n.key,
    value: JSON.stringify(t),
    id: t.deliveryId,
    trace: currentTrace(),
    extra: { 'webhook-id': n.id, 'delivery-id': t.deliveryId, 'partner-id': n.partnerId },
  };
}
