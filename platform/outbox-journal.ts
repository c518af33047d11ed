import type { OutboxEntry, OutboxFields } from './outbox.js';

/**
 * The outbox journal: every write that puts entries in a document's outbox also appends
 * them to the document's `journal`, in the same single-document write, and the journal keeps
 * the last JOURNAL_LIMIT of them. The outbox forgets an entry once Kafka has it; the journal
 * does not, so when Kafka loses its data (or the database is restored from a backup taken
 * before Kafka's state) `ops kafka reconcile` can send the entries again from the documents,
 * with their own ids: consumers' inboxes and the relay's delivery records drop what they
 * already handled.
 *
 * The journal holds whole entries, so it holds what the messages hold: for applications
 * the partner's notification URL and the event data (no customer name, e-mail, phone or
 * address: those stay in the document's own fields); for payments the payment body
 * (the partner's billing details, order number, variable symbol).
 *
 * Reads on the hot path leave it out (JOURNAL_EXCLUDED): it is for recovery only.
 */
export const JOURNAL_LIMIT = 100;

/** A projection that leaves the journal out of a read. */
export const JOURNAL_EXCLUDED = { journal: 0 } as const;

/** The field an outboxed document carries (OutboxFields.journal): the last JOURNAL_LIMIT entries, oldest first. */
export type JournalFields = Pick<OutboxFields, 'journal'>;

/** The journal of a new document inserted together with its entries. */
export function journalForInsert(entries: OutboxEntry[]): JournalFields {
  return entries.length ? { journal: entries.slice(-JOURNAL_LIMIT) } : {};
}

/** The update operator that appends a write's entries to the journal, keeping the last JOURNAL_LIMIT. */
export function journalForUpdate(entries: OutboxEntry[]): { $push?: { journal: { $each: OutboxEntry[]; $slice: number } } } {
  return entries.length ? { $push: { journal: { $each: entries, $slice: -JOURNAL_LIMIT } } } : {};
}

/** The journal as the in-memory store keeps it after a write (the same rule as $push with $slice). */
export function appendedJournal(journal: OutboxEntry[] | undefined, entries: OutboxEntry[]): OutboxEntry[] | undefined {
  if (!entries.length) return journal;
  return [...(journal ?? []), ...entries].slice(-JOURNAL_LIMIT);
}

/** The entries of a journal made within [since, until). */
export function journalEntriesWithin(journal: OutboxEntry[] | undefined, since: Date, until: Date): OutboxEntry[] {
  return (journal ?? []).filter((e) => {
    const at = new Date(e.createdAt).getTime();
    return at >= since.getTime() && at < until.getTime();
  });
}

/** A document without its journal (what a write hands back to the code that made it). */
export function withoutJournal<T extends JournalFields>(doc: T): T {
  if (!('journal' in doc)) return doc;
  const { journal: _journal, ...rest } = doc;
  return rest as T;
}
