/**
 * The order's one home: its shape, the schemas a partner's order is validated with, and
 * every rule of it as a pure function (fulfilment, money allocation, derivation of items
 * from totals, closing a cancelled order, the repayment plan that follows it). No I/O, no
 * clock, no collection: the order is stored inside its application, and the applications,
 * orders and payments modules all decide by these rules (docs/architecture.md, "The
 * order's rules"). Unlike the other doors this one has no factory and no port: it is a
 * library, so its list is its vocabulary.
 */
export {
  ADDRESS_TYPES,
  DOCUMENT_TYPES,
  FULFILMENT_STATES,
  ITEM_TYPES,
  anySentOrDelivered,
  type Address,
  type DocumentMeta,
  type Instalment,
  type Money,
  type OrderDoc,
  type OrderItemDoc,
} from './order.model.js';
export {
  MAX_AMOUNT,
  MAX_FILE_BYTES,
  addressSchema,
  deliveryCarrierSchema,
  documentSchema,
  documentsSchema,
  isoDate,
  itemSchema,
  money,
  orderAddressesSchema,
  orderItemsSchema,
  orderSchema,
  totalVatSchema,
  variableSymbol,
  vatAmount,
  type DocumentInput,
  type FileInput,
  type OrderInput,
  type RecurrenceOrderInput,
} from './order.schemas.js';
export { OrderRefused } from './order.errors.js';
export { buildOrder } from './order.factory.js';
export { checkOrder, unacceptedWarnings } from './order.checks.js';
export { sentAttribute, withDerivedItems } from './order.derivation.js';
export { applyFulfilment, type FulfilmentInput, type FulfilmentLine, type FulfilmentOutcome } from './fulfilment.rules.js';
export type { FulfilmentOp } from './fulfilment.counters.js';
export { applyOrderChange, type OrderChangeInput } from './order.change.js';
export { adjustmentsTotal, payoutBase, type PayoutTrigger, type PricedCounters } from './order.money.js';
export { closeCancelledOrder } from './order.close.js';
export { FINANCING_TYPES, DEFERRED_DAYS, repaymentPlan, type AccountLevel, type FinancingType } from './repayment.js';
export { planChange } from './plan.change.js';
