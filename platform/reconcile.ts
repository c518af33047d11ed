import type { Db } from 'mongodb';
import type { Message, Producer } from 'kafkajs';
import type { Topics } from './kafka.js';
import { entryMessage, type OutboxEntry } from './outbox.js';
import { JOURNAL_LIMIT, journalEntriesWithin } from './outbox-journal.js';

/**
 * Rebuilding Kafka from the database: every outbox entry the documents' journals
 * (outbox-journal.ts) hold for a time window, sent again with its own id, key, value and
 * headers. Nothing here asks Kafka what it lacks: sending what it has again is harmless,
 * since every consumer drops a message id its inbox holds and the relay a delivery it has
 * recorded (delivery ids are derived from the notification's id), so a partner gets each
 * notification once. The entries go out oldest first, so each key's messages keep their
 * order.
 */
export interface ReconcileWindow {
  since: Date;
  until: Date;
}

export interface ReconcilePlan {
  since: string;
  until: string;
  /** documents with at least one entry in the window */
  documents: number;
  entries: number;
  byCollection: Record<string, number>;
  byTopic: Record<string, number>;
  /**
   * documents whose journal is full and starts inside the window: entries older than its
   * first were dropped from it and cannot be sent again from it
   */
  journalsCutShort: number;
}

interface Found {
  plan: ReconcilePlan;
  entries: OutboxEntry[];
}

/** The most messages one Kafka request carries. */
const BATCH = 500;

/** Collections of the store that can hold journals (every one but the system's). */
async function collectionsOf(db: Db): Promise<string[]> {
  const all = await db.listCollections({}, { nameOnly: true }).toArray();
  return all
    .map((c) => c.name)
    .filter((n) => !n.startsWith('system.'))
    .sort();
}

/** The journals' entries in the window, oldest first, with the counts an operator reads. */
export async function journalEntries(db: Db, window: ReconcileWindow): Promise<Found> {
  const plan: ReconcilePlan = {
    since: window.since.toISOString(),
    until: window.until.toISOString(),
    documents: 0,
    entries: 0,
    byCollection: {},
    byTopic: {},
    journalsCutShort: 0,
  };
  const entries: { e: OutboxEntry; at: number; n: number }[] = [];
  for (const name of await collectionsOf(db)) {
    const cursor = db
      .collection<{ _id: string; journal?: OutboxEntry[] }>(name)
      .find({ 'journal.createdAt': { $gte: window.since, $lt: window.until } } as any, { projection: { journal: 1 } });
    for await (const doc of cursor) {
      const within = journalEntriesWithin(doc.journal, window.since, window.until);
      if (within.length === 0) continue;
      plan.documents++;
      const first = doc.journal![0]!;
      if (doc.journal!.length >= JOURNAL_LIMIT && new Date(first.createdAt) > window.since) plan.journalsCutShort++;
      plan.byCollection[name] = (plan.byCollection[name] ?? 0) + within.length;
      for (const e of within) {
        plan.byTopic[e.topic] = (plan.byTopic[e.topic] ?? 0) + 1;
        entries.push({ e, at: new Date(e.createdAt).getTime(), n: entries.length });
      }
    }
  }
  entries.sort((a, b) => a.at - b.at || a.n - b.n);
  plan.entries = entries.length;
  return { plan, entries: entries.map((x) => x.e) };
}

/** Sends the entries (oldest first, BATCH at a time, acknowledged by every in-sync replica). */
export async function republish(producer: Producer, topics: Topics, entries: OutboxEntry[]): Promise<number> {
  let sent = 0;
  for (let i = 0; i < entries.length; i += BATCH) {
    const byTopic = new Map<string, Message[]>();
    for (const e of entries.slice(i, i + BATCH)) {
      const topic = topics.name(e.topic);
      const list = byTopic.get(topic) ?? [];
      list.push(entryMessage(e));
      byTopic.set(topic, list);
    }
    await producer.sendBatch({ acks: -1, topicMessages: [...byTopic].map(([topic, messages]) => ({ topic, messages })) });
    sent += Math.min(BATCH, entries.length - i);
  }
  return sent;
}
