import Joi from 'joi';
import { cursorParameter, pageLimit, pagingInfoSchema } from '../../platform/http/paging.js';
import type { FeedQuery } from './events.paging.js';

/** Webhook ids and application ids are UUIDs; the pattern only keeps junk out of the store's queries. */
const ID = /^[A-Za-z0-9-]{1,100}$/;
const id = Joi.string().pattern(ID, 'id');

/**
 * A cursor is valid only as the id of an event of the partner's feed (else 400 naming it:
 * the paging rule of every list, platform/http/paging.ts).
 */
const cursor = cursorParameter(ID, 'id', "an event of this partner's feed, within the retention");

/** The paging limits of every list (1..100, default 20); after and before are event ids, not both. */
export const eventsQuerySchema = Joi.object<FeedQuery>({
  limit: pageLimit,
  after: cursor.description('id of the last event seen: the events recorded after it, oldest first'),
  before: cursor.description('id of the first event of the page seen: the events recorded just before it'),
  applicationId: id.description('only the events of this application'),
})
  .nand('after', 'before')
  .label('EventsQuery');

const time = Joi.string()
  .pattern(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/, 'ISO 8601 UTC time')
  .description('ISO 8601, UTC, no fractional seconds');

export const eventSchema = Joi.object({
  id: Joi.string().required().description('the `webhook-id` of the notification: deduplicate webhooks and feed items by it; the paging cursor'),
  type: Joi.string().valid('application', 'payment', 'settlement').required(),
  applicationId: Joi.string().description("the application the event is about; absent for a settlement (the partner's, of no one application)"),
  occurredAt: time.required().description('when the notification was created'),
  data: Joi.object().unknown(true).required().description('the notification body exactly as the webhook sends it'),
  delivery: Joi.string()
    .valid('PENDING', 'DELIVERED', 'FAILED', 'DEAD_LETTERED')
    .required()
    .description(
      "the webhook's delivery: PENDING (not attempted yet), DELIVERED, FAILED (the last attempt failed, a retry is scheduled), DEAD_LETTERED (every attempt failed)",
    ),
}).label('Event');

export const eventPageSchema = Joi.object({
  data: Joi.array().items(eventSchema).required(),
  pagingInfo: pagingInfoSchema('events').required().label('EventPagingInfo'),
}).label('EventPage');
