import { ManagedConsumer, type ConsumerDeps } from '../../../platform/consumer.js';
import { parseDomainEvent, type DomainEvent } from '../../../platform/events.js';
import type { Topics } from '../../../platform/kafka.js';
import { APPLICATION_EVENTS, APPLICATION_TOPICS } from '../application.events.js';
import type { DecisionService } from './decision.service.js';

const HANDLED: string[] = [APPLICATION_EVENTS.confirmed, APPLICATION_EVENTS.preapproved, APPLICATION_EVENTS.approved];

/**
 * The decision as a Kafka consumer: screens on `confirmed`, runs the
 * final checks on `preapproved`, and counts an `approved` application towards the
 * customer's account level. Thin and
 * idempotent: the inbox skips redeliveries, the service decides only an application still
 * waiting for its decision, and an approval counts once. A store outage is retried in place.
 */
export function decisionConsumer(deps: ConsumerDeps, topics: Topics, decisions: DecisionService): ManagedConsumer<DomainEvent> {
  return new ManagedConsumer<DomainEvent>(deps, {
    groupId: topics.group('applications.decision'),
    topics: [topics.name(APPLICATION_TOPICS.decisions)],
    parse: parseDomainEvent,
    idOf: (e) => e.id,
    // declined and rejected pass by without an inbox round trip
    types: HANDLED,
    partitionsConsumedConcurrently: 3,
    handle: async (event) => {
      if (event.type === APPLICATION_EVENTS.confirmed) await decisions.screen(event.aggregateId);
      else if (event.type === APPLICATION_EVENTS.preapproved) await decisions.finalize(event.aggregateId);
      else await decisions.countApproval(event.aggregateId);
    },
  });
}
