import type { LineFilter, LinePageRequest, PaymentLineDoc } from './payment-lines.model.js';
import type { PaymentLinesRepository } from './payment-lines.repository.js';

/** PaymentLinesRepository in memory, with the store's semantics (each call one step). */
export class InMemoryPaymentLinesRepository implements PaymentLinesRepository {
  readonly lines = new Map<string, PaymentLineDoc>();

  async record(line: PaymentLineDoc): Promise<void> {
    if (!this.lines.has(line._id)) this.lines.set(line._id, structuredClone(line));
  }

  async find(partnerId: string, paymentId: string): Promise<PaymentLineDoc | null> {
    const l = this.lines.get(paymentId);
    return l && l.partnerId === partnerId ? structuredClone(l) : null;
  }

  private sorted(partnerId: string, filter: LineFilter): PaymentLineDoc[] {
    return [...this.lines.values()]
      .filter(
        (l) =>
          l.partnerId === partnerId &&
          (!filter.type || l.type === filter.type) &&
          (!filter.settlementId || l.settlementId === filter.settlementId) &&
          (!filter.from || l.date >= filter.from) &&
          (!filter.to || l.date <= filter.to),
      )
      .sort((a, b) => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0));
  }

  async page(partnerId: string, filter: LineFilter, req: LinePageRequest): Promise<{ items: PaymentLineDoc[]; more: boolean }> {
    const byDate = filter.from !== undefined || filter.to !== undefined;
    const key = (l: PaymentLineDoc) => (byDate ? `${l.date}|${l._id}` : l._id);
    const all = this.sorted(partnerId, filter).sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
    const at = (id: string) => {
      const l = this.lines.get(id);
      return l ? key(l) : id;
    };
    if (req.before !== undefined) {
      const earlier = all.filter((l) => key(l) < at(req.before!));
      const items = earlier.slice(-req.limit);
      return { items: structuredClone(items), more: earlier.length > items.length };
    }
    const later = req.after !== undefined ? all.filter((l) => key(l) > at(req.after!)) : all;
    const items = later.slice(0, req.limit);
    return { items: structuredClone(items), more: later.length > items.length };
  }

  async claim(partnerId: string, number: number, cutoff: Date): Promise<void> {
    for (const l of this.lines.values()) {
      if (l.partnerId === partnerId && l.settlementId === null && l.claimNumber === undefined && l.createdAt.getTime() < cutoff.getTime())
        l.claimNumber = number;
    }
  }

  async claimed(partnerId: string, number: number, cutoff: Date): Promise<PaymentLineDoc[]> {
    return structuredClone(
      this.sorted(partnerId, {}).filter((l) => l.claimNumber === number && l.settlementId === null && l.createdAt.getTime() < cutoff.getTime()),
    );
  }

  async markSettled(partnerId: string, settlementId: string, lineIds: readonly string[]): Promise<void> {
    for (const id of lineIds) {
      const l = this.lines.get(id);
      if (l && l.partnerId === partnerId && l.settlementId === null) {
        Object.assign(l, { settlementId, settled: true });
        delete l.claimNumber;
        delete l.claimCutoff;
      }
    }
  }

  async releaseClaims(partnerId: string, number: number): Promise<number> {
    let n = 0;
    for (const l of this.lines.values()) {
      if (l.partnerId === partnerId && l.settlementId === null && l.claimNumber !== undefined && l.claimNumber <= number) {
        delete l.claimNumber;
        n++;
      }
    }
    return n;
  }

  async ofSettlement(partnerId: string, settlementId: string): Promise<PaymentLineDoc[]> {
    return structuredClone(this.sorted(partnerId, { settlementId }));
  }

  async legacyClaims(partnerId: string): Promise<string[]> {
    return [...new Set([...this.lines.values()].filter((l) => l.partnerId === partnerId && !l.settled && l.settlementId !== null).map((l) => l.settlementId!))];
  }

  async finishLegacy(partnerId: string, settlementId: string, keep: readonly string[]): Promise<void> {
    const kept = new Set(keep);
    for (const l of this.lines.values()) {
      if (l.partnerId !== partnerId || l.settlementId !== settlementId || l.settled) continue;
      if (kept.has(l._id)) l.settled = true;
      else l.settlementId = null;
      delete l.claimCutoff;
    }
  }

  async partnersWithOpenLines(before: Date): Promise<string[]> {
    return [
      ...new Set(
        [...this.lines.values()]
          .filter((l) => !l.settled && (l.createdAt.getTime() < before.getTime() || l.claimNumber !== undefined || l.settlementId !== null))
          .map((l) => l.partnerId),
      ),
    ];
  }

  async *each(): AsyncIterable<PaymentLineDoc> {
    for (const l of [...this.lines.values()].sort((a, b) => (a._id < b._id ? -1 : 1))) yield structuredClone(l);
  }
}
