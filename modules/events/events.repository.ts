import { MongoBulkWriteError, type Collection, type Db, type Filter } from 'mongodb';
import { isDuplicateKey } from '../../platform/mongo.js';
import type { SeqStore } from './events.append.js';
import { entryKey, type FeedEntryDoc, type FeedHeadDoc, type NewFeedEntry } from './events.model.js';

export const FEED_COLLECTION = 'event_feed';
export const FEED_HEADS_COLLECTION = 'event_feed_heads';

/** Entries a cleanup looks at per batch, and batches per partner per run (bounded work). */
const CLEANUP_BATCH = 200;
const CLEANUP_MAX_BATCHES = 10;

/**
 * What the feed asks of its store: the append protocol (`SeqStore`, events.append.ts), the
 * reads of a page and the retention cleanup. MongoFeedRepository is the store's.
 */
export interface FeedRepository extends SeqStore {
  headOf(partnerId: string): Promise<FeedHeadDoc>;
  byWebhookId(webhookId: string): Promise<FeedEntryDoc | null>;
  bySeqs(partnerId: string, seqs: number[]): Promise<FeedEntryDoc[]>;
  ofApplication(
    partnerId: string,
    applicationId: string,
    q: { above: number; below: number; since: Date; limit: number; newest: boolean },
  ): Promise<FeedEntryDoc[]>;
  removeExpired(cutoff: Date): Promise<{ removed: number; more: boolean }>;
}

/**
 * The feed's store. Hot paths go by `_id` (entries by `entryKey(partner, seq)`: dense seqs
 * make a page a list of known keys; heads by partner id) or by the unique webhook-id, which
 * mongo-java-server answers from an index too. Only the applicationId filter is a query,
 * indexed on MongoDB.
 */
export class MongoFeedRepository implements FeedRepository {
  readonly entries: Collection<FeedEntryDoc>;
  readonly heads: Collection<FeedHeadDoc>;

  constructor(db: Db) {
    this.entries = db.collection<FeedEntryDoc>(FEED_COLLECTION);
    this.heads = db.collection<FeedHeadDoc>(FEED_HEADS_COLLECTION);
  }

  /** Built by the events module's migration. */
  static async createIndexes(db: Db): Promise<void> {
    const entries = db.collection(FEED_COLLECTION);
    await entries.createIndex({ webhookId: 1 }, { unique: true, name: 'webhook_id_unique' });
    await entries.createIndex({ partnerId: 1, applicationId: 1, seq: 1 }, { name: 'partner_application_seq' });
  }

  // --- SeqStore: the append protocol (events.append.ts) ---

  async seqOf(webhookId: string): Promise<number | null> {
    return (await this.byWebhookId(webhookId))?.seq ?? null;
  }

  async head(partnerId: string): Promise<number> {
    return (await this.headOf(partnerId)).seq;
  }

  async insert(entry: NewFeedEntry, seq: number): Promise<boolean> {
    try {
      await this.entries.insertOne({ _id: entryKey(entry.partnerId, seq), seq, ...entry, recordedAt: new Date() });
      return true;
    } catch (err) {
      if (isDuplicateKey(err)) return false;
      throw err;
    }
  }

  async insertRun(entries: NewFeedEntry[], firstSeq: number): Promise<number> {
    const recordedAt = new Date();
    const docs = entries.map((entry, i) => ({ _id: entryKey(entry.partnerId, firstSeq + i), seq: firstSeq + i, ...entry, recordedAt }));
    try {
      await this.entries.insertMany(docs, { ordered: true });
      return docs.length;
    } catch (err) {
      // ordered: the first refused insert stopped the run, everything before it is in
      const [refused] = err instanceof MongoBulkWriteError ? ([] as Array<{ index: number; code?: number }>).concat(err.writeErrors) : [];
      if (refused && isDuplicateKey(refused)) return refused.index;
      throw err;
    }
  }

