/**
 * The event feed's public face (GET /financing/v1/events): every notification the service
 * produced for a partner, readable in order after the fact. Fed by the notifications topic;
 * reads the relay's delivery states through the function it is given.
 */

export { createEventsModule, type EventsModule, type EventsModuleDeps, type FeedNotification } from './create-events-module.js';
export type { DeliveryStates } from './events.service.js';
export type { EventView, EventType, DeliveryStatus } from './events.model.js';
export { eventsMigrations } from './migrations.js';
export { eventsSection, type EventsConfig } from './events.config.js';
