/**
 * The applications module's public face, its one door. Other modules (orders,
 * payments) import this file only: the Application document types, the event names, the
 * state machine, the request and response schemas the order routes share, the response
 * mappers, and `ApplicationsModule`: `changeApplication` (the one way to change an
 * application from outside), the reads, and `prepareDocuments`.
 */
import type { ApplicationDoc, DocumentMeta } from './application.model.js';
import type { Decide } from './application.changes.js';
import type { DocumentInput } from './application.input.js';
import type { OrderLookup } from './application.service.js';
import type { Action, ActionCheck } from './application.actions.js';

export {
  ITEM_TYPES, anySentOrDelivered,
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
export type { OrderLookup } from './application.service.js';
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
export { createApplicationsModule, type ApplicationsModule } from './create-applications-module.js';

