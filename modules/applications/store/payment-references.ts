import { randomInt } from 'node:crypto';
import type { Collection, Db } from 'mongodb';
import { isDuplicateKey } from '../../../platform/mongo.js';

/** One application's variable symbol: the `_id` is the symbol, so two applications never share one. */
interface PaymentReferenceDoc {
  _id: string;
  applicationId: string;
  createdAt: Date;
}

/**
 * The variable symbol a customer pays an application's instalments with: ten digits, drawn
 * at random when the gateway first shows the payment details, and unique (the store's
 * unique `_id`; a drawn symbol already taken is drawn again). Random rather than counted,
 * so a symbol tells nothing about how many purchases there were. Kept apart from the
 * application document: giving it one never touches the application's version.
 */
export class PaymentReferences {
  private readonly refs: Collection<PaymentReferenceDoc>;

  constructor(db: Db) {
    this.refs = db.collection<PaymentReferenceDoc>('payment_references');
  }

  /** Built by the applications module's migration. */
  static async createIndexes(db: Db): Promise<void> {
    await db.collection('payment_references').createIndex({ applicationId: 1 }, { unique: true, name: 'one_reference_per_application' });
  }

  /** The application's variable symbol, given it on first use (concurrent first uses agree on one). */
  async of(applicationId: string, now: Date): Promise<string> {
    for (let attempt = 0; attempt < 8; attempt++) {
      const kept = await this.refs.findOne({ applicationId });
      if (kept) return kept._id;
      // 10 digits, no leading zero: some banks' forms drop leading zeros of a symbol
      const symbol = String(randomInt(1_000_000_000, 10_000_000_000));
      try {
        await this.refs.insertOne({ _id: symbol, applicationId, createdAt: now });
        return symbol;
      } catch (err) {
        // the symbol was taken, or another request gave this application one first: read again
        if (!isDuplicateKey(err)) throw err;
      }
    }
    throw new Error(`no variable symbol could be given to application ${applicationId}`);
  }
}
