import type { Db } from 'mongodb';
import { totalsOf, type SettlementDoc } from './settlement.model.js';
import type { PaymentLineDoc } from './payment-lines.model.js';
import { MongoPaymentLinesRepository } from './payment-lines.repository.js';
import { eachSettlement } from './settlements.repository.js';

/**
 * The operators' integrity check of the money at rest, as a pure function of what the store
 * holds: payment lines, settlements and, per application, what its customer owes. It reads
 * every document once and keeps one entry per line in memory (a line id and its settlement).
 *
 * Problems (each one a reason to stop payouts and look):
 * - LINE_IN_TWO_SETTLEMENTS: a line listed by two settlements (paid twice);
 * - LISTED_LINE_MISSING: a settlement lists a line the store does not have;
 * - LINE_NAMES_OTHER_SETTLEMENT: a line names a settlement that does not list it;
 * - TOTALS_DO_NOT_FOLLOW: a settlement's totals are not the sums of its lines and its carried balance;
 * - CHAIN_BROKEN: numbers not 1..n, a cut-off not after the one before, or a carried balance
 *   that is not what the settlement before carried out;
 * - LINE_AFTER_CUTOFF: a settlement lists a line recorded at or after its cut-off;
 * - PAID_MORE_THAN_OWED: an application's payouts net of credit notes exceed what its customer owes.
 * Warnings (a close that is still running, or crashed and is finished by the next close):
 * - UNFINISHED: a settlement lists a line that does not name it yet.
 */
export type ProblemCode =
  | 'LINE_IN_TWO_SETTLEMENTS'
  | 'LISTED_LINE_MISSING'
  | 'LINE_NAMES_OTHER_SETTLEMENT'
  | 'TOTALS_DO_NOT_FOLLOW'
  | 'CHAIN_BROKEN'
  | 'LINE_AFTER_CUTOFF'
  | 'PAID_MORE_THAN_OWED';

export interface Finding<C extends string = ProblemCode> {
  code: C;
  partnerId: string;
  settlementId?: string;
  lineId?: string;
  applicationId?: string;
  detail: string;
}

export interface LedgerCheckReport {
  problems: Finding[];
  warnings: Finding<'UNFINISHED'>[];
  counted: { lines: number; settlements: number; partners: number; applications: number };
}

export interface LedgerCheckSource {
  lines(): Iterable<PaymentLineDoc> | AsyncIterable<PaymentLineDoc>;
  settlements(): Iterable<SettlementDoc> | AsyncIterable<SettlementDoc>;
  /** what the application's customer owes for the goods (minor units), when known */
  owed?(applicationId: string): Promise<number | undefined>;
}

type LineFacts = Pick<PaymentLineDoc, '_id' | 'partnerId' | 'applicationId' | 'type' | 'gross' | 'fee' | 'net' | 'settlementId' | 'createdAt'>;

export async function checkSettlements(source: LedgerCheckSource): Promise<LedgerCheckReport> {
  const lines = new Map<string, LineFacts>();
  for await (const l of source.lines()) {
    lines.set(l._id, {
      _id: l._id,
      partnerId: l.partnerId,
      applicationId: l.applicationId,
      type: l.type,
      gross: l.gross,
      fee: l.fee,
      net: l.net,
      settlementId: l.settlementId,
      createdAt: l.createdAt,
    });
  }
  const chains = new Map<string, SettlementDoc[]>();
  for await (const s of source.settlements()) chains.set(s.partnerId, [...(chains.get(s.partnerId) ?? []), s]);

  const report: LedgerCheckReport = { problems: [], warnings: [], counted: { lines: lines.size, settlements: 0, partners: chains.size, applications: 0 } };
  const listedBy = new Map<string, string[]>();
  for (const chain of chains.values()) {
    chain.sort((a, b) => a.number - b.number);
    report.counted.settlements += chain.length;
    chain.forEach((s, i) => checkOne(report, lines, listedBy, s, chain[i - 1], i + 1));
  }
  for (const l of lines.values()) {
    if (l.settlementId !== null && !listedBy.get(l._id)?.includes(l.settlementId)) {
      report.problems.push({
        code: 'LINE_NAMES_OTHER_SETTLEMENT',
        partnerId: l.partnerId,
        lineId: l._id,
        settlementId: l.settlementId,
        detail: `the line names ${l.settlementId}, which does not list it`,
      });
    }
  }
  if (source.owed) await checkOwed(report, lines, source.owed);
  return report;
}

