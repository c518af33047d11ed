/**
 * The applications module's door. Other modules import this file only: the module's
 * factory, its port (`ApplicationsModule`, with the types its calls take: the document, a
 * `Decide` and the state machine a decide runs under, the allowed-actions hook, the order
 * lookup, and the order answer the order routes share with the cancel), and its event
 * contracts. The order's own shape and rules are modules/order-rules.
 */
export { createApplicationsModule, applicationPrivacy, type ApplicationsModule, type ApplicationPrivacyPort } from './create-applications-module.js';
export type { ErasurePlan, ErasureTarget, ErasureVerdict } from './privacy/privacy.service.js';
export { PLACEHOLDER as ANONYMISED_PLACEHOLDER, type DataClass } from './privacy/anonymise.js';
export type { DocumentFetcher } from './store/document-store.js';
export type { ApplicationDoc, Status } from './application.model.js';
export { ApplicationChanged, assertVersion } from './application.errors.js';
export { APPLICATION_STATES, STATE_REASONS, CANCEL_REASONS } from './application.model.js';
export type { ApplicationListQuery, ApplicationListItem } from './store/index.js';
export { orderTotals } from './store/index.js';
export type { Decide, SettableFields } from './change/compile-change.js';
export { checkAvailability, transition, TransitionRefused, type Operation } from './application.state-machine.js';
export type { Action, ActionCheck } from './application.actions.js';
export type { OrderLookup } from './read/application-reads.js';
export { toOrderWithInfo } from './application.mappers.js';
export { orderWithInfoSchema } from './application.responses.js';
export { applicationIdParams } from './application.schemas.js';
export {
  APPLICATION_EVENTS,
  APPLICATION_TOPICS,
  applicationEventDataSchema,
  type ApplicationEventData,
  type ApplicationEventType,
} from './application.events.js';
export { cancelApplicationSchema } from './change/cancel.routes.js';
export type { CancelInput } from './change/cancel-application.js';
export { applicationsMigrations } from './migrations.js';
export { applicationsSection, type ApplicationsConfig } from './applications.config.js';
