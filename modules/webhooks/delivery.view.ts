import type { AttemptRecord, DeliveryDoc } from './delivery.model.js';
import { publicDeliveryState, type PublicDeliveryState } from './webhooks.schemas.js';

/** spec Formats: times are returned without fractional seconds (the store keeps milliseconds). */
export function responseTime(at: Date): string {
  return at.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** A delivery as the partner sees it (camelCase, ISO times without fractions, attempts in order). */
export interface DeliveryView {
  deliveryId: string;
  /** the `webhook-id` header of every attempt: the partner's idempotency key */
  webhookId: string;
  kind: DeliveryDoc['kind'];
  notificationEndpoint: string;
  /** FAILED for the record's RETRY_SCHEDULED: the event feed's name for it */
  state: PublicDeliveryState;
  body: unknown;
  createdAt: string;
  updatedAt: string;
  attemptCount: number;
  nextAttemptAt?: string;
  deliveredAt?: string;
  deadLetteredAt?: string;
  attempts: AttemptView[];
}

export interface AttemptView {
  /** 0 for the original delivery, then 1, 2, ... for each redelivery */
  redelivery: number;
  attempt: number;
  startedAt: string;
  durationMs: number;
  outcome: AttemptRecord['outcome'];
  statusCode?: number;
  error?: string;
  responseExcerpt?: string;
}

/** What the API shows of an answer (its published contract); the record keeps more for the portal. */
const API_EXCERPT_CHARS = 500;

/** A delivery with everything its record keeps of each answer: the portal's page of one delivery. */
export interface DeliveryDetail extends Omit<DeliveryView, 'attempts'> {
  attempts: Array<AttemptView & { responseHeaders?: Array<[string, string]> }>;
}

export function deliveryDetail(doc: DeliveryDoc): DeliveryDetail {
  const view = deliveryView(doc);
  const records = Object.values(doc.attempts).sort((a, b) => a.round - b.round || a.attempt - b.attempt);
  return {
    ...view,
    attempts: view.attempts.map((a, i) => {
      const r = records[i]!;
      return {
        ...a,
        ...(r.responseExcerpt ? { responseExcerpt: r.responseExcerpt } : {}),
        ...(r.responseHeaders ? { responseHeaders: r.responseHeaders } : {}),
      };
    }),
  };
}

export function deliveryView(doc: DeliveryDoc): DeliveryView {
  const attempts = Object.values(doc.attempts)
    .sort((a, b) => a.round - b.round || a.attempt - b.attempt)
    .map(
      (a): AttemptView => ({
        redelivery: a.round,
        attempt: a.attempt,
        startedAt: responseTime(a.startedAt),
        durationMs: a.durationMs,
        outcome: a.outcome,
        ...(a.statusCode !== undefined ? { statusCode: a.statusCode } : {}),
        ...(a.error ? { error: a.error } : {}),
        ...(a.responseExcerpt ? { responseExcerpt: a.responseExcerpt.slice(0, API_EXCERPT_CHARS) } : {}),
      }),
    );
  return {
    deliveryId: doc._id,
    webhookId: doc.webhookId,
    kind: doc.kind,
    notificationEndpoint: doc.url,
    state: publicDeliveryState(doc.state),
    body: JSON.parse(doc.payload),
    createdAt: responseTime(doc.createdAt),
    updatedAt: responseTime(doc.updatedAt),
    attemptCount: doc.attemptCount,
    ...(doc.nextAttemptAt && doc.state === 'RETRY_SCHEDULED' ? { nextAttemptAt: responseTime(doc.nextAttemptAt) } : {}),
    ...(doc.deliveredAt ? { deliveredAt: responseTime(doc.deliveredAt) } : {}),
    ...(doc.deadLetteredAt ? { deadLetteredAt: responseTime(doc.deadLetteredAt) } : {}),
    attempts,
  };
}
