import Joi from 'joi';
import { parseMessage } from './messages.js';

/**
 * The contract between the modules and the webhook relay, which knows nothing of the
 * domain: it signs and delivers whatever a module asks for. A module that wants a partner notified puts one of these on the
 * notifications topic through its outbox; the relay signs and delivers `body` to `url`.
 * `id` becomes the Standard Webhooks `webhook-id`: the same on every attempt and every
 * redelivery, so the partner can deduplicate.
 */
export interface NotificationRequest {
  id: string;
  partnerId: string;
  /** what the notification is about, named by the module that sends it (upper case) */
  kind: string;
  url: string;
  /** the JSON body the partner receives, exactly as the spec's Events section gives it */
  body: Record<string, unknown>;
  /** the domain event that caused it */
  sourceEventId: string;
  /** per-application ordering key */
  key: string;
  createdAt: string;
}

export const notificationRequestSchema = Joi.object<NotificationRequest>({
  id: Joi.string().required(),
  partnerId: Joi.string().required(),
  kind: Joi.string()
    .pattern(/^[A-Z][A-Z_]*$/)
    .required(),
  // judged by the relay when it sends (an unusable URL is recorded and dead-lettered, so
  // the partner sees it), not here, where a refusal would leave no trace the partner can read
  url: Joi.string().min(1).required(),
  body: Joi.object().required(),
  sourceEventId: Joi.string().required(),
  key: Joi.string().required(),
  createdAt: Joi.string().isoDate().required(),
});

/** A notifications-topic message (the one parser the relay and the event feed use). */
export function parseNotificationRequest(value: Buffer | null): NotificationRequest {
  return parseMessage(value, notificationRequestSchema, 'NotificationRequest');
}