function checkOne(
  report: LedgerCheckReport,
  lines: Map<string, LineFacts>,
  listedBy: Map<string, string[]>,
  s: SettlementDoc,
  prev: SettlementDoc | undefined,
  expectedNumber: number,
): void {
  const at = { partnerId: s.partnerId, settlementId: s._id };
  const own: LineFacts[] = [];
  for (const id of s.lineIds) {
    const others = listedBy.get(id) ?? [];
    if (others.length) report.problems.push({ code: 'LINE_IN_TWO_SETTLEMENTS', ...at, lineId: id, detail: `also listed by ${others.join(', ')}` });
    listedBy.set(id, [...others, s._id]);
    const line = lines.get(id);
    if (!line) {
      report.problems.push({ code: 'LISTED_LINE_MISSING', ...at, lineId: id, detail: 'listed, not in payment_lines' });
      continue;
    }
    own.push(line);
    if (line.createdAt.getTime() >= s.cutoffAt.getTime())
      report.problems.push({
        code: 'LINE_AFTER_CUTOFF',
        ...at,
        lineId: id,
        detail: `recorded ${line.createdAt.toISOString()}, cut-off ${s.cutoffAt.toISOString()}`,
      });
    if (line.settlementId === null)
      report.warnings.push({ code: 'UNFINISHED', ...at, lineId: id, detail: 'listed; the line does not name the settlement yet (the next close finishes it)' });
  }
  const carriedIn = prev?.carriedOut ?? 0;
  const want = totalsOf(own, carriedIn);
  const expected: Array<[string, number, number]> = [
    ...(Object.keys(want) as (keyof typeof want)[]).map((k): [string, number, number] => [k, s[k], want[k]]),
    ['lineCount', s.lineCount, s.lineIds.length],
  ];
  const wrong = expected.filter(([, has, should]) => has !== should);
  if (wrong.length)
    report.problems.push({ code: 'TOTALS_DO_NOT_FOLLOW', ...at, detail: wrong.map(([k, has, should]) => `${k} ${has}, its lines give ${should}`).join('; ') });
  if (s.number !== expectedNumber) report.problems.push({ code: 'CHAIN_BROKEN', ...at, detail: `number ${s.number} where ${expectedNumber} follows` });
  if (prev && s.cutoffAt.getTime() <= prev.cutoffAt.getTime())
    report.problems.push({ code: 'CHAIN_BROKEN', ...at, detail: `cut-off ${s.cutoffAt.toISOString()} not after ${prev.cutoffAt.toISOString()}` });
  if ((s.previousId ?? null) !== (prev?._id ?? null))
    report.problems.push({ code: 'CHAIN_BROKEN', ...at, detail: `previous ${String(s.previousId)}, the chain has ${String(prev?._id ?? null)}` });
}

async function checkOwed(
  report: LedgerCheckReport,
  lines: Map<string, LineFacts>,
  owed: (applicationId: string) => Promise<number | undefined>,
): Promise<void> {
  const paid = new Map<string, { partnerId: string; gross: number }>();
  for (const l of lines.values()) {
    const p = paid.get(l.applicationId) ?? { partnerId: l.partnerId, gross: 0 };
    p.gross += l.gross;
    paid.set(l.applicationId, p);
  }
  report.counted.applications = paid.size;
  for (const [applicationId, p] of paid) {
    const total = await owed(applicationId);
    if (total !== undefined && p.gross > total) {
      report.problems.push({
        code: 'PAID_MORE_THAN_OWED',
        partnerId: p.partnerId,
        applicationId,
        detail: `payouts net of credit notes ${p.gross}, the customer owes ${total}`,
      });
    }
  }
}

/** The check over the store: every payment line and settlement, and what each application's customer owes. */
export function checkLedger(db: Db, owed?: (applicationId: string) => Promise<number | undefined>): Promise<LedgerCheckReport> {
  const lines = new MongoPaymentLinesRepository(db);
  return checkSettlements({ lines: () => lines.each(), settlements: () => eachSettlement(db), ...(owed ? { owed } : {}) });
}
