import type { Collection, Db } from 'mongodb';
import type { PartnerDoc } from './partner.model.js';

export interface SigningKeyDoc {
  _id: string; // kid
  alg: 'HS256';
  secret: string; // base64
  createdAt: Date;
  /** the key that signs new tokens; older keys only verify until their tokens expire */
  active: boolean;
}

export interface RevokedTokenDoc {
  _id: string; // jti
  partnerId: string;
  reason: string;
  /** the token's own expiry: the record may be removed after it */
  expiresAt: Date;
  at: Date;
}

/** The auth module's collections; only this module reads or writes them. */
export class AuthRepository {
  readonly partners: Collection<PartnerDoc>;
  readonly keys: Collection<SigningKeyDoc>;
  readonly revoked: Collection<RevokedTokenDoc>;

  constructor(db: Db) {
    this.partners = db.collection<PartnerDoc>('partners');
    this.keys = db.collection<SigningKeyDoc>('auth_signing_keys');
    this.revoked = db.collection<RevokedTokenDoc>('auth_revoked_tokens');
  }

  async init(): Promise<void> {
    await this.partners.createIndex({ username: 1 }, { unique: true });
    await this.revoked.createIndex({ expiresAt: 1 });
  }

  findByUsername(username: string) {
    return this.partners.findOne({ username });
  }

  findById(id: string) {
    return this.partners.findOne({ _id: id });
  }
}
