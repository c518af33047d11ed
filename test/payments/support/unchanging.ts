import { expect } from 'chai';
import type { SettlementDoc } from '../../../modules/payments/settlement.model.js';

/**
 * A check that a settlement, once written, never changes: `remember` each settlement as it is
 * seen (an answer, a list, the store); a second sighting must be the first one to the letter.
 */
export function unchangingSettlements(): (doc: SettlementDoc | undefined) => void {
  const seen = new Map<string, string>(); // settlement id → its JSON when first seen
  return (doc) => {
    if (!doc) return;
    const json = JSON.stringify({ ...doc, outbox: undefined });
    const before = seen.get(doc._id);
    if (before !== undefined) expect(json, 'a settlement, once written, never changes').to.equal(before);
    else seen.set(doc._id, json);
  };
}
