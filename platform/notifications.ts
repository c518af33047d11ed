import Joi from 'joi';

/**
 * The contract between the modules and the webhook relay (DESIGN: the relay is
 * domain-agnostic). A module that wants a partner notified puts one of these on the
 * notifications topic through its outbox; the relay signs and delivers `body` to `url`.
 * `id` becomes the Standard Webhooks `webhook-id`: the same on every attempt and every
 * redelivery, so the partner can deduplicate.
 */
export interface NotificationRequest {
  id: string;
  partnerId: string;
  kind: 'APPLICATION' | 'PAYMENT';
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
  kind: Joi.string().valid('APPLICATION', 'PAYMENT').required(),
  url: Joi.string().uri({ scheme: ['http', 'https'] }).required(),
  body: Joi.object().required(),
  sourceEventId: Joi.string().required(),
  key: Joi.string().required(),
  createdAt: Joi.string().isoDate().required(),
});
