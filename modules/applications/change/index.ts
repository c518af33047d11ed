/**
 * The face of the one write path of an existing application, which every use case of this
 * module (and the orders module, through `changeApplication`) changes it by: the pure
 * `decide` → one version-guarded write with its events (compile-change.ts), through the
 * state machine (application.state-machine.ts, beside the model: every use case asks it).
 */
export { ApplicationChanges } from './change-application.js';
export { NOTIFIED_REASONS, type ApplicationChange, type Decide, type SettableFields } from './compile-change.js';
export { recurrenceUsable } from './recurrence.rules.js';
