import { derivedId } from '../../platform/ids.js';
import { isDuplicateKey } from '../../platform/mongo.js';
import { notificationEntry, type OutboxEntry } from '../../platform/outbox.js';
import { mailEntry, type MailMessage } from '../../platform/mail.js';
import type { NotificationRequest } from '../../platform/notifications.js';
import { systemClock, type Clock } from '../../platform/clock.js';
import type { NewDocument } from '../../platform/versioned-store.js';
import { valueDateOf, type CutoffRule } from './settlement.cutoff.js';
import { referenceOf, settlementIdOf, settlementView, totalsOf, type SettlementDoc, type SettlementView } from './settlement.model.js';
import type { SettlementsRepository } from './settlements.repository.js';
import type { PaymentLinesRepository } from './payment-lines.repository.js';
import type { PaymentLineDoc } from './payment-lines.model.js';
import { NO_SETTLEMENT_METRICS, type SettlementMetrics } from './settlement.metrics.js';

/** What the settlements need to know of a partner (the auth module's directory, wired by the composition root). */
export interface SettlementPartners {
  /** the account as statements print it, when the partner has set one */
  bankAccount(partnerId: string): Promise<string | undefined>;
  /** whether the partner's API version knows settlements (its webhooks and feed then carry them) */
  announcesSettlements(partnerId: string): Promise<boolean>;
  /**
   * The notice e-mails of a settlement the daily job writes (the portal's, to the partner's
   * contacts): written in the settlement's own insert, so each leaves once with it. Absent:
   * no e-mail.
   */
  noticeMails?(partnerId: string, settlement: SettlementView): Promise<MailMessage[]>;
}

const ATTEMPTS = 8;

export const SETTLEMENT_NOTIFICATION_KIND = 'SETTLEMENT';

/**
 * Settlements, exactly once per partner and cut-off and a line in at most one of them, without
 * any lock, in steps that are each idempotent, so any instance may run them, at the same time
 * as another, with another cut-off (sandbox closes milliseconds apart), or after a crash:
 *
 * 1. Read the partner's newest settlement. When its cut-off is ours or later, there is nothing
 *    to do (ours, when it is ours). Otherwise finish it (step 5): from then on every written
 *    settlement has its lines marked.
 * 2. Claim: every open, unclaimed line recorded before the cut-off is reserved for the next
 *    settlement number (newest + 1). Every close that reads the same newest settlement
 *    reserves for the same number, whatever its cut-off, so concurrent closes share claims.
 * 3. Read the lines claimed for that number before our cut-off, add them up with the balance
 *    the settlement before carried, and insert the settlement, listing them, with its
 *    notification in the same write. (partner, number) and (partner, cut-off) are unique: a
 *    duplicate key means another close wrote that number first; read again from step 1.
 * 4. After a write, finish it (step 5).
 * 5. Finish settlement n: its listed lines get its id (never a line that has one), then every
 *    claim for a number up to n that no settlement took is given back. The order matters: a
 *    listed line is marked before any claim is given back, and claims are given back only
 *    for numbers already written, so a claim a settlement may still list is never released.
 *
 * Nothing ever takes a line from a written settlement: a line's settlement id is set once, by
 * the settlement that lists it. A close that crashed after its claim leaves a reservation for
 * a number not yet written: the next close of the partner (the daily job finds it by its open
 * lines) reserves for the same number and takes it. One that crashed after its write leaves
 * lines listed and not marked: the next close finishes that settlement first (step 1).
 */
export class SettlementService {
  constructor(
    private readonly repo: SettlementsRepository,
    private readonly lines: PaymentLinesRepository,
    private readonly partners: SettlementPartners,
    readonly rule: CutoffRule,
    private readonly clock: Clock = systemClock,
    /** test hook: called after each step of a close (the crash tests kill the process there) */
    private readonly afterStep: (step: 'claimed' | 'written') => void = () => {},
    private readonly metrics: SettlementMetrics = NO_SETTLEMENT_METRICS,
  ) {}

  async init(): Promise<void> {
    await this.repo.init();
  }

  now(): Date {
    return this.clock.now();
  }

