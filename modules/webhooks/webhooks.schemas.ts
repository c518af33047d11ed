import Joi from 'joi';
import { InvalidRequestError } from '../../platform/errors.js';
import { cursorParameter, pageLimit, pagingInfoSchema, UUID_PATTERN } from '../../platform/http/paging.js';
import type { DeliveryState } from './delivery.model.js';

/**
 * A delivery's state as partners read it: the same names as the event feed's `delivery`, so a
 * failed delivery (its last attempt failed, the next is scheduled) is `FAILED` in both. The
 * relay's record keeps its own word for it, RETRY_SCHEDULED, which a filter still accepts
 * (the name this list used before).
 */
export type PublicDeliveryState = 'FAILED' | 'DELIVERED' | 'DEAD_LETTERED';
const STATES: PublicDeliveryState[] = ['FAILED', 'DELIVERED', 'DEAD_LETTERED'];
const FILTER_STATES = [...STATES, 'RETRY_SCHEDULED'];
const STORED: Record<string, DeliveryState> = {
  FAILED: 'RETRY_SCHEDULED',
  RETRY_SCHEDULED: 'RETRY_SCHEDULED',
  DELIVERED: 'DELIVERED',
  DEAD_LETTERED: 'DEAD_LETTERED',
};

export function publicDeliveryState(state: DeliveryState): PublicDeliveryState {
  return state === 'RETRY_SCHEDULED' ? 'FAILED' : state;
}

export interface ListQuery {
  limit: number;
  after?: string;
  before?: string;
  filter?: string;
}

/**
 * The state filters parseStateFilter understands, as a pattern (so the OpenAPI document
 * shows them): `state|eq|<STATE>` or `state|in|<STATE>,<STATE>...`, `;` between filters.
 */
const STATE = `(?:${FILTER_STATES.join('|')})`;
const STATE_FILTER = `state\\|(?:eq\\|${STATE}|in\\|${STATE}(?:,${STATE})*)`;
const FILTER = new RegExp(`^${STATE_FILTER}(?:;${STATE_FILTER})*$`);

/**
 * Every list's paging (platform/http/paging.ts): limit 1..100, default 20; after and before
 * are ids of the partner's deliveries, not both.
 */
const cursor = cursorParameter(UUID_PATTERN, 'deliveryId', 'a webhook delivery of this partner');

export const listQuerySchema = Joi.object<ListQuery>({
  limit: pageLimit,
  after: cursor.description('deliveryId of the last delivery seen: the older ones after it'),
  before: cursor.description('deliveryId of the first delivery of the page seen: the newer ones before it'),
  filter: Joi.string()
    .max(500)
    .pattern(FILTER, 'state filter')
    .messages({
      'string.pattern.name': 'filter: "{{#value}}" is not supported; use state|eq|<STATE> or state|in|<STATE>,<STATE> (states: ' + STATES.join(', ') + ').',
    }),
}).oxor('after', 'before');

/** The redeliver-all body is optional (none reads as `{}`); when given it can only name the dead letters. */
export const redeliverAllSchema = Joi.object<{ state?: 'DEAD_LETTERED' }, true>({
  state: Joi.string().valid('DEAD_LETTERED'),
});

/**
 * The spec's filter convention (`<name>|<operator>|<values>`, `;` between filters): only
 * `state` with `eq` or `in` is supported here; anything else is a 400 naming `filter`.
 */
export function parseStateFilter(filter: string | undefined): DeliveryState[] | undefined {
  if (filter === undefined) return undefined;
  let states: DeliveryState[] | undefined;
  for (const part of filter.split(';')) {
    const [name, op, values, ...rest] = part.split('|');
    if (name !== 'state' || rest.length || !values || (op !== 'eq' && op !== 'in')) {
      throw new InvalidRequestError(`filter: "${part}" is not supported; use state|eq|<STATE> or state|in|<STATE>,<STATE>.`, { attribute: 'filter' });
    }
    const list = values.split(',');
    if (op === 'eq' && list.length !== 1) throw new InvalidRequestError('filter: eq takes one value.', { attribute: 'filter' });
    for (const v of list) {
      if (!FILTER_STATES.includes(v)) {
        throw new InvalidRequestError(`filter: unknown state "${v}"; states are ${STATES.join(', ')}.`, { attribute: 'filter' });
      }
    }
    const these = list.map((v) => STORED[v]!);
    states = states ? states.filter((s) => these.includes(s)) : these; // filters combine with AND
  }
  return states;
}

export const deliveryIdParams = Joi.object<{ deliveryId: string }, true>({ deliveryId: Joi.string().max(100).required() });

/** Response schemas, for the OpenAPI document (the route registry). */
const time = Joi.string()
  .pattern(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/, 'ISO 8601 UTC time')
  .description('ISO 8601, UTC, no fractional seconds');
/** The kinds of notification the service sends (the modules name them; TEST is this module's own). */
const NOTIFICATION_KINDS = ['APPLICATION', 'PAYMENT', 'SETTLEMENT', 'TEST'];
const OUTCOMES = [
  'ACKNOWLEDGED',
  'NOT_ACKNOWLEDGED',
  'HTTP_ERROR',
  'TIMEOUT',
  'NETWORK_ERROR',
  'REFUSED_ADDRESS',
  'ENDPOINT_BUSY',
  'NO_SIGNING_SECRET',
  'INVALID_ENDPOINT',
  'RELAY_ERROR',
];

const attemptSchema = Joi.object({
  redelivery: Joi.number().integer().min(0).required().description('0 for the original delivery, then 1, 2, ... per redelivery'),
  attempt: Joi.number().integer().min(1).required(),
  startedAt: time.required(),
  durationMs: Joi.number().integer().min(0).required(),
  outcome: Joi.string()
    .valid(...OUTCOMES)
    .required(),
  statusCode: Joi.number().integer(),
  error: Joi.string(),
  responseExcerpt: Joi.string().description('the first 500 characters of the answer'),
}).label('WebhookAttempt');

export const deliverySchema = Joi.object({
  deliveryId: Joi.string().required(),
  webhookId: Joi.string().required().description('the `webhook-id` header of every attempt: deduplicate by it'),
  kind: Joi.string()
    .valid(...NOTIFICATION_KINDS)
    .required()
    .description(
      'what the notification is about: an application, a payment, a settlement, or TEST for a test notification the partner asked for (its body is `{id, type: "TEST", createdAt}`)',
    ),
  notificationEndpoint: Joi.string().required(),
  state: Joi.string()
    .valid(...STATES)
    .required(),
  body: Joi.object().unknown(true).required().description('the notification exactly as sent'),
  createdAt: time.required(),
  updatedAt: time.required(),
  attemptCount: Joi.number().integer().min(1).required(),
  nextAttemptAt: time,
  deliveredAt: time,
  deadLetteredAt: time,
  attempts: Joi.array().items(attemptSchema).required(),
}).label('WebhookDelivery');

export const deliveryPageSchema = Joi.object({
  data: Joi.array().items(deliverySchema).required(),
  pagingInfo: pagingInfoSchema().required(),
}).label('WebhookDeliveryPage');

export const redeliveryAcceptedSchema = Joi.object({
  deliveryId: Joi.string().required(),
  webhookId: Joi.string().required(),
  redelivery: Joi.number().integer().min(1).required(),
  requestedAt: time.required(),
}).label('WebhookRedeliveryAccepted');

export const redeliverAllAcceptedSchema = Joi.object({ redeliveryCount: Joi.number().integer().min(0).required() }).label('WebhookRedeliverAllAccepted');
