import { newId } from '../../platform/ids.js';
import { isDuplicateKey } from '../../platform/mongo.js';
import { notificationEntry, type OutboxEntry } from '../../platform/outbox.js';
import type { NotificationRequest } from '../../platform/notifications.js';
import { systemClock, type Clock } from '../../platform/clock.js';
import type { NewDocument } from '../../platform/versioned-store.js';
import { valueDateOf, type CutoffRule } from './settlement.cutoff.js';
import { referenceOf, settlementIdOf, settlementView, totalsOf, type SettlementDoc } from './settlement.model.js';
import type { SettlementsRepository } from './settlements.repository.js';
import type { PaymentLinesRepository } from './payment-lines.repository.js';
import type { PaymentLineDoc } from './payment-lines.model.js';

/** What the settlements need to know of a partner (the auth module's directory, wired by the composition root). */
export interface SettlementPartners {
  /** the account as statements print it, when the partner has set one */
  bankAccount(partnerId: string): Promise<string | undefined>;
  /** whether the partner's API version knows settlements (its webhooks and feed then carry them) */
  announcesSettlements(partnerId: string): Promise<boolean>;
}

/** How many of a partner's newest settlements a close checks for lines a lost race left claimed. */
const STRAY_CHECK = 3;
const ATTEMPTS = 8;

export const SETTLEMENT_NOTIFICATION_KIND = 'SETTLEMENT';

/**
 * Settlements, exactly once per partner and cut-off without any lock, in steps that are each
 * idempotent, so any instance may run them, at the same time as another or after a crash:
 *
 * 1. The id is derived from (partner, cut-off). If the settlement exists, it is the answer.
 * 2. Claim: every open line of the partner recorded before the cut-off gets `settlementId`
 *    = the id (a repeated claim takes only what is still open).
 * 3. Read the lines claimed for the id, add them up with the balance the settlement before
 *    carried, and insert the settlement, listing its lines, with its notification in the
 *    same write. A duplicate key means another instance wrote it (same `_id`), or wrote the
 *    next settlement of the chain first (same number): read again from step 1.
 * 4. Confirm: a line claimed for the id that the written settlement does not list (claimed
 *    by a slower instance after the totals were taken) is opened again for the next one; the
 *    listed lines are marked settled.
 *
 * A close that crashed between its claim and its write leaves lines claimed and not settled,
 * with the claim's cut-off: the next close of the partner (the daily job finds the partner by
 * its unsettled lines) finishes that settlement first, so nothing stays claimed by a
 * settlement that does not exist.
 *
 * A settlement's lines are exactly its `lineIds`, so once written nothing changes it; a line
 * that arrives late (or is released) belongs to the next one.
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
  ) {}

  async init(): Promise<void> {
    await this.repo.init();
    await this.lines.init();
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
    const id = settlementIdOf(partnerId, cutoff);
    // a close of this partner that claimed lines and did not confirm (crashed, or running
    // now elsewhere) is finished first: the same steps under its own id, so the chain stays in order
    for (const pending of await this.lines.pendingClaims(partnerId)) {
      if (pending.settlementId !== id) await this.closeOne(partnerId, pending.cutoff, {});
    }
    return this.closeOne(partnerId, cutoff, opts);
  }

  private async closeOne(partnerId: string, cutoff: Date, opts: { sandbox?: boolean }): Promise<SettlementDoc | undefined> {
    const id = settlementIdOf(partnerId, cutoff);
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const existing = await this.repo.find(id);
      if (existing) return this.confirm(existing);
      const recent = await this.repo.latest(partnerId, STRAY_CHECK);
      for (const s of recent) await this.lines.release(partnerId, s._id, s.lineIds);
      const prev = recent[0];
      if (prev && prev.cutoffAt.getTime() >= cutoff.getTime()) {
        // a later cut-off got there first: whatever this one claimed is the next one's
        await this.lines.release(partnerId, id, []);
        return undefined;
      }
      await this.lines.claim(partnerId, id, cutoff);
      this.afterStep('claimed');
      const taken = await this.lines.ofSettlement(partnerId, id);
      if (taken.length === 0) return undefined;
      const now = this.clock.now();
      const doc = await this.build(id, partnerId, cutoff, prev, taken, now, opts.sandbox === true);
      try {
        const written = await this.repo.insert(doc, await this.entries(doc, taken, now), now);
        this.afterStep('written');
        return await this.confirm(written);
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
        // another instance wrote this settlement, or the next one of the chain: read again
      }
    }
    throw new Error(`settlement ${id} of ${partnerId}: the chain kept changing; the next run closes it`);
  }

  /** The settlement is written: lines claimed for it and not listed go back, the listed ones are final. */
  private async confirm(s: SettlementDoc): Promise<SettlementDoc> {
    await this.lines.release(s.partnerId, s._id, s.lineIds);
    await this.lines.markSettled(s.partnerId, s._id, s.lineIds);
    return s;
  }

  private async build(
    id: string, partnerId: string, cutoff: Date, prev: SettlementDoc | undefined, taken: PaymentLineDoc[], now: Date, sandbox: boolean,
  ): Promise<NewDocument<SettlementDoc>> {
    const currencies = new Set(taken.map((l) => l.currency));
    if (currencies.size !== 1) throw new Error(`settlement ${id}: lines in ${[...currencies].join(', ')}; one settlement is in one currency`);
    const number = (prev?.number ?? 0) + 1;
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

  /** The partner's settlement notification (its webhook and feed entry), when its version knows settlements. */
  private async entries(doc: NewDocument<SettlementDoc>, taken: PaymentLineDoc[], now: Date): Promise<OutboxEntry[]> {
    const url = [...taken].reverse().find((l) => l.notifyUrl)?.notifyUrl;
    if (!url || !(await this.partners.announcesSettlements(doc.partnerId))) return [];
    const notification: NotificationRequest = {
      id: newId(),
      partnerId: doc.partnerId,
      kind: SETTLEMENT_NOTIFICATION_KIND,
      url,
      body: settlementView({ ...doc, version: 1, outbox: {} }),
      sourceEventId: doc._id,
      key: doc.partnerId,
      createdAt: now.toISOString(),
    };
    return [notificationEntry(notification)];
  }

  /** The partner's settlement (another partner's id answers like an unknown one). */
  async get(partnerId: string, id: string): Promise<SettlementDoc | null> {
    const s = await this.repo.find(id);
    return s && s.partnerId === partnerId ? s : null;
  }

  page(partnerId: string, req: { limit: number; afterNumber?: number; beforeNumber?: number }) {
    return this.repo.page(partnerId, req);
  }

  /** The settlement's lines: those it lists (a line claimed and not yet released is not one of them). */
  async linesOf(s: SettlementDoc): Promise<PaymentLineDoc[]> {
    const listed = new Set(s.lineIds);
    return (await this.lines.ofSettlement(s.partnerId, s._id)).filter((l) => listed.has(l._id));
  }

  /** The daily job's work at `cutoff`: each partner with open lines before it. */
  async closeDue(cutoff: Date, onError: (partnerId: string, err: unknown) => void = () => {}): Promise<SettlementDoc[]> {
    const closed: SettlementDoc[] = [];
    for (const partnerId of await this.lines.partnersWithOpenLines(cutoff)) {
      try {
        const s = await this.close(partnerId, cutoff);
        if (s) closed.push(s);
      } catch (err) {
        onError(partnerId, err);
      }
    }
    return closed;
  }
}
