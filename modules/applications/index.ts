/**
 * The applications module's public face (STYLE: one door). Other modules (orders,
 * payments) import this file only: the Application document types, the event names, the
 * state machine, the response mappers, and `ApplicationsModule.changeApplication`, the one
 * way to change an application from outside.
 */
import type { AppModule } from '../../platform/module.js';
import type { ApplicationDoc } from './application.model.js';
import type { Decide } from './application.changes.js';

export * from './application.model.js';
export { APPLICATION_EVENTS, applicationEventDataSchema, applicationNotification, type ApplicationEventType, type ApplicationEventData } from './application.events.js';
export {
  transition, checkAvailability, statusChanged, TransitionRefused, TRANSITIONS, AVAILABILITY,
  type Trigger, type TransitionFacts, type Operation, type Refusal,
} from './application.state-machine.js';
export { NOTIFIED_REASONS, type ApplicationChange, type Decide, type SettableFields } from './application.changes.js';
export { toApplicationResponse, toOrderResponse, toOrderWithInfo, toApplicationInfo, formatTime, type ApplicationResponse } from './application.mappers.js';
export { anySentOrDelivered } from './application.service.js';
export { allocate, payInThree, repaymentPlan, toMilli, unitFromTotal, vatIncluded, addDays, localDate } from './money.js';
export { createApplicationsModule } from './create-applications-module.js';

export interface ApplicationsModule extends AppModule {
  /**
   * Loads the partner's application (another partner's id → 404 OBJECT_NOT_FOUND exactly
   * like an unknown one), runs the pure `decide(app)` under optimistic concurrency and
   * writes its fields, status (through the state machine), events and notification in one
   * atomic write with the outbox. Returns the new document and decide's result.
   */
  changeApplication<R = void>(partnerId: string, applicationId: string, decide: Decide<R>): Promise<{ doc: ApplicationDoc; result: R | undefined }>;
  /** The partner's application, or 404 OBJECT_NOT_FOUND. */
  getApplication(partnerId: string, applicationId: string): Promise<ApplicationDoc>;
  /** One expiry pass now (the sweeper runs every EXPIRY_SWEEP_INTERVAL by itself). */
  sweepExpired(now?: Date): Promise<number>;
}
