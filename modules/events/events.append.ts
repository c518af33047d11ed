import type { NewFeedEntry } from './events.model.js';

/**
 * What the append protocol needs from the store. `insert` must fail (false) when the
 * partner's seq or the webhook-id is taken already: both are unique keys.
 */
export interface SeqStore {
  /** the seq of the entry recorded for this webhook-id, or null */
  seqOf(webhookId: string): Promise<number | null>;
  /** the partner's head hint: every entry up to it exists (0 before the first) */
  head(partnerId: string): Promise<number>;
  insert(entry: NewFeedEntry, seq: number): Promise<boolean>;
  /**
   * Inserts `entries` one after the other under `firstSeq`, `firstSeq + 1`, ..., stopping at
   * the first whose seq or webhook-id is taken; answers how many were inserted. Each insert
   * happens only after the one before it succeeded (an ordered bulk insert).
   */
  insertRun(entries: NewFeedEntry[], firstSeq: number): Promise<number>;
  /** raises the hint to `seq` unless it is higher; only ever called with a seq that exists */
  raiseHead(partnerId: string, seq: number): Promise<void>;
}

export interface Appended {
  seq: number;
  /** false: the notification was recorded before (a redelivery, another instance) */
  created: boolean;
  /** seqs this writer found taken by other notifications before it got one */
  conflicts: number;
}

/**
 * How long this process trusts the last seq it wrote for a partner instead of reading the
 * head: far below the feed's retention (an hour or more), so every entry above a trusted
 * seq is younger than the retention and still there (retention never removes a seq that a
 * writer could then take again).
 */
export const HINT_MAX_AGE_MS = 60_000;

/**
 * The last seq this process wrote per partner, a head hint kept in memory: it saves the
 * head's read before an insert. It may lag behind the store's head (other writers); then
 * the insert fails and the writer reads the head as without it.
 */
export class HeadHints {
  private readonly last = new Map<string, { seq: number; at: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  get(partnerId: string): number | undefined {
    const hint = this.last.get(partnerId);
    if (!hint) return undefined;
    if (this.now() - hint.at < HINT_MAX_AGE_MS) return hint.seq;
    this.last.delete(partnerId);
    return undefined;
  }

  /** Only for an entry this process just wrote: its seq exists, and it is not old. */
  wrote(partnerId: string, seq: number): void {
    const hint = this.last.get(partnerId);
    if (!hint || hint.seq <= seq) this.last.set(partnerId, { seq, at: this.now() });
  }
}

/**
 * Records a notification under the next free seq of its partner, so that seqs stay dense:
 * a writer tries seq n+1 only once it has seen entry n exist (the head hint, which is
 * raised only after its entry was written, its own failed insert on n, or the last entry
 * its process wrote, `hints`). Then entry n+1 can only be written once entry n is, and a
 * reader that takes nothing above the head hint has seen every entry up to it. Idempotent
 * by webhook-id.
 */
export async function appendEntry(store: SeqStore, entry: NewFeedEntry, hints?: HeadHints): Promise<Appended> {
  // no look-up first: a notification recorded before fails the insert on its webhook-id
  let seen = hints?.get(entry.partnerId) ?? (await store.head(entry.partnerId));
  for (let conflicts = 0; ; conflicts++) {
    const seq = seen + 1;
    if (await store.insert(entry, seq)) {
      await store.raiseHead(entry.partnerId, seq);
      hints?.wrote(entry.partnerId, seq);
      return { seq, created: true, conflicts };
    }
    const recorded = await store.seqOf(entry.webhookId);
    if (recorded !== null) return alreadyRecorded(store, entry, recorded, conflicts);
    // another notification holds `seq`, so entry `seq` exists and `seq + 1` may be tried;
    // the head may have moved further meanwhile, and what it names exists too
    seen = Math.max(seq, await store.head(entry.partnerId));
  }
}

/**
 * A writer that recorded the entry may have died before raising the head; raising it here
 * (the entry exists) makes the entry visible to readers on the message's redelivery.
 */
async function alreadyRecorded(store: SeqStore, entry: NewFeedEntry, seq: number, conflicts: number): Promise<Appended> {
  await store.raiseHead(entry.partnerId, seq);
  return { seq, created: false, conflicts };
}

/**
 * Records several notifications of one partner in two round trips instead of two each:
 * one ordered run of inserts from the next free seq, then one head raise to the last seq
 * inserted. Density holds as for one entry: the run's first seq follows an entry seen to
 * exist, and each later insert happens only once the one before it succeeded. Whatever
 * the run did not insert (its seq taken by another writer, or recorded before) goes
 * through `appendEntry` one by one, which sorts out both cases.
 */
export async function appendEntries(store: SeqStore, entries: NewFeedEntry[], hints?: HeadHints): Promise<Appended[]> {
  const [first] = entries;
  if (!first) return [];
  if (entries.length === 1) return [await appendEntry(store, first, hints)];
  const partnerId = first.partnerId;
  if (entries.some((e) => e.partnerId !== partnerId)) throw new Error('appendEntries takes the entries of one partner');
  const seen = hints?.get(partnerId) ?? (await store.head(partnerId));
  const inserted = await store.insertRun(entries, seen + 1);
  const out: Appended[] = [];
  if (inserted > 0) {
    await store.raiseHead(partnerId, seen + inserted);
    hints?.wrote(partnerId, seen + inserted);
    for (let i = 0; i < inserted; i++) out.push({ seq: seen + 1 + i, created: true, conflicts: 0 });
  }
  for (const entry of entries.slice(inserted)) out.push(await appendEntry(store, entry, hints));
  return out;
}
