import { createHash } from 'node:crypto';
import type { Collection, Db, Filter } from 'mongodb';
import { isDuplicateKey } from '../../../platform/mongo.js';
import type { ApplicationDoc } from '../application.model.js';
import type { CustomerAccountDoc, DocumentContentDoc } from './application.repository.js';

/** The data classes the store can select by (privacy/anonymise.ts names them). */
export type StoredDataClass = 'CREDIT_RECORD' | 'NOT_FINANCED';

/**
 * The store's side of anonymisation: which applications are past their retention, the
 * version-guarded write that anonymises one, the person's applications by e-mail, and the
 * customer accounts and document bytes that go with them. Apart from the module's
 * repository because nothing else asks these questions, and they have no in-memory twin to
 * keep in step: the privacy test runs them on the real store.
 */
export class PrivacyRepository {
  private readonly applications: Collection<ApplicationDoc>;
  private readonly accounts: Collection<CustomerAccountDoc>;
  private readonly contents: Collection<DocumentContentDoc>;

  constructor(db: Db) {
    this.applications = db.collection<ApplicationDoc>('applications');
    this.accounts = db.collection<CustomerAccountDoc>('customer_accounts');
    this.contents = db.collection<DocumentContentDoc>('application_document_contents');
  }

  /**
   * The retention pass's index (applications not anonymised, by last change: the pass reads
   * only the due ones, never the anonymised past) and the document hash's (whether another
   * application still needs the bytes); both are small beside the documents they index.
   * Built only by the module's migration step (modules/applications/migrations.ts).
   */
  static async createIndexes(db: Db): Promise<void> {
    const applications = db.collection<ApplicationDoc>('applications');
    await applications.createIndex({ 'privacy.anonymisedAt': 1, updatedAt: 1 }, { name: 'retention_due' });
    await applications.createIndex({ 'order.documents.sha256': 1 }, { name: 'document_hash', sparse: true });
  }

  /**
   * Ids of applications of the class, last changed before `changedBefore`, not yet
   * anonymised and no longer in progress, oldest first, at most `limit`.
   */
  async duePast(dataClass: StoredDataClass, changedBefore: Date, limit: number): Promise<string[]> {
    const filter: Filter<ApplicationDoc> = {
      'privacy.anonymisedAt': null, // absent: the index's equality, not a scan for $exists
      state: { $ne: 'PROCESSING' },
      updatedAt: { $lt: changedBefore },
      'decision.outcome': dataClass === 'CREDIT_RECORD' ? 'APPROVED' : { $ne: 'APPROVED' },
    } as Filter<ApplicationDoc>;
    const docs = await this.applications.find(filter, { projection: { _id: 1 }, sort: { updatedAt: 1 }, limit }).toArray();
    return docs.map((d) => d._id);
  }

  findById(id: string): Promise<ApplicationDoc | null> {
    return this.applications.findOne({ _id: id });
  }

  /**
   * Writes the anonymised fields if the document is still at `version` (another writer, or
   * another instance anonymising it at the same time, makes this a no-op: false).
   */
  async writeAnonymised(id: string, version: number, set: Record<string, unknown>, unset: string[]): Promise<boolean> {
    const update: Record<string, unknown> = { $set: set, $inc: { version: 1 } };
    if (unset.length) update.$unset = Object.fromEntries(unset.map((k) => [k, '']));
    const r = await this.applications.updateOne({ _id: id, version } as Filter<ApplicationDoc>, update);
    return r.modifiedCount === 1;
  }

  /**
   * The person's applications: the e-mail as the customer account counts it (case and a
   * `+tag` in the local part ignored), newest first.
   */
  async findByEmail(email: string, limit = 1000): Promise<ApplicationDoc[]> {
    const at = email.lastIndexOf('@');
    if (at < 1) return [];
    const local = escapeRegex(email.slice(0, at).replace(/\+.*$/, ''));
    const domain = escapeRegex(email.slice(at + 1));
    const pattern = new RegExp(`^${local}(\\+[^@]*)?@${domain}$`, 'i');
    return this.applications.find({ 'customer.email': pattern } as Filter<ApplicationDoc>, { sort: { createdAt: -1 }, limit }).toArray();
  }

  /**
   * The customer's account records that these shops' applications count: across shops (the
   * key itself) and at each shop (`partner:<id>:<key>`), by their exact keys.
   */
  async accountsOf(accountId: string, partnerIds: string[]): Promise<CustomerAccountDoc[]> {
    const keys = [accountId, ...new Set(partnerIds)].map((p, i) => (i === 0 ? p : `partner:${p}:${accountId}`));
    return this.accounts.find({ _id: { $in: keys } }).toArray();
  }

  /** How many of these applications are not anonymised yet. */
  countNotAnonymised(ids: string[]): Promise<number> {
    if (!ids.length) return Promise.resolve(0);
    return this.applications.countDocuments({ _id: { $in: ids }, 'privacy.anonymisedAt': { $exists: false } } as Filter<ApplicationDoc>);
  }

  /**
   * Moves the account to a key that names nobody (level and counted approvals kept, so the
   * decisions' history still adds up). The new key is derived from the account's content,
   * not from the e-mail, so a retry after a crash lands on the same key and writes it once.
   */
  async rekeyAccount(account: CustomerAccountDoc): Promise<string> {
    const digest = createHash('sha256')
      .update(
        `${account.createdAt?.toISOString?.() ?? ''}|${[...account.approvedApplicationIds].sort().join(',')}|${account._id.startsWith('partner:') ? 'shop' : 'all'}`,
      )
      .digest('hex')
      .slice(0, 32);
    const key = `anonymised:${digest}`;
    await this.accounts.insertOne({ ...account, _id: key }).catch((err) => {
      if (!isDuplicateKey(err)) throw err;
    });
    await this.accounts.deleteOne({ _id: account._id });
    return key;
  }

  /** Removes the bytes of these hashes that no application but `except` refers to; the number removed. */
  async removeUnreferencedContents(hashes: string[], except: string): Promise<number> {
    let removed = 0;
    for (const h of hashes) {
      const used = await this.applications.findOne({ 'order.documents.sha256': h, _id: { $ne: except } } as Filter<ApplicationDoc>, { projection: { _id: 1 } });
      if (!used) removed += (await this.contents.deleteOne({ _id: h })).deletedCount;
    }
    return removed;
  }
}

function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
