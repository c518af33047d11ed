import { ManagedConsumer, NonRetriableError, type ConsumerDeps } from '../../../platform/consumer.js';
import { domainEventSchema, type DomainEvent } from '../../../platform/events.js';
import { TOPICS, type Topics } from '../../../platform/kafka.js';
import { APPLICATION_EVENTS } from '../application.events.js';
import type { DecisionService } from './decision.service.js';

/** Parses an application event; anything else is dead-lettered (not retriable). */
export function parseApplicationEvent(value: Buffer | null): DomainEvent {
  let raw: unknown;
  try {
    raw = JSON.parse(value?.toString('utf8') ?? 'null');
  } catch {
    throw new NonRetriableError('not JSON');
  }
  const { value: event, error } = domainEventSchema.validate(raw, { allowUnknown: true });
  if (error) throw new NonRetriableError(`not a domain event: ${error.message}`);
  return event as DomainEvent;
}

/**
 * The decision as a Kafka consumer (issue #4 item 4): reacts to `confirmed` and decides,
 * and to `approved` to count the approval towards the customer's account level. Thin and
 * idempotent: the inbox skips redeliveries, the service decides only an application still
 * waiting for its decision, and an approval counts once. A store outage is retried in place.
 */
export function decisionConsumer(deps: ConsumerDeps, topics: Topics, decisions: DecisionService): ManagedConsumer<DomainEvent> {
  return new ManagedConsumer<DomainEvent>(deps, {
    groupId: topics.group('applications.decision'),
    topics: [topics.name(TOPICS.applicationEvents)],
    parse: parseApplicationEvent,
    idOf: (e) => e.id,
    // every other application event passes by without an inbox round trip
    types: [APPLICATION_EVENTS.confirmed, APPLICATION_EVENTS.approved],
    ignore: (e) => e.type !== APPLICATION_EVENTS.confirmed && e.type !== APPLICATION_EVENTS.approved,
    partitionsConsumedConcurrently: 3,
    handle: async (event) => {
      if (event.type === APPLICATION_EVENTS.approved) await decisions.countApproval(event.aggregateId);
      else await decisions.decide(event.aggregateId);
    },
  });
}
