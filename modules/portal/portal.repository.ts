import type { Collection, Db } from 'mongodb';
import { isDuplicateKey } from '../../platform/mongo.js';
import type { OutboxPublisher } from '../../platform/outbox-publisher.js';
import { mailEntry, type MailMessage } from '../../platform/mail.js';
import { VersionedStore, type Versioned } from '../../platform/versioned-store.js';
import type { AuditDoc, PortalUserDoc, SessionDoc, SetupLinkDoc } from './portal.model.js';

/**
 * The portal's collections. Every lookup on a request's path is by `_id` or a unique key
 * (a session by its hash, a user by id or e-mail); lists are per partner through compound
 * indexes that start with partnerId. Sessions and setup links carry a TTL index, so an
 * expired one disappears on its own (the code also refuses it past its time, since TTL
 * deletion runs only once a minute).
 */
export class PortalRepository {
  readonly users: Collection<PortalUserDoc>;
  readonly setupLinks: Collection<SetupLinkDoc>;
  readonly sessions: Collection<SessionDoc>;
  readonly audit: Collection<AuditDoc>;
  /** setup links written with their invitation e-mail (the API process; the operators' CLI has no publisher) */
  private readonly mailedLinks: VersionedStore<SetupLinkDoc & Versioned> | undefined;

  constructor(db: Db, outbox?: OutboxPublisher) {
    this.users = db.collection('portal_users');
    this.setupLinks = db.collection('portal_setup_links');
    this.sessions = db.collection('portal_sessions');
    this.audit = db.collection('portal_audit');
    this.mailedLinks = outbox ? new VersionedStore(this.setupLinks as unknown as Collection<SetupLinkDoc & Versioned>, outbox) : undefined;
  }

  /** Registers the setup links, which carry their invitation e-mail, with the outbox sweeper. */
  async init(): Promise<void> {
    await this.mailedLinks?.init();
  }

  /** What the invitation e-mails and the endpoint alerts added, built by the portal's second step. */
  static async createMailIndexes(db: Db): Promise<void> {
    await db.collection('portal_users').createIndex({ role: 1, partnerId: 1 }, { name: 'role_partner' });
    await VersionedStore.createIndexes(db.collection('portal_setup_links'));
  }

