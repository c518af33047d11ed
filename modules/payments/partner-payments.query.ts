import type { Collection } from 'mongodb';
import { countMatching, isDuplicateKey } from '../../platform/mongo.js';
import type { PaymentLineDoc } from './payment-lines.model.js';
import { selection, type MongoPaymentLinesRepository } from './payment-lines.repository.js';
import type { PaymentBody } from './payments.model.js';

/** A page of a partner's payments across its applications. */
export interface PartnerPaymentsPage {
  payments: PaymentBody[];
  /** the same payments as their lines (order number, settlement) */
  lines: PaymentLineDoc[];
  more: boolean;
  /** the `after` payment is not one of the partner's */
  unknownCursor: boolean;
}

/**
 * One day's totals of one currency, in minor units. `payouts` and `creditNotes` are net
 * (what is paid, after the fee); `gross` is the payouts' gross and `refunds` the credit
 * notes' gross, `fees` the fees of all lines, as a settlement adds them up.
 */
export interface DayTotal {
  date: string;
  currency: string;
  payouts: number;
  creditNotes: number;
  net: number;
  count: number;
  gross: number;
  refunds: number;
  fees: number;
}

/** The version of the kept totals' shape: kept totals of another shape are summed again. */
const TOTALS_SHAPE = 2;

/** Totals per payment date and currency, in minor units (exact integer sums), newest day first. */
export function totalsPerDay(payments: Array<Pick<PaymentBody, 'date' | 'type' | 'value' | 'grossValue' | 'fee'>>): DayTotal[] {
  const by = new Map<string, DayTotal>();
  for (const p of payments) {
    const k = `${p.date}|${p.value.currency}`;
    const t = by.get(k) ?? { date: p.date, currency: p.value.currency, payouts: 0, creditNotes: 0, net: 0, count: 0, gross: 0, refunds: 0, fees: 0 };
    if (p.type === 'CREDIT_NOTE') {
      t.creditNotes += p.value.amount;
      t.refunds += p.grossValue.amount;
    } else {
      t.payouts += p.value.amount;
      t.gross += p.grossValue.amount;
    }
    t.fees += p.fee.amount;
    t.net += p.value.amount;
    t.count += 1;
    by.set(k, t);
  }
  return [...by.values()].sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : a.currency.localeCompare(b.currency)));
}

/** A day's totals as kept: valid for exactly `lineCount` lines of that day. */
interface DayTotalsDoc {
  /** partnerId|date */
  _id: string;
  lineCount: number;
  totals: DayTotal[];
  shape?: number;
}

/**
 * A partner's payouts and credit notes across all its applications, by payment date: what
 * the partner portal's money page reads. Every read walks the payment lines' index on
 * (partner, date, paymentId) over the range only, and gives the payments exactly as the
 * payments API lists them (the same lines, the same bodies), so the page's table and its
 * CSV reconcile with the API line by line.
 */
export class PartnerPaymentsQuery {
  private readonly lines: Collection<PaymentLineDoc>;
  private readonly dayTotalsKept: Collection<DayTotalsDoc>;

  constructor(private readonly repo: MongoPaymentLinesRepository) {
    this.lines = repo.collection;
    this.dayTotalsKept = this.lines.db.collection<DayTotalsDoc>('payment_day_totals');
  }

  /**
   * Totals per day of the payments dated from `fromDay` to `toDay` inclusive (YYYY-MM-DD),
   * newest day first. A line is never changed nor removed once written, so a day's totals
   * are a function of how many lines the day has: each day's line count is asked (a count
   * the store answers from the (partner, date) index alone), and the day's kept totals are
   * used when they were made from that many lines; otherwise the day's lines are read once
   * and the totals kept. A page of 30 busy days reads counts, not 100 000 lines.
   */
  async dayTotals(partnerId: string, fromDay: string, toDay: string): Promise<DayTotal[]> {
    const days: string[] = [];
    for (let t = Date.parse(`${toDay}T00:00:00Z`); t >= Date.parse(`${fromDay}T00:00:00Z`); t -= 86_400_000) days.push(new Date(t).toISOString().slice(0, 10));
    const [counts, kept] = await Promise.all([
      Promise.all(days.map((date) => countMatching(this.lines, { partnerId, date }))),
      this.dayTotalsKept.find({ _id: { $in: days.map((d) => `${partnerId}|${d}`) } }).toArray(),
    ]);
    const byId = new Map(kept.map((k) => [k._id, k]));
    const out = await Promise.all(
      days.map(async (date, i): Promise<DayTotal[]> => {
        const lineCount = counts[i]!;
        if (lineCount === 0) return [];
        const _id = `${partnerId}|${date}`;
        const k = byId.get(_id);
        if (k && k.lineCount === lineCount && k.shape === TOTALS_SHAPE) return k.totals;
        const rows = await this.lines.find({ partnerId, date }, { projection: { _id: 0, type: 1, gross: 1, fee: 1, net: 1, currency: 1 } }).toArray();
        const totals = totalsPerDay(
          rows.map((l) => ({
            date,
            type: l.type,
            value: { amount: l.net, currency: l.currency },
            grossValue: { amount: l.gross, currency: l.currency },
            fee: { amount: l.fee, currency: l.currency },
          })),
        );
        // the count read before and the lines read after may differ by lines written in
        // between: kept under the number actually summed, so the next read checks again
        const summed = totals.reduce((n, t) => n + t.count, 0);
        await this.dayTotalsKept.replaceOne({ _id }, { lineCount: summed, totals, shape: TOTALS_SHAPE }, { upsert: true }).catch((err) => {
          if (!isDuplicateKey(err)) throw err;
        });
        return totals;
      }),
    );
    return out.flat();
  }

  /** One page of the range in (date, paymentId) order, after the payment `after` (the payments API's own paging). */
  async page(partnerId: string, fromDay: string, toDay: string, limit: number, after?: string): Promise<PartnerPaymentsPage> {
    if (after !== undefined && !(await this.repo.find(partnerId, after))) return { payments: [], lines: [], more: false, unknownCursor: true };
    const { items, more } = await this.repo.page(partnerId, { from: fromDay, to: toDay }, { limit, ...(after !== undefined ? { after } : {}) });
    return { payments: items.map((l) => l.body), lines: items, more, unknownCursor: false };
  }

  /** Every line of the range in (date, paymentId) order, read in batches (the CSV export). */
  eachLine(partnerId: string, fromDay: string, toDay: string): AsyncIterable<PaymentLineDoc> {
    return this.lines.find({ partnerId, ...selection({ from: fromDay, to: toDay }) }, { sort: { date: 1, _id: 1 }, batchSize: 1000 });
  }

  /** Every payment of the range in (date, paymentId) order, read in batches. */
  async *each(partnerId: string, fromDay: string, toDay: string): AsyncGenerator<PaymentBody> {
    for await (const l of this.lines.find(
      { partnerId, ...selection({ from: fromDay, to: toDay }) },
      { sort: { date: 1, _id: 1 }, projection: { body: 1 }, batchSize: 1000 },
    ))
      yield l.body;
  }
}
