import type { LineFilter, LinePageRequest, PaymentLineDoc } from './payment-lines.model.js';
import type { PaymentLinesRepository } from './payment-lines.repository.js';

/** PaymentLinesRepository in memory, with the store's semantics (each call one step). */
export class InMemoryPaymentLinesRepository implements PaymentLinesRepository {
  readonly lines = new Map<string, PaymentLineDoc>();

  async init(): Promise<void> {}

  async record(line: PaymentLineDoc): Promise<void> {
    if (!this.lines.has(line._id)) this.lines.set(line._id, structuredClone(line));
  }

  async find(partnerId: string, paymentId: string): Promise<PaymentLineDoc | null> {
    const l = this.lines.get(paymentId);
    return l && l.partnerId === partnerId ? structuredClone(l) : null;
  }

  private sorted(partnerId: string, filter: LineFilter): PaymentLineDoc[] {
    return [...this.lines.values()]
      .filter((l) => l.partnerId === partnerId && (!filter.type || l.type === filter.type) && (!filter.settlementId || l.settlementId === filter.settlementId)
        && (!filter.from || l.date >= filter.from) && (!filter.to || l.date <= filter.to))
      .sort((a, b) => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0));
  }

  async page(partnerId: string, filter: LineFilter, req: LinePageRequest): Promise<{ items: PaymentLineDoc[]; more: boolean }> {
    const byDate = filter.from !== undefined || filter.to !== undefined;
    const key = (l: PaymentLineDoc) => (byDate ? `${l.date}|${l._id}` : l._id);
    const all = this.sorted(partnerId, filter).sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
    const at = (id: string) => { const l = this.lines.get(id); return l ? key(l) : id; };
    if (req.before !== undefined) {
      const earlier = all.filter((l) => key(l) < at(req.before!));
      const items = earlier.slice(-req.limit);
      return { items: structuredClone(items), more: earlier.length > items.length };
    }
    const later = req.after !== undefined ? all.filter((l) => key(l) > at(req.after!)) : all;
    const items = later.slice(0, req.limit);
    return { items: structuredClone(items), more: later.length > items.length };
  }

  async claim(partnerId: string, settlementId: string, cutoff: Date): Promise<void> {
    for (const l of this.lines.values()) {
      if (l.partnerId === partnerId && l.settlementId === null && l.createdAt.getTime() < cutoff.getTime()) Object.assign(l, { settlementId, claimCutoff: cutoff, settled: false });
    }
  }

  async pendingClaims(partnerId: string): Promise<Array<{ settlementId: string; cutoff: Date }>> {
    const byId = new Map<string, Date>();
    for (const l of this.lines.values()) {
      if (l.partnerId === partnerId && !l.settled && l.settlementId && l.claimCutoff) byId.set(l.settlementId, l.claimCutoff);
    }
    return [...byId].map(([settlementId, cutoff]) => ({ settlementId, cutoff: new Date(cutoff) }));
  }

  async markSettled(partnerId: string, settlementId: string, lineIds: readonly string[]): Promise<void> {
    for (const id of lineIds) {
      const l = this.lines.get(id);
      if (l && l.partnerId === partnerId && l.settlementId === settlementId) l.settled = true;
    }
  }

  async ofSettlement(partnerId: string, settlementId: string): Promise<PaymentLineDoc[]> {
    return structuredClone(this.sorted(partnerId, { settlementId }));
  }

  async release(partnerId: string, settlementId: string, keep: readonly string[]): Promise<number> {
    const kept = new Set(keep);
    let n = 0;
    for (const l of this.lines.values()) {
      if (l.partnerId === partnerId && l.settlementId === settlementId && !kept.has(l._id)) {
        l.settlementId = null;
        l.settled = false;
        delete l.claimCutoff;
        n++;
      }
    }
    return n;
  }

  async partnersWithOpenLines(before: Date): Promise<string[]> {
    return [...new Set([...this.lines.values()].filter((l) => !l.settled && (l.createdAt.getTime() < before.getTime() || l.settlementId !== null)).map((l) => l.partnerId))];
  }
}