  /** Built by the portal module's migration. */
  static async createIndexes(db: Db): Promise<void> {
    const [users, setupLinks, sessions, audit] = ['portal_users', 'portal_setup_links', 'portal_sessions', 'portal_audit'].map((n) => db.collection(n)) as [
      Collection,
      Collection,
      Collection,
      Collection,
    ];
    await Promise.all([
      users.createIndex({ email: 1 }, { unique: true }),
      users.createIndex({ partnerId: 1, createdAt: 1 }),
      setupLinks.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0 }),
      setupLinks.createIndex({ userId: 1 }),
      sessions.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0 }),
      sessions.createIndex({ userId: 1 }),
      audit.createIndex({ partnerId: 1, at: -1, _id: -1 }),
    ]);
  }

  /** false when the e-mail is taken */
  async insertUser(doc: PortalUserDoc): Promise<boolean> {
    try {
      await this.users.insertOne(doc);
      return true;
    } catch (err) {
      if (isDuplicateKey(err)) return false;
      throw err;
    }
  }

  userById(id: string): Promise<PortalUserDoc | null> {
    return this.users.findOne({ _id: id });
  }

  userByEmail(email: string): Promise<PortalUserDoc | null> {
    return this.users.findOne({ email });
  }

  /** Every partner's owners and operators (who may act on webhooks), by partner: the endpoint alerts' recipients. */
  technicalContacts(): Promise<PortalUserDoc[]> {
    return this.users
      .find(
        { role: { $in: ['owner', 'operator'] } },
        { projection: { passwordHash: 1, partnerId: 1, partnerName: 1, email: 1, name: 1, role: 1, enabled: 1, lang: 1 } },
      )
      .limit(50_000)
      .toArray();
  }

  /** One partner's owners and operators: the recipients of its settlement notices. */
  contactsOf(partnerId: string): Promise<PortalUserDoc[]> {
    return this.users
      .find(
        { role: { $in: ['owner', 'operator'] }, partnerId },
        { projection: { passwordHash: 1, partnerId: 1, partnerName: 1, email: 1, name: 1, role: 1, enabled: 1, lang: 1 } },
      )
      .limit(500)
      .toArray();
  }

  usersOf(partnerId: string): Promise<PortalUserDoc[]> {
    return this.users.find({ partnerId }).sort({ partnerId: 1, createdAt: 1 }).limit(500).toArray();
  }

  async updateUser(partnerId: string, id: string, set: Partial<PortalUserDoc>): Promise<PortalUserDoc | null> {
    return this.users.findOneAndUpdate({ _id: id, partnerId }, { $set: set }, { returnDocument: 'after' });
  }

  /** Accepts a TOTP step once: false when this step (or a later one) was used already. */
  async claimTotpStep(userId: string, step: number): Promise<boolean> {
    const res = await this.users.updateOne(
      { _id: userId, $or: [{ totpLastStep: { $exists: false } }, { totpLastStep: { $lt: step } }] },
      { $set: { totpLastStep: step } },
    );
    return res.modifiedCount === 1;
  }

  /**
   * The user's one setup link (an earlier one stops working). With `mail`, the invitation
   * e-mail is an outbox entry of the link's own document: it leaves exactly when the link
   * exists (mail topic → the mail consumer → SMTP), and a crash after the write loses nothing.
   */
  async replaceSetupLink(doc: SetupLinkDoc, mail?: MailMessage, now = new Date()): Promise<void> {
    await this.setupLinks.deleteMany({ userId: doc.userId });
    if (mail && this.mailedLinks) await this.mailedLinks.insert(doc, [mailEntry(mail, doc.userId, now)], now);
    else await this.setupLinks.insertOne(doc);
  }

  /** Ends the user's pending setup links (a revoked invitation). */
  async deleteSetupLinksOf(userId: string): Promise<number> {
    return (await this.setupLinks.deleteMany({ userId })).deletedCount;
  }

  /** Removes a user who never completed setup (a revoked invitation frees the e-mail). */
  async deletePendingUser(partnerId: string, id: string): Promise<PortalUserDoc | null> {
    return this.users.findOneAndDelete({ _id: id, partnerId, passwordHash: { $exists: false } });
  }

  setupLink(hash: string): Promise<SetupLinkDoc | null> {
    return this.setupLinks.findOne({ _id: hash });
  }

  /** Takes the link: only one of two concurrent setups with the same link wins. */
  async takeSetupLink(hash: string): Promise<SetupLinkDoc | null> {
    return this.setupLinks.findOneAndDelete({ _id: hash });
  }

  async insertSession(doc: SessionDoc): Promise<void> {
    await this.sessions.insertOne(doc);
  }

  session(hash: string): Promise<SessionDoc | null> {
    return this.sessions.findOne({ _id: hash });
  }

  async deleteSession(hash: string): Promise<void> {
    await this.sessions.deleteOne({ _id: hash });
  }

  async deleteSessionsOf(userId: string): Promise<number> {
    return (await this.sessions.deleteMany({ userId })).deletedCount;
  }

  async appendAudit(doc: AuditDoc): Promise<void> {
    await this.audit.insertOne(doc);
  }

  /** Newest first; `before` is the (at, _id) of the last entry of the previous page. */
  auditOf(partnerId: string, limit: number, before?: { at: Date; id: string }): Promise<AuditDoc[]> {
    const filter = before ? { partnerId, $or: [{ at: { $lt: before.at } }, { at: before.at, _id: { $lt: before.id } }] } : { partnerId };
    return this.audit.find(filter).sort({ partnerId: 1, at: -1, _id: -1 }).limit(limit).toArray();
  }
}
