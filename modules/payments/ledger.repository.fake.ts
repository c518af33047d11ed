import { InMemoryVersionedStore } from '../../platform/versioned-store.fake.js';
import type { Change, NewDocument } from '../../platform/versioned-store.js';
import type { LedgerRepository } from './ledger.repository.js';
import type { LedgerDoc } from './payments.model.js';

/** LedgerRepository in memory; `store.written` lists the outbox entries of every write. */
export class InMemoryLedgerRepository implements LedgerRepository {
  readonly store = new InMemoryVersionedStore<LedgerDoc>();

  async init(): Promise<void> {}

  async findByApplication(applicationId: string): Promise<LedgerDoc | null> {
    return this.store.get(applicationId);
  }

  async openOrGet(doc: NewDocument<LedgerDoc>, now: Date): Promise<LedgerDoc> {
    return this.store.get(doc._id) ?? this.store.insert(doc, [], now);
  }

  mutate<R>(applicationId: string, decide: (doc: LedgerDoc) => Change<R> | Promise<Change<R>>, opts: { notFound: () => Error }) {
    return this.store.mutate(applicationId, () => this.findByApplication(applicationId), decide, opts);
  }
}
