import type { Collection, Db, Filter } from 'mongodb';
import { isDuplicateKey } from '../../platform/mongo.js';
import type { LineFilter, LinePageRequest, PaymentLineDoc } from './payment-lines.model.js';

/**
 * The partner's payment lines as the account-wide list and the settlements ask for them.
 * Every query names the partner first, so each is answered from an index that starts with
 * `partnerId` and never reads another partner's lines.
 */
export interface PaymentLinesRepository {
  /** Writes the line once; a second write of the same paymentId changes nothing. */
  record(line: PaymentLineDoc): Promise<void>;
  find(partnerId: string, paymentId: string): Promise<PaymentLineDoc | null>;
  /**
   * One page in paymentId order (backwards from `before`), and whether more follow that way.
   * With a date range, in (date, paymentId) order: the same order wherever the clock that
   * dates a line is the one that stamps its id, and one an index on (partner, date, id) serves.
   */
  page(partnerId: string, filter: LineFilter, req: LinePageRequest): Promise<{ items: PaymentLineDoc[]; more: boolean }>;
  /**
   * Claims every open, unclaimed line recorded before `cutoff` for the partner's settlement
   * number `number` (idempotent). A claim is a reservation, never a settlement: the line's
   * `settlementId` stays null until the written settlement that lists it is confirmed.
   */
  claim(partnerId: string, number: number, cutoff: Date): Promise<void>;
  /** The lines claimed for settlement `number` and recorded before `cutoff`, in paymentId order. */
  claimed(partnerId: string, number: number, cutoff: Date): Promise<PaymentLineDoc[]>;
  /**
   * The settlement is written: its listed lines get its id for ever (only lines no
   * settlement has yet; a line that has one keeps it).
   */
  markSettled(partnerId: string, settlementId: string, lineIds: readonly string[]): Promise<void>;
  /**
   * Gives back every claim for settlement numbers up to `number` that no settlement took:
   * called only once settlement `number` and every one before it are written and marked, so
   * such a claim can never become a settlement's line any more.
   */
  releaseClaims(partnerId: string, number: number): Promise<number>;
  /** The lines that name the settlement, in paymentId order. */
  ofSettlement(partnerId: string, settlementId: string): Promise<PaymentLineDoc[]>;
  /**
   * Claims of the earlier layout (a settlement id on an unsettled line, before settlement
   * numbers were claimed): each id with its lines, so a close can finish or give them back.
   */
  legacyClaims(partnerId: string): Promise<string[]>;
  /** Gives back the earlier layout's claims of `settlementId` that `keep` does not list, and marks those it does. */
  finishLegacy(partnerId: string, settlementId: string, keep: readonly string[]): Promise<void>;
  /** Partners with open lines recorded before `before`, or with a pending claim (a close that crashed). */
  partnersWithOpenLines(before: Date): Promise<string[]>;
  /** Every line of the store, one by one (the integrity check). */
  each(): AsyncIterable<PaymentLineDoc>;
}

export class MongoPaymentLinesRepository implements PaymentLinesRepository {
  readonly collection: Collection<PaymentLineDoc>;

  constructor(db: Db) {
    this.collection = db.collection<PaymentLineDoc>('payment_lines');
  }

  /** Built by the payments module's migration. */
  static async createIndexes(db: Db): Promise<void> {
    // the list in paymentId order, optionally by type; a settlement's lines and the open ones
    // (settlementId null) of one partner; the lines claimed for a settlement number; the
    // cut-off job's question which partners have open lines
    await db.collection('payment_lines').createIndexes([
      { key: { partnerId: 1, _id: 1 }, name: 'partner_payment' },
      { key: { partnerId: 1, type: 1, _id: 1 }, name: 'partner_type_payment' },
      { key: { partnerId: 1, date: 1, _id: 1 }, name: 'partner_date_payment' },
      { key: { partnerId: 1, settlementId: 1, _id: 1 }, name: 'partner_settlement_payment' },
      { key: { partnerId: 1, settled: 1, settlementId: 1 }, name: 'partner_pending' },
      { key: { partnerId: 1, claimNumber: 1, _id: 1 }, name: 'partner_claim_payment' },
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

  async claim(partnerId: string, number: number, cutoff: Date): Promise<void> {
    await this.collection.updateMany(
      { partnerId, settlementId: null, claimNumber: { $exists: false }, createdAt: { $lt: cutoff } },
      { $set: { claimNumber: number } },
    );
  }

  claimed(partnerId: string, number: number, cutoff: Date): Promise<PaymentLineDoc[]> {
    return this.collection.find({ partnerId, claimNumber: number, settlementId: null, createdAt: { $lt: cutoff } }, { sort: { _id: 1 } }).toArray();
  }

  async markSettled(partnerId: string, settlementId: string, lineIds: readonly string[]): Promise<void> {
    // in pieces; only lines without a settlement: a line that has one keeps it for ever
    for (let i = 0; i < lineIds.length; i += 1000) {
      await this.collection.updateMany(
        { _id: { $in: lineIds.slice(i, i + 1000) }, partnerId, settlementId: null },
        { $set: { settlementId, settled: true }, $unset: { claimNumber: '', claimCutoff: '' } },
      );
    }
  }

  async releaseClaims(partnerId: string, number: number): Promise<number> {
    const res = await this.collection.updateMany({ partnerId, settlementId: null, claimNumber: { $lte: number } }, { $unset: { claimNumber: '' } });
    return res.modifiedCount;
  }

  ofSettlement(partnerId: string, settlementId: string): Promise<PaymentLineDoc[]> {
    return this.collection.find({ partnerId, settlementId }, { sort: { _id: 1 } }).toArray();
  }

  async legacyClaims(partnerId: string): Promise<string[]> {
    const found = await this.collection.find({ partnerId, settled: false, settlementId: { $ne: null } }, { projection: { settlementId: 1 } }).toArray();
    return [...new Set(found.map((l) => l.settlementId!))];
  }

  async finishLegacy(partnerId: string, settlementId: string, keep: readonly string[]): Promise<void> {
    await this.collection.updateMany(
      { partnerId, settlementId, settled: false, _id: { $in: [...keep] } },
      { $set: { settled: true }, $unset: { claimCutoff: '' } },
    );
    await this.collection.updateMany({ partnerId, settlementId, settled: false }, { $set: { settlementId: null }, $unset: { claimCutoff: '' } });
  }

  async partnersWithOpenLines(before: Date): Promise<string[]> {
    const [open, pending] = await Promise.all([
      this.collection.distinct('partnerId', { settled: false, createdAt: { $lt: before } }),
      this.collection.distinct('partnerId', { settled: false, claimNumber: { $exists: true } }),
    ]);
    return [...new Set([...open, ...pending])];
  }

  async *each(): AsyncIterable<PaymentLineDoc> {
    yield* this.collection.find({}, { sort: { _id: 1 } });
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
