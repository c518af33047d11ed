import type { SettlementService } from './settlement.service.js';
import type { MongoPaymentLinesRepository } from './payment-lines.repository.js';
import type { PaymentLineDoc } from './payment-lines.model.js';
import { totalsOf, type SettlementDoc, type SettlementTotals } from './settlement.model.js';
import { reportHeader, reportRow, settlementReport, type CsvDialect } from './settlement.report.js';

/** A payment line as the portal lists it: the order number beside the amounts, and its settlement if it has one. */
export interface LineRow {
  paymentId: string;
  applicationId: string;
  type: PaymentLineDoc['type'];
  date: string;
  orderNumber?: string;
  variableSymbol?: string;
  gross: number;
  fee: number;
  net: number;
  currency: string;
  settlement: SettlementRef | null;
}

/** Enough of a settlement to link to it. */
export interface SettlementRef {
  id: string;
  reference: string;
}

/**
 * What the next transfer holds so far: the lines no settlement has taken yet, summed the way
 * a settlement sums them, after the balance the newest settlement carried out (≤ 0).
 */
export interface OpenBalance extends SettlementTotals {
  currency: string;
  lineCount: number;
  /** the newest settlement (its carried-out balance is `carriedIn` here) */
  latest: SettlementRef | null;
}

const NEWEST = Number.MAX_SAFE_INTEGER;

/**
 * The partner's settlements as the portal reads them: newest first, one with a page of its
 * lines, its report, which settlement each payment is in, and the open balance. Reads only:
 * the settlements are made by the settlement service, and a line names its settlement only
 * once that settlement is written.
 */
export class PartnerSettlementsQuery {
  constructor(
    private readonly settlements: SettlementService,
    private readonly lines: MongoPaymentLinesRepository,
  ) {}

  /** A page of the partner's settlements, newest first, older than number `before`. */
  async list(partnerId: string, limit: number, before?: number): Promise<{ items: SettlementDoc[]; more: boolean }> {
    const { items, more } = await this.settlements.page(partnerId, { limit, beforeNumber: before ?? NEWEST });
    return { items: [...items].reverse(), more };
  }

  get(partnerId: string, id: string): Promise<SettlementDoc | null> {
    return this.settlements.get(partnerId, id);
  }

  /** A page of the settlement's lines in paymentId order (exactly those it lists). */
  async lineRows(s: SettlementDoc, limit: number, after?: string): Promise<{ items: LineRow[]; more: boolean }> {
    const listed = new Set(s.lineIds);
    const { items, more } = await this.lines.page(s.partnerId, { settlementId: s._id }, { limit, ...(after ? { after } : {}) });
    const ref = { id: s._id, reference: s.reference };
    return { items: items.filter((l) => listed.has(l._id)).map((l) => rowOf(l, ref)), more };
  }

  /** The settlement report (the API's CSV), in either dialect. */
  async report(s: SettlementDoc, dialect: CsvDialect): Promise<string> {
    return settlementReport(s, await this.settlements.linesOf(s), dialect);
  }

  /** Each payment's settlement, or null while it awaits one. */
  async ofPayments(partnerId: string, paymentIds: readonly string[]): Promise<Map<string, SettlementRef | null>> {
    const found = await this.lines.collection.find({ partnerId, _id: { $in: [...paymentIds] } }, { projection: { settlementId: 1 } }).toArray();
    const refs = await this.refs(
      partnerId,
      found.map((l) => l.settlementId),
    );
    return new Map(
      paymentIds.map((id) => {
        const sid = found.find((l) => l._id === id)?.settlementId;
        return [id, sid ? (refs.get(sid) ?? null) : null];
      }),
    );
  }

  /** Rows of the given lines with their settlements (the money page's table). */
  async rows(partnerId: string, lines: PaymentLineDoc[]): Promise<LineRow[]> {
    const refs = await this.refs(
      partnerId,
      lines.map((l) => l.settlementId),
    );
    return lines.map((l) => rowOf(l, l.settlementId ? (refs.get(l.settlementId) ?? null) : null));
  }

  /** The open balance: what the next transfer holds so far. */
  async open(partnerId: string, currency = 'CZK'): Promise<OpenBalance> {
    const [latest] = (await this.list(partnerId, 1)).items;
    const open: Array<Pick<PaymentLineDoc, 'type' | 'gross' | 'fee' | 'net'>> = [];
    for await (const l of this.lines.collection.find({ partnerId, settled: false }, { projection: { type: 1, gross: 1, fee: 1, net: 1 } })) open.push(l);
    return {
      ...totalsOf(open, latest?.carriedOut ?? 0),
      currency: latest?.currency ?? currency,
      lineCount: open.length,
      latest: latest ? { id: latest._id, reference: latest.reference } : null,
    };
  }

  /** The report's rows for any lines (the money export): the same columns, each with its settlement's reference or none. */
  async *csv(partnerId: string, lines: AsyncIterable<PaymentLineDoc>, dialect: CsvDialect): AsyncGenerator<string> {
    yield reportHeader(dialect);
    const refs = new Map<string, string>();
    for await (const l of lines) {
      let reference = '';
      if (l.settlementId) {
        if (!refs.has(l.settlementId)) refs.set(l.settlementId, (await this.settlements.get(partnerId, l.settlementId))?.reference ?? '');
        reference = refs.get(l.settlementId)!;
      }
      yield reportRow(reference, l, dialect);
    }
  }

  private async refs(partnerId: string, ids: Array<string | null>): Promise<Map<string, SettlementRef>> {
    const distinct = [...new Set(ids.filter((x): x is string => Boolean(x)))];
    const docs = await Promise.all(distinct.map((id) => this.settlements.get(partnerId, id)));
    return new Map(docs.filter((s): s is SettlementDoc => Boolean(s)).map((s) => [s._id, { id: s._id, reference: s.reference }]));
  }
}

function rowOf(l: PaymentLineDoc, settlement: SettlementRef | null): LineRow {
  return {
    paymentId: l._id,
    applicationId: l.applicationId,
    type: l.type,
    date: l.date,
    ...(l.orderNumber ? { orderNumber: l.orderNumber } : {}),
    ...(l.variableSymbol ? { variableSymbol: l.variableSymbol } : {}),
    gross: l.gross,
    fee: l.fee,
    net: l.net,
    currency: l.currency,
    settlement,
  };
}