  async raiseHead(partnerId: string, seq: number): Promise<void> {
    const raise = () => this.heads.updateOne({ _id: partnerId }, { $max: { seq }, $setOnInsert: { floor: 0 } }, { upsert: true });
    try {
      await raise();
    } catch (err) {
      // two first upserts of a partner's head raced; the document exists now
      if (!isDuplicateKey(err)) throw err;
      await raise();
    }
  }

  // --- reads ---

  async headOf(partnerId: string): Promise<FeedHeadDoc> {
    return (await this.heads.findOne({ _id: partnerId })) ?? { _id: partnerId, seq: 0, floor: 0 };
  }

  byWebhookId(webhookId: string): Promise<FeedEntryDoc | null> {
    return this.entries.findOne({ webhookId });
  }

  /** The partner's entries with these seqs that exist, by seq. */
  async bySeqs(partnerId: string, seqs: number[]): Promise<FeedEntryDoc[]> {
    if (!seqs.length) return [];
    const docs = await this.entries.find({ _id: { $in: seqs.map((s) => entryKey(partnerId, s)) } }).toArray();
    return docs.sort((a, b) => a.seq - b.seq);
  }

  /**
   * Up to `limit` entries of one application with seq inside (`above`, `below`), recorded
   * since `since`: the lowest ones, or the highest when `newest` (then still by seq).
   */
  async ofApplication(
    partnerId: string,
    applicationId: string,
    q: { above: number; below: number; since: Date; limit: number; newest: boolean },
  ): Promise<FeedEntryDoc[]> {
    const filter: Filter<FeedEntryDoc> = { partnerId, applicationId, seq: { $gt: q.above, $lt: q.below }, recordedAt: { $gte: q.since } };
    const docs = await this.entries
      .find(filter)
      .sort({ seq: q.newest ? -1 : 1 })
      .limit(q.limit)
      .toArray();
    return docs.sort((a, b) => a.seq - b.seq);
  }

  // --- retention ---

  /**
   * Removes entries recorded before `cutoff`, oldest first, from every partner: at most
   * CLEANUP_MAX_BATCHES × CLEANUP_BATCH per partner per call. The floor is raised before
   * the entries go, so readers start above them. Only entries below the head go, and a
   * writer only tries seqs above a head it has read, so a removed seq is never taken again
   * (short of one insert outlasting the whole retention, which the config keeps at 1 h or
   * more). `more`: some partner had more than this call removes; call again soon.
   */
  async removeExpired(cutoff: Date): Promise<{ removed: number; more: boolean }> {
    let removed = 0;
    let more = false;
    for await (const head of this.heads.find({})) {
      for (let batch = 0; ; batch++) {
        if (batch === CLEANUP_MAX_BATCHES) {
          more = true;
          break;
        }
        const n = await this.removeExpiredBatch(head, cutoff);
        removed += n;
        if (n < CLEANUP_BATCH) break;
      }
    }
    return { removed, more };
  }

  private async removeExpiredBatch(head: FeedHeadDoc, cutoff: Date): Promise<number> {
    const from = head.floor + 1;
    const to = Math.min(head.floor + CLEANUP_BATCH, head.seq - 1);
    if (to < from) return 0;
    const seqs = Array.from({ length: to - from + 1 }, (_, i) => from + i);
    const docs = new Map((await this.bySeqs(head._id, seqs)).map((d) => [d.seq, d]));
    let last = head.floor;
    for (const s of seqs) {
      const doc = docs.get(s);
      if (doc && doc.recordedAt >= cutoff) break;
      last = s;
    }
    if (last === head.floor) return 0;
    await this.heads.updateOne({ _id: head._id }, { $max: { floor: last } });
    const expired = seqs.filter((s) => s <= last).map((s) => entryKey(head._id, s));
    await this.entries.deleteMany({ _id: { $in: expired } });
    const removed = last - head.floor;
    head.floor = last;
    return removed;
  }
}
