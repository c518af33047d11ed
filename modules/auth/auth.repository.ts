import type { Collection, Db } from 'mongodb';
import type { SecretBox } from '../../platform/secret-box.js';
import { isDuplicateKey } from '../../platform/mongo.js';
import type { PartnerDoc, WebhookSecret } from './partner.model.js';

export interface SigningKeyDoc {
  /** the JWT `kid` */
  _id: string;
  alg: 'HS256';
  /** base64 of 32 random bytes */
  secret: string;
  createdAt: Date;
  /** the newest active key signs new tokens; every key not yet pruned verifies */
  active: boolean;
  /** when a newer key took over; pruned once no token it signed can still be valid */
  retiredAt?: Date;
}

/** An administrative change of one partner; `at` becomes its `updatedAt`. */
export interface PartnerChange {
  set?: Partial<Pick<PartnerDoc, 'enabled' | 'passwordHash' | 'apiVersion' | 'displayName' | 'bankAccount'>>;
  /** revokes every token the partner holds */
  bumpTokenGeneration?: boolean;
  at: Date;
}

/** One token revoked on its partner's record, and the expired revocations dropped with it. */
export interface TokenRevocation {
  jti: string;
  /** the token's own expiry: the entry is dead weight after it */
  until: Date;
  /** jtis of earlier revocations whose tokens have expired */
  drop: string[];
  at: Date;
}

/**
 * What the auth module asks of its store, by intent: partners and the signing keys. Only
 * this module reads or writes these documents. MongoAuthRepository is the store's
 * implementation; InMemoryAuthRepository (auth.repository.fake.ts) keeps the same contract
 * in memory for unit tests, and one contract test runs against both.
 */
export interface AuthRepository {
  findById(id: string): Promise<PartnerDoc | null>;
  findByUsername(username: string): Promise<PartnerDoc | null>;
  exists(id: string): Promise<boolean>;
  /** false when the username (or the id) is taken */
  insertPartner(doc: PartnerDoc): Promise<boolean>;
  /** every partner, by username */
  listByUsername(): Promise<PartnerDoc[]>;
  /** the partner after the change; null when there is no such username */
  changePartner(username: string, change: PartnerChange): Promise<PartnerDoc | null>;
  /** bumps every partner's token generation; how many partners changed */
  revokeAllTokens(at: Date): Promise<number>;
  /**
   * Replaces the partner's webhook secrets if it is unchanged since the read that gave
   * `seenUpdatedAt`; null when it changed in between (the caller reads again).
   */
  replaceWebhookSecrets(id: string, seenUpdatedAt: Date, secrets: WebhookSecret[], at: Date): Promise<PartnerDoc | null>;
  recordRevokedToken(partnerId: string, revocation: TokenRevocation): Promise<void>;

  signingKeys(): Promise<SigningKeyDoc[]>;
  /** false when the kid is taken (two instances creating the first key at once) */
  insertSigningKey(doc: SigningKeyDoc): Promise<boolean>;
  retireSigningKey(kid: string, at: Date): Promise<void>;
  deleteSigningKey(kid: string): Promise<void>;
}

const taken = (err: unknown) => {
  if (isDuplicateKey(err)) return false;
  throw err;
};

/** Where a sealed secret belongs: bound into its encryption, so it opens nowhere else. */
const webhookContext = (partnerId: string) => `partners/${partnerId}/webhook-secret`;
const signingKeyContext = (kid: string) => `auth_signing_keys/${kid}`;

/**
 * The auth module's collections; the only code that names them. Webhook secrets and token
 * signing keys are sealed here on every write and opened on every read (platform/secret-box.ts):
 * the store never holds one in the clear, and every caller sees plain values.
 */
export class MongoAuthRepository implements AuthRepository {
  private readonly partners: Collection<PartnerDoc>;
  private readonly keys: Collection<SigningKeyDoc>;

  constructor(
    db: Db,
    private readonly box: SecretBox,
  ) {
    this.partners = db.collection<PartnerDoc>('partners');
    this.keys = db.collection<SigningKeyDoc>('auth_signing_keys');
  }

  private sealSecrets(partnerId: string, secrets: WebhookSecret[]): WebhookSecret[] {
    return secrets.map((w) => ({ ...w, secret: this.box.seal(w.secret, webhookContext(partnerId)) }));
  }

  private opened(doc: PartnerDoc | null): PartnerDoc | null {
    if (!doc?.webhookSecrets) return doc;
    return { ...doc, webhookSecrets: doc.webhookSecrets.map((w) => ({ ...w, secret: this.box.open(w.secret, webhookContext(doc._id)) })) };
  }

  private openedKey(k: SigningKeyDoc): SigningKeyDoc {
    return { ...k, secret: this.box.open(k.secret, signingKeyContext(k._id)) };
  }

