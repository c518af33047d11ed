import type { Collection, Db } from 'mongodb';
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
  init(): Promise<void>;
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

/** The auth module's collections; the only code that names them. */
export class MongoAuthRepository implements AuthRepository {
  private readonly partners: Collection<PartnerDoc>;
  private readonly keys: Collection<SigningKeyDoc>;

  constructor(db: Db) {
    this.partners = db.collection<PartnerDoc>('partners');
    this.keys = db.collection<SigningKeyDoc>('auth_signing_keys');
  }

  async init(): Promise<void> {
    // unique: the login lookup by username is answered from this index on every server
    await this.partners.createIndex({ username: 1 }, { unique: true });
  }

  findById(id: string): Promise<PartnerDoc | null> {
    return this.partners.findOne({ _id: id });
  }

  findByUsername(username: string): Promise<PartnerDoc | null> {
    return this.partners.findOne({ username });
  }

  async exists(id: string): Promise<boolean> {
    return Boolean(await this.partners.findOne({ _id: id }, { projection: { _id: 1 } }));
  }

  insertPartner(doc: PartnerDoc): Promise<boolean> {
    return this.partners.insertOne(doc).then(() => true, taken);
  }

  listByUsername(): Promise<PartnerDoc[]> {
    return this.partners.find({}).sort({ username: 1 }).toArray();
  }

  changePartner(username: string, change: PartnerChange): Promise<PartnerDoc | null> {
    return this.partners.findOneAndUpdate(
      { username },
      {
        $set: { ...change.set, updatedAt: change.at },
        ...(change.bumpTokenGeneration ? { $inc: { tokenGeneration: 1 } } : {}),
      },
      { returnDocument: 'after' },
    );
  }

  async revokeAllTokens(at: Date): Promise<number> {
    return (await this.partners.updateMany({}, { $inc: { tokenGeneration: 1 }, $set: { updatedAt: at } })).modifiedCount;
  }

  replaceWebhookSecrets(id: string, seenUpdatedAt: Date, secrets: WebhookSecret[], at: Date): Promise<PartnerDoc | null> {
    return this.partners.findOneAndUpdate(
      { _id: id, updatedAt: seenUpdatedAt },
      { $set: { webhookSecrets: secrets, updatedAt: at } },
      { returnDocument: 'after' },
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

  signingKeys(): Promise<SigningKeyDoc[]> {
    return this.keys.find({}).toArray();
  }

  insertSigningKey(doc: SigningKeyDoc): Promise<boolean> {
    return this.keys.insertOne(doc).then(() => true, taken);
  }

  async retireSigningKey(kid: string, at: Date): Promise<void> {
    await this.keys.updateOne({ _id: kid }, { $set: { active: false, retiredAt: at } });
  }

  async deleteSigningKey(kid: string): Promise<void> {
    await this.keys.deleteOne({ _id: kid });
  }
}
