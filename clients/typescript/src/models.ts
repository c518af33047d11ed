import type { paths } from './generated/api.js';

type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;

/** Names for the bodies the generated `paths` describe, for code that passes them around. */
export type Application = Json<paths['/financing/v1/applications/{applicationId}']['get']['responses'][200]>;
export type NewApplication = paths['/financing/v1/applications']['post']['requestBody']['content']['application/json'];
export type Payment = Json<paths['/financing/v1/applications/{applicationId}/payments']['get']['responses'][200]>['data'][number];
export type AccountPayment = Json<paths['/financing/v1/payments']['get']['responses'][200]>['data'][number];
export type Settlement = Json<paths['/financing/v1/settlements/{settlementId}']['get']['responses'][200]>['settlement'];
export type FeedEvent = Json<paths['/financing/v1/events']['get']['responses'][200]>['data'][number];

type PutBody<P extends keyof paths> = paths[P] extends { put: { requestBody?: { content: { 'application/json': infer B } } } } ? B : never;
/**
 * The bodies of send, deliver, return and cancel-items. openapi-fetch infers a call's body
 * from the literal given, so an unknown top-level field passes unnoticed in a call; a body
 * declared with one of these types is checked field by field.
 */
export type SendItemsRequest = PutBody<'/financing/v1/applications/{applicationId}/order/send'>;
export type DeliverItemsRequest = PutBody<'/financing/v1/applications/{applicationId}/order/deliver'>;
export type ReturnItemsRequest = PutBody<'/financing/v1/applications/{applicationId}/order/return'>;
export type CancelItemsRequest = PutBody<'/financing/v1/applications/{applicationId}/order/cancel'>;

/** One selector of the items that send, deliver, return and cancel-items mark: at least one of code, ean, name, type. */
export type ItemSelector = NonNullable<SendItemsRequest['items']>[number];

/** What an application webhook carries: look the application up before acting on it. */
export type ApplicationNotification = Pick<Application, 'id' | 'state' | 'stateReason'>;
/** A payout or credit note: the same object as in the payments list. */
export type PaymentNotification = Payment;
/** A settlement closed at a cut-off: one bank transfer (`reference` is its variable symbol). */
export type SettlementNotification = Settlement;
/**
 * A test notification someone of the shop asked for (the partner portal's webhooks page): it
 * is about nothing that happened, so acknowledge it and do nothing else. `id` is its webhook-id.
 */
export interface TestNotification {
  id: string;
  type: 'TEST';
  createdAt: string;
}

export type Notification =
  | { type: 'application'; webhookId: string; data: ApplicationNotification }
  | { type: 'payment'; webhookId: string; data: PaymentNotification }
  | { type: 'settlement'; webhookId: string; data: SettlementNotification }
  | { type: 'test'; webhookId: string; data: TestNotification };