  /**
   * Closes the partner's settlement at `cutoff`: the settlement (new or already written), or
   * undefined when there was nothing to settle (no open line before the cut-off) or a later
   * cut-off of the partner is settled already.
   */
  async close(partnerId: string, cutoff: Date, opts: { sandbox?: boolean } = {}): Promise<SettlementDoc | undefined> {
    await this.finishLegacyClaims(partnerId);
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const [prev] = await this.repo.latest(partnerId, 1);
      if (prev) await this.finish(prev);
      if (prev && prev.cutoffAt.getTime() >= cutoff.getTime()) return prev.cutoffAt.getTime() === cutoff.getTime() ? prev : undefined;
      const number = (prev?.number ?? 0) + 1;
      await this.lines.claim(partnerId, number, cutoff);
      this.afterStep('claimed');
      const taken = await this.lines.claimed(partnerId, number, cutoff);
      if (taken.length === 0) return undefined;
      const now = this.clock.now();
      const doc = await this.build(partnerId, number, cutoff, prev, taken, now, opts.sandbox === true);
      try {
        const written = await this.repo.insert(doc, await this.entries(doc, taken, now), now);
        this.metrics.written(opts.sandbox === true ? 'sandbox' : 'job', written.lineCount);
        this.afterStep('written');
        await this.finish(written);
        return written;
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
        // another close wrote this number (or this cut-off) first: read again
      }
    }
    throw new Error(`settlement of ${partnerId} at ${cutoff.toISOString()}: the chain kept changing; the next run closes it`);
  }

  /** Step 5: the written settlement's lines are its own for ever; claims it (or one before it) did not take go back. */
  private async finish(s: SettlementDoc): Promise<void> {
    await this.lines.markSettled(s.partnerId, s._id, s.lineIds);
    await this.lines.releaseClaims(s.partnerId, s.number);
  }

  /**
   * Claims of the earlier layout (a settlement id written on the line before the settlement):
   * marked when that settlement exists and lists them, given back otherwise.
   */
  private async finishLegacyClaims(partnerId: string): Promise<void> {
    for (const id of await this.lines.legacyClaims(partnerId)) {
      const s = await this.repo.find(id);
      await this.lines.finishLegacy(partnerId, id, s?.lineIds ?? []);
    }
  }

  private async build(
    partnerId: string,
    number: number,
    cutoff: Date,
    prev: SettlementDoc | undefined,
    taken: PaymentLineDoc[],
    now: Date,
    sandbox: boolean,
  ): Promise<NewDocument<SettlementDoc>> {
    const id = settlementIdOf(partnerId, cutoff);
    const currencies = new Set(taken.map((l) => l.currency));
    if (currencies.size !== 1) throw new Error(`settlement ${id}: lines in ${[...currencies].join(', ')}; one settlement is in one currency`);
    const bankAccount = await this.partners.bankAccount(partnerId);
    return {
      _id: id,
      partnerId,
      number,
      reference: referenceOf(number),
      previousId: prev?._id ?? null,
      cutoffAt: cutoff,
      periodStart: prev?.cutoffAt ?? null,
      valueDate: valueDateOf(cutoff, this.rule.timeZone),
      currency: taken[0]!.currency,
      ...totalsOf(taken, prev?.carriedOut ?? 0),
      lineIds: taken.map((l) => l._id),
      lineCount: taken.length,
      ...(bankAccount ? { bankAccount } : {}),
      ...(sandbox ? { sandbox: true } : {}),
      createdAt: now,
    };
  }

  /**
   * What leaves with the settlement: the partner's settlement notification (its webhook and
   * feed entry), when its version knows settlements, and the notice e-mails to its contacts,
   * unless the sandbox call closed it (a test of the integration moves no money and may close
   * every few seconds: nobody's accountant is to be mailed for it).
   */
  private async entries(doc: NewDocument<SettlementDoc>, taken: PaymentLineDoc[], now: Date): Promise<OutboxEntry[]> {
    const view = settlementView({ ...doc, version: 1, outbox: {} });
    const mails = doc.sandbox ? [] : ((await this.partners.noticeMails?.(doc.partnerId, view)) ?? []);
    const entries = mails.map((m) => mailEntry(m, doc.partnerId, now));
    const url = [...taken].reverse().find((l) => l.notifyUrl)?.notifyUrl;
    if (!url || !(await this.partners.announcesSettlements(doc.partnerId))) return entries;
    const notification: NotificationRequest = {
      // one per settlement, whose id is its partner and cut-off: the same when made again
      id: derivedId(doc.cutoffAt, 'notification', doc._id),
      partnerId: doc.partnerId,
      kind: SETTLEMENT_NOTIFICATION_KIND,
      url,
      body: view,
      sourceEventId: doc._id,
      key: doc.partnerId,
      createdAt: now.toISOString(),
    };
    return [notificationEntry(notification), ...entries];
  }

  /** The partner's settlement (another partner's id answers like an unknown one). */
  async get(partnerId: string, id: string): Promise<SettlementDoc | null> {
    const s = await this.repo.find(id);
    return s && s.partnerId === partnerId ? s : null;
  }

  page(partnerId: string, req: { limit: number; afterNumber?: number; beforeNumber?: number }) {
    return this.repo.page(partnerId, req);
  }

  /** The settlement's lines: exactly those it lists (finished first, should a crash have left it unmarked). */
  async linesOf(s: SettlementDoc): Promise<PaymentLineDoc[]> {
    const found = await this.lines.ofSettlement(s.partnerId, s._id);
    if (found.length === s.lineIds.length) return found;
    await this.finish(s);
    return this.lines.ofSettlement(s.partnerId, s._id);
  }

  /** The daily job's work at `cutoff`: each partner with open lines before it. */
  async closeDue(cutoff: Date, onError: (partnerId: string, err: unknown) => void = () => {}): Promise<SettlementDoc[]> {
    const closed: SettlementDoc[] = [];
    for (const partnerId of await this.lines.partnersWithOpenLines(cutoff)) {
      try {
        const s = await this.close(partnerId, cutoff);
        if (s) closed.push(s);
      } catch (err) {
        this.metrics.failed();
        onError(partnerId, err);
      }
    }
    return closed;
  }
}
