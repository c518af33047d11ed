import type { Collection, Db } from 'mongodb';
import type { PartnerDoc } from './partner.model.js';

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

/** The auth module's collections; only this module reads or writes them. */
export class AuthRepository {
  readonly partners: Collection<PartnerDoc>;
  readonly keys: Collection<SigningKeyDoc>;

  constructor(readonly db: Db) {
    this.partners = db.collection<PartnerDoc>('partners');
    this.keys = db.collection<SigningKeyDoc>('auth_signing_keys');
  }

  async init(): Promise<void> {
    // unique: the login lookup by username is answered from this index on every server
    await this.partners.createIndex({ username: 1 }, { unique: true });
  }

  findByUsername(username: string) {
    return this.partners.findOne({ username });
  }

  findById(id: string) {
    return this.partners.findOne({ _id: id });
  }
}
