import type { OutboxEntry } from '../../platform/outbox.js';
import type { NewDocument } from '../../platform/versioned-store.js';
import type { SettlementDoc } from './settlement.model.js';
import type { SettlementsRepository } from './settlements.repository.js';

/** SettlementsRepository in memory, with the unique keys of the store: `_id`, (partner, number), (partner, cut-off). */
export class InMemorySettlementsRepository implements SettlementsRepository {
  readonly docs = new Map<string, SettlementDoc>();
  readonly written: OutboxEntry[] = [];

  async init(): Promise<void> {}

  async find(id: string): Promise<SettlementDoc | null> {
    const d = this.docs.get(id);
    return d ? structuredClone(d) : null;
  }

  async latest(partnerId: string, n: number): Promise<SettlementDoc[]> {
    return [...this.docs.values()]
      .filter((d) => d.partnerId === partnerId)
      .sort((a, b) => b.number - a.number)
      .slice(0, n)
      .map((d) => structuredClone(d));
  }

  async insert(doc: NewDocument<SettlementDoc>, entries: OutboxEntry[]): Promise<SettlementDoc> {
    const clash = [...this.docs.values()].some(
      (d) => d._id === doc._id || (d.partnerId === doc.partnerId && (d.number === doc.number || d.cutoffAt.getTime() === doc.cutoffAt.getTime())),
    );
    if (clash) throw Object.assign(new Error('E11000 duplicate key'), { code: 11000 });
    const full = { ...structuredClone(doc), version: 1, outbox: {} } as SettlementDoc;
    this.docs.set(doc._id, full);
    this.written.push(...entries);
    return structuredClone(full);
  }

  async page(partnerId: string, req: { limit: number; afterNumber?: number; beforeNumber?: number }) {
    const all = [...this.docs.values()].filter((d) => d.partnerId === partnerId).sort((a, b) => a.number - b.number);
    if (req.beforeNumber !== undefined) {
      const earlier = all.filter((d) => d.number < req.beforeNumber!);
      const items = earlier.slice(-req.limit);
      return { items: structuredClone(items), more: earlier.length > items.length };
    }
    const later = req.afterNumber !== undefined ? all.filter((d) => d.number > req.afterNumber!) : all;
    const items = later.slice(0, req.limit);
    return { items: structuredClone(items), more: later.length > items.length };
  }

  async *each(): AsyncIterable<SettlementDoc> {
    for (const d of this.docs.values()) yield structuredClone(d);
  }
}
