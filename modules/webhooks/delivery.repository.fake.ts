import { setPath } from '../../platform/versioned-store.fake.js';
import type { DeliveryRepository } from './delivery.repository.js';
import type { DeliveryDoc } from './delivery.model.js';

/** DeliveryRepository in memory, with the store's version guard; documents are copied in and out. */
export class InMemoryDeliveryRepository implements DeliveryRepository {
  readonly docs = new Map<string, DeliveryDoc>();

  async get(id: string): Promise<DeliveryDoc | null> {
    return this.getNow(id);
  }

  async getNow(id: string): Promise<DeliveryDoc | null> {
    const doc = this.docs.get(id);
    return doc ? structuredClone(doc) : null;
  }

  async insert(doc: DeliveryDoc): Promise<boolean> {
    if (this.docs.has(doc._id)) return false;
    this.docs.set(doc._id, structuredClone(doc));
    return true;
  }

  async update(id: string, version: number, set: Record<string, unknown>): Promise<boolean> {
    const doc = this.docs.get(id);
    if (!doc || doc.version !== version) return false;
    const next = structuredClone(doc) as DeliveryDoc & Record<string, unknown>;
    for (const [path, value] of Object.entries(set)) setPath(next, path, structuredClone(value));
    next.version = version + 1;
    this.docs.set(id, next);
    return true;
  }
}
