/** The recurrences: detail, cancel, and a purchase on one (decided at once, no gateway). */
export { RecurrenceService } from './recurrence.service.js';
export { mountRecurrenceRoutes } from './recurrence.routes.js';
