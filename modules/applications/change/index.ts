/**
 * The one write path of an existing application, which every use case of this module (and
 * the orders module, through `changeApplication`) changes it by: the pure `decide` → one
 * version-guarded write with its events (compile-change.ts), the state machine it runs
 * through, and the partner's cancel, the simplest use of it.
 */
export { ApplicationChanges } from './change-application.js';
export { NOTIFIED_REASONS, type ApplicationChange, type Decide, type SettableFields } from './compile-change.js';
export {
  checkAvailability, transition, TransitionRefused, type Operation, type Trigger, type TransitionFacts,
} from './state-machine.js';
export { recurrenceUsable } from './recurrence.rules.js';
export { cancelCheck } from './cancel-application.js';
export { mountCancelRoutes } from './cancel.routes.js';
