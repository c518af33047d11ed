import Joi from 'joi';
import { derivedId, uuidTime } from './ids.js';
import { parseMessage } from './messages.js';

/**
 * The envelope of every domain event on Kafka. `id` is the idempotency key of consumers;
 * `aggregateVersion` lets a consumer recognise an event older than the state it has seen
 * (Kafka keeps per-key order, but a sweeper republish can overtake). The id is derived from
 * the aggregate, its version, the type and (when one write makes several events of a type)
 * a discriminator, so re-deriving it after a loss gives the id consumers already hold.
 */
export interface DomainEvent<T = Record<string, unknown>> {
  id: string;
  type: string;
  schemaVersion: 1;
  occurredAt: string;
  aggregateId: string;
  aggregateVersion: number;
  partnerId: string;
  data: T;
}

export const domainEventSchema = Joi.object<DomainEvent>({
  id: Joi.string().required(),
  type: Joi.string()
    .pattern(/^[a-z]+\.[a-z]+\.[a-z-]+$/)
    .required(),
  schemaVersion: Joi.number().valid(1).required(),
  occurredAt: Joi.string().isoDate().required(),
  aggregateId: Joi.string().required(),
  aggregateVersion: Joi.number().integer().min(0).required(),
  partnerId: Joi.string().required(),
  data: Joi.object().required(),
});

export function domainEvent<T extends Record<string, unknown>>(
  type: string,
  aggregate: { id: string; version: number; partnerId: string },
  data: T,
  now = new Date(),
  discriminator: string | number = '',
): DomainEvent<T> {
  return {
    // the same event made again from the same document version has the same id (ids.ts);
    // its time bits are the aggregate's own (its id's), not the clock's, since a consumer that
    // handles a message again after a restore makes the event again at another time
    id: derivedId(uuidTime(aggregate.id) ?? now, 'event', aggregate.id, aggregate.version, type, discriminator),
    type,
    schemaVersion: 1,
    occurredAt: now.toISOString(),
    aggregateId: aggregate.id,
    aggregateVersion: aggregate.version,
    partnerId: aggregate.partnerId,
    data,
  };
}

/** A Kafka value as a domain event (the one parser every event consumer uses). */
export function parseDomainEvent(value: Buffer | null): DomainEvent {
  return parseMessage(value, domainEventSchema, 'domain event');
}
