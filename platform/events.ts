import Joi from 'joi';
import { newId } from './ids.js';
import { parseMessage } from './messages.js';

/**
 * The envelope of every domain event on Kafka. `id` is the idempotency key of consumers;
 * `aggregateVersion` lets a consumer recognise an event older than the state it has seen
 * (Kafka keeps per-key order, but a sweeper republish can overtake).
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
): DomainEvent<T> {
  return {
    id: newId(),
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
