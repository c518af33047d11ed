// Type tests (tsd style): every `@ts-expect-error` line must fail to compile, and tsc
// fails on one that compiles. Checked by `npx tsc --noEmit -p clients/typescript/type-tests`
// (test/clients/type-tests.spec.ts runs it).
import type { CancelItemsRequest, DeliverItemsRequest, FinancingApi, FinancingApiError, ItemSelector, ReturnItemsRequest, SendItemsRequest } from '../src/index.js';

declare const api: FinancingApi;
declare const err: FinancingApiError;
const params = { path: { applicationId: 'a1b2c3d4e5' } };

// item selectors: objects with typed properties
export const fine: ItemSelector[] = [{ code: 'A', quantity: 2 }, { ean: '8594001234567' }, { type: 'SHIPPING_FEE' }, { name: 'Kettle', quantity: null }];
// @ts-expect-error a quantity is a number
export const wordQuantity: ItemSelector = { code: 'A', quantity: 'two' };
// @ts-expect-error no such property
export const unknownField: ItemSelector = { code: 'A', colour: 'red' };
// @ts-expect-error an item type the API does not know
export const unknownType: ItemSelector = { type: 'BOOK' };
// @ts-expect-error a selector is an object
export const bareCode: ItemSelector = 'A';

export async function calls() {
  await api.PUT('/financing/v1/applications/{applicationId}/order/send', { params, body: { items: [{ code: 'A', quantity: 1 }] } });
  // @ts-expect-error a quantity is a number, in each of send, deliver, return and cancel
  await api.PUT('/financing/v1/applications/{applicationId}/order/send', { params, body: { items: [{ code: 'A', quantity: 'two' }] } });
  // @ts-expect-error
  await api.PUT('/financing/v1/applications/{applicationId}/order/deliver', { params, body: { items: [{ code: 'A', quantity: 'two' }] } });
  // @ts-expect-error
  await api.PUT('/financing/v1/applications/{applicationId}/order/return', { params, body: { items: [{ code: 'A', quantity: 'two' }] } });
  // @ts-expect-error
  await api.PUT('/financing/v1/applications/{applicationId}/order/cancel', { params, body: { items: [{ code: 'A', quantity: 'two' }] } });
  // (openapi-fetch infers the body from the literal, so an unknown field passes in a call
  // itself: declare the body with its type, below, to have it checked)
  const send: SendItemsRequest = { items: [{ code: 'A', quantity: 1 }], deliveryTrackingNumber: 'EX1' };
  await api.PUT('/financing/v1/applications/{applicationId}/order/send', { params, body: send });
}

// @ts-expect-error an unknown top-level field
export const sendTypo: SendItemsRequest = { items: [{ code: 'A' }], trackingNo: 'X' };
// @ts-expect-error
export const deliverTypo: DeliverItemsRequest = { items: [{ code: 'A' }], deliveredOn: '2026-11-28' };
// @ts-expect-error
export const returnTypo: ReturnItemsRequest = { items: [{ code: 'A' }], reason: 'broken' };
// @ts-expect-error
export const cancelTypo: CancelItemsRequest = { items: [{ code: 'A' }], why: 'x' };
// @ts-expect-error an unknown field in an item
export const itemTypo: DeliverItemsRequest = { items: [{ code: 'A', sku: 'X' }] };

// err.code: a documented code, or a 401's
export function codes(): string {
  switch (err.code) {
    case 'APPLICATION_NOT_FOUND': return 'gone';
    case 'invalid_token': return 'log in again';
    // @ts-expect-error no such code
    case 'APPLICATION_MISSING': return 'typo';
    default: return 'other';
  }
}
