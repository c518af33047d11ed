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
 * Records a notification under the next free seq of its partner, so that seqs stay dense:
 * a writer tries seq n+1 only once it has seen entry n exist (the head hint, which is
 * raised only after its entry was written, or its own failed insert on n). Then entry n+1
 * can only be written once entry n is, and a reader that takes nothing above the head
 * hint has seen every entry up to it. Idempotent by webhook-id.
 */
export async function appendEntry(store: SeqStore, entry: NewFeedEntry): Promise<Appended> {
  // no look-up first: a notification recorded before fails the insert on its webhook-id
  let seen = await store.head(entry.partnerId);
  for (let conflicts = 0; ; conflicts++) {
    const seq = seen + 1;
    if (await store.insert(entry, seq)) {
      await store.raiseHead(entry.partnerId, seq);
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
