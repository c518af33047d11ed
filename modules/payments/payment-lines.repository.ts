import type { Collection, Db, Filter } from 'mongodb';
import { isDuplicateKey } from '../../platform/mongo.js';
import type { LineFilter, LinePageRequest, PaymentLineDoc } from './payment-lines.model.js';

/**
 * The partner's payment lines as the account-wide list and the settlements ask for them.
 * Every query names the partner first, so each is answered from an index that starts with
 * `partnerId` and never reads another partner's lines.
 */
export interface PaymentLinesRepository {
  init(): Promise<void>;
  /** Writes the line once; a second write of the same paymentId changes nothing. */
  record(line: PaymentLineDoc): Promise<void>;
  find(partnerId: string, paymentId: string): Promise<PaymentLineDoc | null>;
  /**
   * One page in paymentId order (backwards from `before`), and whether more follow that way.
   * With a date range, in (date, paymentId) order: the same order wherever the clock that
   * dates a line is the one that stamps its id, and one an index on (partner, date, id) serves.
   */
  page(partnerId: string, filter: LineFilter, req: LinePageRequest): Promise<{ items: PaymentLineDoc[]; more: boolean }>;
  /** Takes every open line recorded before `cutoff` for the settlement (idempotent). */
  claim(partnerId: string, settlementId: string, cutoff: Date): Promise<void>;
  /** Claims of the partner whose settlement is not confirmed yet (a close in progress, or one that crashed). */
  pendingClaims(partnerId: string): Promise<Array<{ settlementId: string; cutoff: Date }>>;
  /** The settlement is written: its lines are final. */
  markSettled(partnerId: string, settlementId: string, lineIds: readonly string[]): Promise<void>;
  /** Every line the settlement has taken, in paymentId order. */
  ofSettlement(partnerId: string, settlementId: string): Promise<PaymentLineDoc[]>;
  /** Gives back lines taken by the settlement that it does not list (a claim that lost a race with its close). */
  release(partnerId: string, settlementId: string, keep: readonly string[]): Promise<number>;
  /**
   * Partners with open lines recorded before `before`, and partners with a claim not confirmed
   * (a close that crashed, whatever its cut-off): the job's close finishes it.
   */
  partnersWithOpenLines(before: Date): Promise<string[]>;
}

export class MongoPaymentLinesRepository implements PaymentLinesRepository {
  readonly collection: Collection<PaymentLineDoc>;

  constructor(db: Db) {
    this.collection = db.collection<PaymentLineDoc>('payment_lines');
  }

  async init(): Promise<void> {
    // the list in paymentId order, optionally by type; a settlement's lines and the open ones
    // (settlementId null) of one partner; the cut-off job's question which partners have open lines
    await this.collection.createIndexes([
      { key: { partnerId: 1, _id: 1 }, name: 'partner_payment' },
      { key: { partnerId: 1, type: 1, _id: 1 }, name: 'partner_type_payment' },
      { key: { partnerId: 1, date: 1, _id: 1 }, name: 'partner_date_payment' },
      { key: { partnerId: 1, settlementId: 1, _id: 1 }, name: 'partner_settlement_payment' },
      { key: { partnerId: 1, settled: 1, settlementId: 1 }, name: 'partner_pending' },
      { key: { settled: 1, createdAt: 1, partnerId: 1 }, name: 'unsettled_lines' },
    ]);
  }

  async record(line: PaymentLineDoc): Promise<void> {
    try {
      await this.collection.insertOne(line);
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
  }

  find(partnerId: string, paymentId: string): Promise<PaymentLineDoc | null> {
    return this.collection.findOne({ _id: paymentId, partnerId });
  }

  async page(partnerId: string, filter: LineFilter, req: LinePageRequest): Promise<{ items: PaymentLineDoc[]; more: boolean }> {
    const backwards = req.before !== undefined;
    const cursorId = req.after ?? req.before;
    const byDate = filter.from !== undefined || filter.to !== undefined;
    const q: Filter<PaymentLineDoc> = { partnerId, ...selection(filter) };
    if (cursorId !== undefined) {
      if (!byDate) {
        q._id = backwards ? { $lt: cursorId } : { $gt: cursorId };
      } else {
        // a date range walks {partnerId, date, _id}: the cursor is its (date, paymentId)
        const cursor = await this.collection.findOne({ _id: cursorId, partnerId }, { projection: { date: 1 } });
        const date = cursor?.date ?? '';
        const op = backwards ? '$lt' : '$gt';
        q.$or = [{ date: { [op]: date } }, { date, _id: { [op]: cursorId } }];
      }
    }
    const dir = backwards ? -1 : 1;
    const sort = byDate ? { date: dir, _id: dir } : { _id: dir };
    const found = await this.collection.find(q, { sort: sort as Record<string, 1 | -1>, limit: req.limit + 1 }).toArray();
    const more = found.length > req.limit;
    const items = found.slice(0, req.limit);
    return { items: backwards ? items.reverse() : items, more };
  }

  async claim(partnerId: string, settlementId: string, cutoff: Date): Promise<void> {
    await this.collection.updateMany({ partnerId, settlementId: null, createdAt: { $lt: cutoff } }, { $set: { settlementId, claimCutoff: cutoff, settled: false } });
  }

  async pendingClaims(partnerId: string): Promise<Array<{ settlementId: string; cutoff: Date }>> {
    const found = await this.collection.find({ partnerId, settled: false, settlementId: { $ne: null } }, { projection: { settlementId: 1, claimCutoff: 1 } }).toArray();
    const byId = new Map<string, Date>();
    for (const l of found) if (l.settlementId && l.claimCutoff) byId.set(l.settlementId, l.claimCutoff);
    return [...byId].map(([settlementId, cutoff]) => ({ settlementId, cutoff }));
  }

  async markSettled(partnerId: string, settlementId: string, lineIds: readonly string[]): Promise<void> {
    // by the settlement's own list (in pieces): a line another close claimed late is not marked
    for (let i = 0; i < lineIds.length; i += 1000) {
      await this.collection.updateMany({ _id: { $in: lineIds.slice(i, i + 1000) }, partnerId, settlementId, settled: false }, { $set: { settled: true } });
    }
  }

  ofSettlement(partnerId: string, settlementId: string): Promise<PaymentLineDoc[]> {
    return this.collection.find({ partnerId, settlementId }, { sort: { _id: 1 } }).toArray();
  }

  async release(partnerId: string, settlementId: string, keep: readonly string[]): Promise<number> {
    const claimed = await this.collection.countDocuments({ partnerId, settlementId });
    if (claimed === keep.length) return 0;
    const res = await this.collection.updateMany({ partnerId, settlementId, _id: { $nin: [...keep] } }, { $set: { settlementId: null, settled: false }, $unset: { claimCutoff: '' } });
    return res.modifiedCount;
  }

  async partnersWithOpenLines(before: Date): Promise<string[]> {
    const [open, pending] = await Promise.all([
      this.collection.distinct('partnerId', { settled: false, createdAt: { $lt: before } }),
      this.collection.distinct('partnerId', { settled: false, settlementId: { $ne: null } }),
    ]);
    return [...new Set([...open, ...pending])];
  }
}

/** The filter's conditions beside the partner. */
export function selection(filter: LineFilter): Filter<PaymentLineDoc> {
  const q: Filter<PaymentLineDoc> = {};
  if (filter.type) q.type = filter.type;
  if (filter.settlementId) q.settlementId = filter.settlementId;
  if (filter.from || filter.to) q.date = { ...(filter.from ? { $gte: filter.from } : {}), ...(filter.to ? { $lte: filter.to } : {}) };
  return q;
}
