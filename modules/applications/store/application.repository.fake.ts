import { InMemoryVersionedStore, duplicateKeyError } from '../../../platform/versioned-store.fake.js';
import type { Change, NewDocument } from '../../../platform/versioned-store.js';
import type { OutboxEntry } from '../../../platform/outbox.js';
import type { Reply } from '../../../platform/idempotency.js';
import type { AccountLevel } from '../../order-rules/index.js';
import type { ApplicationDoc } from '../application.model.js';
import {
  DedupKeyTakenError,
  type ApplicationRepository,
  type CustomerAccountDoc,
  type DocumentContentDoc,
  type ModuleKeyDoc,
  type OrderCriteria,
  type RecurrencePointerDoc,
} from './application.repository.js';

const copy = <T>(doc: T | undefined): T | null => (doc === undefined ? null : structuredClone(doc));

/**
 * ApplicationRepository in memory, for unit tests of the use cases: the same contract as
 * the store's (application.repository.contract.ts runs against both). `store.written`
 * lists the outbox entries every write carried.
 */
export class InMemoryApplicationRepository implements ApplicationRepository {
  readonly store: InMemoryVersionedStore<ApplicationDoc>;
  readonly contents = new Map<string, DocumentContentDoc>();
  readonly accounts = new Map<string, CustomerAccountDoc>();
  readonly recurrences = new Map<string, RecurrencePointerDoc>();
  readonly keys = new Map<string, ModuleKeyDoc>();

  constructor(onWritten?: (doc: ApplicationDoc) => void) {
    this.store = new InMemoryVersionedStore(onWritten);
  }

  async init(): Promise<void> {}

  async findById(id: string): Promise<ApplicationDoc | null> {
    return this.store.get(id);
  }

  async findForPartner(partnerId: string, id: string): Promise<ApplicationDoc | null> {
    const doc = this.store.get(id);
    return doc && doc.partnerId === partnerId ? doc : null;
  }

  async findNewestByOrder(partnerId: string, q: OrderCriteria): Promise<ApplicationDoc | null> {
    const matching = this.store
      .all()
      .filter(
        (d) =>
          d.partnerId === partnerId &&
          (q.orderNumber === undefined || d.order.number === q.orderNumber) &&
          (q.orderVariableSymbol === undefined || (d.order.variableSymbols ?? []).includes(q.orderVariableSymbol)),
      );
    matching.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a._id < b._id ? 1 : -1));
    return matching[0] ?? null;
  }

  async insertWithOutbox(doc: NewDocument<ApplicationDoc>, entries: OutboxEntry[], now: Date, reply: Reply<ApplicationDoc>): Promise<ApplicationDoc> {
    // checked and written with no await between: the unique index's atomicity
    if (doc.dedupKey !== undefined && this.holderOf(doc.dedupKey) && !this.store.docs.has(doc._id)) throw new DedupKeyTakenError(doc.dedupKey);
    return this.store.insert(doc, entries, now, reply);
  }

  mutate<R>(
    id: string,
    load: () => Promise<ApplicationDoc | null>,
    decide: (doc: ApplicationDoc) => Change<R> | Promise<Change<R>>,
    opts: { notFound: () => Error; reply: Reply<ApplicationDoc> },
  ): Promise<{ doc: ApplicationDoc; result: R | undefined }> {
    return this.store.mutate(id, load, decide, opts);
  }

  async idsExpiringBy(now: Date, limit: number): Promise<string[]> {
    return this.store
      .all()
      .filter((d) => d.expiresAt && d.expiresAt <= now)
      .slice(0, limit)
      .map((d) => d._id);
  }

  async idsWithRecurrenceEndedBy(now: Date, limit: number): Promise<string[]> {
    const ended = (d: ApplicationDoc) => d.recurrence?.state === 'READY' && d.recurrence.validUntil != null && d.recurrence.validUntil <= now;
    return this.store
      .all()
      .filter(ended)
      .slice(0, limit)
      .map((d) => d._id);
  }

  async findByDedupKey(key: string): Promise<ApplicationDoc | null> {
    return copy(this.holderOf(key));
  }

  async releaseDedupKey(applicationId: string, key: string): Promise<boolean> {
    const doc = this.store.docs.get(applicationId);
    if (doc?.dedupKey !== key) return false;
    delete doc.dedupKey;
    return true;
  }

  /** The fake never held claims of the earlier version. */
  async adoptLegacyDedupClaims(): Promise<number> {
    return 0;
  }

  private holderOf(key: string): ApplicationDoc | undefined {
    return this.store.all().find((d) => d.dedupKey === key);
  }

  async insertRecurrencePointer(pointer: RecurrencePointerDoc): Promise<void> {
    if (this.recurrences.has(pointer._id)) throw duplicateKeyError(pointer._id);
    this.recurrences.set(pointer._id, structuredClone(pointer));
  }

  async findRecurrencePointer(recurrenceId: string): Promise<RecurrencePointerDoc | null> {
    return copy(this.recurrences.get(recurrenceId));
  }

  async putContent(doc: DocumentContentDoc): Promise<void> {
    if (!this.contents.has(doc._id)) this.contents.set(doc._id, doc);
  }

  async account(accountId: string): Promise<{ level: AccountLevel; approvedIds: string[] }> {
    const doc = this.accounts.get(accountId);
    return { level: doc?.level ?? 'BASIC', approvedIds: [...(doc?.approvedApplicationIds ?? [])] };
  }

  async accountLevel(accountId: string): Promise<AccountLevel> {
    return this.accounts.get(accountId)?.level ?? 'BASIC';
  }

  async addApproval(accountId: string, applicationId: string, now: Date): Promise<CustomerAccountDoc> {
    const doc = this.accounts.get(accountId) ?? { _id: accountId, level: 'BASIC', approvedApplicationIds: [], createdAt: now, updatedAt: now };
    if (!doc.approvedApplicationIds.includes(applicationId)) doc.approvedApplicationIds.push(applicationId);
    doc.updatedAt = now;
    this.accounts.set(accountId, doc);
    return structuredClone(doc);
  }

  async promoteToGold(accountId: string, now: Date): Promise<void> {
    const doc = this.accounts.get(accountId);
    if (doc?.level === 'BASIC') Object.assign(doc, { level: 'GOLD', updatedAt: now });
  }

  async moduleKey(fresh: ModuleKeyDoc): Promise<ModuleKeyDoc> {
    if (!this.keys.has(fresh._id)) this.keys.set(fresh._id, structuredClone(fresh));
    return structuredClone(this.keys.get(fresh._id)!);
  }
}