  /** Built by the auth module's migration. */
  static async createIndexes(db: Db): Promise<void> {
    // unique: the login lookup by username is answered from this index on every server
    await db.collection('partners').createIndex({ username: 1 }, { unique: true });
  }

  async findById(id: string): Promise<PartnerDoc | null> {
    return this.opened(await this.partners.findOne({ _id: id }));
  }

  async findByUsername(username: string): Promise<PartnerDoc | null> {
    return this.opened(await this.partners.findOne({ username }));
  }

  async exists(id: string): Promise<boolean> {
    return Boolean(await this.partners.findOne({ _id: id }, { projection: { _id: 1 } }));
  }

  insertPartner(doc: PartnerDoc): Promise<boolean> {
    return this.partners.insertOne({ ...doc, webhookSecrets: this.sealSecrets(doc._id, doc.webhookSecrets) }).then(() => true, taken);
  }

  async listByUsername(): Promise<PartnerDoc[]> {
    return (await this.partners.find({}).sort({ username: 1 }).toArray()).map((p) => this.opened(p)!);
  }

  async changePartner(username: string, change: PartnerChange): Promise<PartnerDoc | null> {
    return this.opened(
      await this.partners.findOneAndUpdate(
        { username },
        {
          $set: { ...change.set, updatedAt: change.at },
          ...(change.bumpTokenGeneration ? { $inc: { tokenGeneration: 1 } } : {}),
        },
        { returnDocument: 'after' },
      ),
    );
  }

  async revokeAllTokens(at: Date): Promise<number> {
    return (await this.partners.updateMany({}, { $inc: { tokenGeneration: 1 }, $set: { updatedAt: at } })).modifiedCount;
  }

  async replaceWebhookSecrets(id: string, seenUpdatedAt: Date, secrets: WebhookSecret[], at: Date): Promise<PartnerDoc | null> {
    return this.opened(
      await this.partners.findOneAndUpdate(
        { _id: id, updatedAt: seenUpdatedAt },
        { $set: { webhookSecrets: this.sealSecrets(id, secrets), updatedAt: at } },
        { returnDocument: 'after' },
      ),
    );
  }

  async recordRevokedToken(partnerId: string, r: TokenRevocation): Promise<void> {
    // ids become field names here: TokenService lets only its own id shapes through
    const drop = r.drop.filter((jti) => jti !== r.jti).map((jti) => [`revokedTokens.${jti}`, '']);
    await this.partners.updateOne(
      { _id: partnerId },
      { $set: { [`revokedTokens.${r.jti}`]: r.until, updatedAt: r.at }, ...(drop.length ? { $unset: Object.fromEntries(drop) } : {}) },
    );
  }

  async signingKeys(): Promise<SigningKeyDoc[]> {
    return (await this.keys.find({}).toArray()).map((k) => this.openedKey(k));
  }

  insertSigningKey(doc: SigningKeyDoc): Promise<boolean> {
    return this.keys.insertOne({ ...doc, secret: this.box.seal(doc.secret, signingKeyContext(doc._id)) }).then(() => true, taken);
  }

  /**
   * Seals again, under the current master key, every secret that is not (sealed under a
   * previous key during a rotation, or written before encryption): each partner's secrets in
   * one write guarded by the version of them it read, so a rotation racing it is never lost.
   */
  async reseal(): Promise<{ partners: number; signingKeys: number }> {
    let partners = 0;
    for await (const raw of this.partners.find({}, { projection: { webhookSecrets: 1 } })) {
      const stale = (raw.webhookSecrets ?? []).some((w) => !this.box.isCurrent(w.secret));
      if (!stale) continue;
      const open = raw.webhookSecrets.map((w) => ({ ...w, secret: this.box.seal(this.box.open(w.secret, webhookContext(raw._id)), webhookContext(raw._id)) }));
      const res = await this.partners.updateOne({ _id: raw._id, webhookSecrets: raw.webhookSecrets }, { $set: { webhookSecrets: open } });
      partners += res.modifiedCount;
    }
    let signingKeys = 0;
    for (const raw of await this.keys.find({}).toArray()) {
      if (this.box.isCurrent(raw.secret)) continue;
      const sealed = this.box.seal(this.box.open(raw.secret, signingKeyContext(raw._id)), signingKeyContext(raw._id));
      signingKeys += (await this.keys.updateOne({ _id: raw._id, secret: raw.secret }, { $set: { secret: sealed } })).modifiedCount;
    }
    return { partners, signingKeys };
  }

  async retireSigningKey(kid: string, at: Date): Promise<void> {
    await this.keys.updateOne({ _id: kid }, { $set: { active: false, retiredAt: at } });
  }

  async deleteSigningKey(kid: string): Promise<void> {
    await this.keys.deleteOne({ _id: kid });
  }
}
