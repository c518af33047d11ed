import { newId } from '../../platform/ids.js';
import type { FulfilmentEntry, OrderAdjustment, OrderDoc } from './order.model.js';
import { anyOpen } from './fulfilment.counters.js';
import { adjustmentsTotal, undoneVat } from './order.money.js';

/**
 * What a cancelled application does to its order: nothing of it will be delivered, so the
 * order says so. Every piece that never left the shop is cancelled, the items and the order
 * become CANCELLED and the total (and the VAT at every rate) falls to zero, as if the
 * partner had cancelled the remaining items (docs/orders-and-payments.md, "A cancelled
 * application's order").
 *
 * An application is cancelled (by the partner, by the customer at the gateway, by expiry)
 * only while nothing of its order was sent: the state machine refuses it otherwise, and a
 * full return closes its own order. An order with goods out is therefore left as it is.
 */
export function closeCancelledOrder(order: OrderDoc, at: Date, reason: string): OrderDoc {
  const goodsOut = order.items.some((i) => i.sentMilli > 0);
  if (!anyOpen(order) || goodsOut) return order;
  const currency = order.totalPrice.currency;
  const lines = order.items.flatMap((i, index) =>
    i.quantityMilli - i.cancelledMilli > 0 ? [{ index, quantityMilli: i.quantityMilli - i.cancelledMilli }] : [],
  );
  const items = order.items.map((i) => ({ ...i, cancelledMilli: i.quantityMilli, state: 'CANCELLED' as const }));
  // total = Σ open items + Σ adjustments: with nothing open, an adjustment undoes the earlier
  // ones (amount and VAT rate by rate) so that the order owes exactly nothing
  const adjusted = adjustmentsTotal(order);
  const undoVat = undoneVat(order.adjustments, currency);
  const rates = new Set([...order.totalVat, ...order.adjustments.flatMap((a) => a.vat ?? [])].map((v) => v.vatRate));
  const undo: OrderAdjustment[] =
    adjusted !== 0 || undoVat.length ? [{ id: newId(), kind: 'CANCEL', amount: { amount: -adjusted, currency }, vat: undoVat, at }] : [];
  const entry: FulfilmentEntry = { id: newId(), operation: 'CANCEL', at, items: lines, amount: { ...order.totalPrice }, reason };
  return {
    ...order,
    items,
    state: 'CANCELLED',
    adjustments: [...order.adjustments, ...undo],
    totalPrice: { amount: 0, currency },
    totalVat: [...rates].sort((a, b) => a - b).map((vatRate) => ({ vatRate, amount: 0, currency })),
    fulfilment: [...order.fulfilment, entry],
  };
}
