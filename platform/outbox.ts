import type { Collection } from 'mongodb';
import type { DomainEvent } from './events.js';
import type { NotificationRequest } from './notifications.js';
import { TOPICS } from './kafka.js';
import { kafkaMessage, messageHeaders, type TraceContext } from './kafka-message.js';
import type { Message } from 'kafkajs';
import { currentTrace } from './tracing.js';

/**
 * Transactional outbox kept inside the aggregate's own document: no multi-document
 * transactions, so the code runs unchanged on MongoDB and on the local MongoDB-wire
 * server. The write that changes state also adds its entries under `outbox.<id>` and
 * stamps `outboxAt`; after the write commits, the publisher sends them to Kafka and
 * unsets them, and `outboxAt` with them when nothing else is pending. Whatever a crash
 * leaves behind, the sweeper finds by `outboxAt` once it is older than a grace period.
 * Delivery is at least once: consumers deduplicate by event id.
 *
 * A sweep reads every pending document, and on a store that cannot answer a range query
 * from an index (mongo-java-server) that is a scan of the whole collection. So the sweeper
 * does not poll: it sweeps when something can have been left behind (outbox-sweeper.ts).
 * The publisher is outbox-publisher.ts.
 */
export interface OutboxEntry {
  id: string;
  /** logical topic name; the prefix is added when sending */
  topic: string;
  key: string;
  /** JSON text: payloads may hold partner keys (customData) that a document cannot */
  value: string;
  /** the domain event's type, sent as the `event-type` header so consumers can skip cheaply */
  type?: string;
  /**
   * The message's headers (kafka-message.ts), made when the entry is written, so the trace
   * context of the request that wrote it travels with it. Entries written before headers
   * were stored have none: their headers are made from `id` and `type` when sent.
   */
  headers?: Record<string, string>;
  createdAt: Date;
}

/** The fields every outboxed document carries (the journal: outbox-journal.ts). */
export interface OutboxFields {
  outbox: Record<string, OutboxEntry>;
  /** set while entries are pending: the sweeper's index */
  outboxAt?: Date;
  /** the last entries the document's writes produced, kept for recovery (outbox-journal.ts) */
  journal?: OutboxEntry[];
}

/**
 * The entry of a domain event. Its headers carry the trace context of the work that wrote
 * it (the active request, message or delivery, tracing.ts), unless `trace` names another.
 */
export function eventEntry(topic: string, event: DomainEvent<any>, trace: TraceContext = currentTrace()): OutboxEntry {
  return {
    id: event.id,
    topic,
    key: event.aggregateId,
    value: JSON.stringify(event),
    type: event.type,
    headers: messageHeaders({ id: event.id, type: event.type, schemaVersion: event.schemaVersion, trace }),
    createdAt: new Date(event.occurredAt),
  };
}

export function notificationEntry(n: NotificationRequest, trace: TraceContext = currentTrace()): OutboxEntry {
  return {
    id: n.id,
    topic: TOPICS.notifications,
    key: n.key,
    value: JSON.stringify(n),
    headers: messageHeaders({ id: n.id, trace }),
    createdAt: new Date(n.createdAt),
  };
}

/** The Kafka message of an entry: its stored headers, or (an older entry) the ones its id and type give. */
export function entryMessage(e: OutboxEntry): Message {
  if (e.headers) return { key: e.key, value: e.value, headers: { ...e.headers } };
  return kafkaMessage({ key: e.key, value: e.value, id: e.id, type: e.type });
}

/** Fields of a new document that is inserted together with its entries. */
export function outboxForInsert(entries: OutboxEntry[], now = new Date()): OutboxFields {
  return { outbox: Object.fromEntries(entries.map((e) => [e.id, e])), ...(entries.length ? { outboxAt: now } : {}) };
}

/**
 * The update operators that append entries to an existing document. `outboxAt` only ever
 * moves back (`$min`): it is the stamp of the oldest write still pending, so a sweep finds
 * every entry older than its cutoff. Restamping it with the newest write hid a failed
 * publish's entries from the sweep that failure called for, when a newer write to the same
 * document came within the grace; they then waited for the backstop sweep, minutes later.
 */
export function outboxForUpdate(entries: OutboxEntry[], now = new Date()): { $set: Record<string, unknown>; $min?: { outboxAt: Date } } {
  if (entries.length === 0) return { $set: {} };
  return { $set: Object.fromEntries(entries.map((e) => [`outbox.${e.id}`, e])), $min: { outboxAt: now } };
}

/** What a committed write hands to the publisher. */
export interface CommittedWrite {
  collection: Collection<any>;
  docId: string;
  entries: OutboxEntry[];
  /**
   * The document version the write produced, when these entries were all that the
   * document had pending at that version: then `outboxAt` can go with them.
   */
  soleAtVersion?: number;
  /**
   * Entries of earlier writes the document still held when this write was made (a publish
   * that failed, a write whose answer was lost, another process's publish not yet
   * removed), oldest first, and the version this write produced. The publisher sends those
   * it does not know to be on their way before this write's, so a partner never gets a
   * later notification of an application before an earlier one.
   */
  behind?: { entries: OutboxEntry[]; atVersion: number };
}
