/**
 * The applications module's public face, its one door. Other modules (orders,
 * payments) import this file only: the Application document types, the event names, the
 * state machine, the request and response schemas the order routes share, the response
 * mappers, and `ApplicationsModule`: `changeApplication` (the one way to change an
 * application from outside), the reads, and `prepareDocuments`.
 */
import type { AppModule } from '../../platform/module.js';
import type { ApplicationDoc, DocumentMeta } from './application.model.js';
import type { Decide } from './application.changes.js';
import type { DocumentInput } from './application.input.js';
import type { OrderLookup } from './application.service.js';
import type { Action, ActionCheck } from './application.actions.js';

export {
  ITEM_TYPES,
  type Address, type ApplicationDoc, type DeliveryCarrier, type DocumentMeta, type FinancingType, type FulfilmentEntry,
  type FulfilmentState, type Instalment, type Money, type OrderAdjustment, type OrderDoc, type OrderItemDoc, type Status, type VatAmount,
} from './application.model.js';
export { APPLICATION_EVENTS, APPLICATION_TOPICS, applicationEventDataSchema, applicationNotification, type ApplicationEventType, type ApplicationEventData } from './application.events.js';
export {
  transition, checkAvailability, statusChanged, TransitionRefused, TRANSITIONS, AVAILABILITY,
  type Trigger, type TransitionFacts, type Operation, type Refusal,
} from './application.state-machine.js';
export { ACTIONS, type Action, type ActionCheck } from './application.actions.js';
export { NOTIFIED_REASONS, type ApplicationChange, type Decide, type SettableFields } from './application.changes.js';
export { toApplicationResponse, toOrderResponse, toOrderWithInfo, toApplicationInfo, formatTime, type ApplicationResponse } from './application.mappers.js';
export { anySentOrDelivered, type OrderLookup } from './application.service.js';
export { buildItem } from './application.factory.js';
export { checkSigns } from './application.checks.js';
export { withDerivedItems } from './order.derivation.js';
export { closeCancelledOrder } from './application.order-close.js';
export { planChange } from './application.plan.js';
export type { DocumentInput, FileInput, ItemInput } from './application.input.js';
export { ACCEPTED_MIME_TYPES, httpsDocumentFetcher, type DocumentFetcher } from './application.documents.js';
/** Schemas other modules' routes validate with, so that one field has one rule everywhere. */
export {
  money, vatAmount, totalVatSchema, variableSymbol, isoDate, itemSchema, orderItemsSchema, orderAddressesSchema,
  documentSchema, documentsSchema, deliveryCarrierSchema, applicationIdParams, MAX_AMOUNT, MAX_FILE_BYTES, UUID,
} from './application.schemas.js';
export { orderWithInfoSchema } from './application.responses.js';
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
  /**
   * The partner's application whose order matches every criterion given, the newest
   * (createdAt) when several do; null when none does, or when no criterion is given.
   * Another partner's application never matches.
   */
  findByOrder(partnerId: string, query: OrderLookup): Promise<ApplicationDoc | null>;
  /**
   * Registers how an operation another module owns is judged for `allowedActions`: `check`
   * must be the operation's own acceptance rule, run without writing (throws to refuse).
   */
  registerAction(action: Action, check: ActionCheck): void;
  /**
   * Documents attached anywhere (application, order change, fulfilment): decodes base64 or fetches an https URL (the
   * private-network guard, 500 kB), checks the sniffed MIME type against the spec's list,
   * stores the bytes by content hash and returns the metadata to keep in the order.
   * 400/422 naming `attributeOf(i)` for the i-th input; nothing is stored then.
   */
  prepareDocuments(inputs: DocumentInput[] | undefined, attributeOf: (index: number) => string, now?: Date): Promise<DocumentMeta[]>;
  /**
   * One expiry pass now (the sweeper runs one by itself when something is due:
   * ExpirySweeper); `concurrent` runs it beside one already running, as another instance would.
   */
  sweepExpired(now?: Date, opts?: { concurrent?: boolean }): Promise<number>;
}
