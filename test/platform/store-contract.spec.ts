import { expect } from 'chai';
import { MongoClient, type Db } from 'mongodb';
import { isDuplicateKey } from '../../platform/mongo.js';
import { uniqueSuffix } from '../support/config.js';

/**
 * The store operations the code relies on (one test each), against whatever
 * MongoDB-wire server the run uses, so that a difference between MongoDB 7 and the local
 * server shows up here as a failing test, not as a lost update in production.
 */
describe('store contract: the MongoDB operations the service relies on', () => {
  let client: MongoClient;
  let db: Db;

  before(async () => {
    client = new MongoClient(process.env.MONGO_URL!, { retryWrites: false, maxPoolSize: 40 });
    await client.connect();
    db = client.db(`contract_${uniqueSuffix()}`);
  });
  after(async () => {
    await db?.dropDatabase();
    await client?.close();
  });

  it('when 20 clients race a version-guarded update, then exactly one wins per version (no lost update)', async () => {
    const col = db.collection<{ _id: string; version: number; count: number }>('occ');
    await col.insertOne({ _id: 'a', version: 1, count: 0 });
    let wins = 0;
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        for (;;) {
          const d = (await col.findOne({ _id: 'a' }))!;
          const r = await col.updateOne({ _id: 'a', version: d.version }, { $set: { count: d.count + 1 }, $inc: { version: 1 } });
          if (r.modifiedCount === 1) {
            wins++;
            return;
          }
        }
      }),
    );
    expect(wins).to.equal(20);
    expect(await col.findOne({ _id: 'a' })).to.deep.include({ count: 20, version: 21 });
  });

  it('when 20 clients $inc one field at once, then every increment counts', async () => {
    const col = db.collection<{ _id: string; n: number }>('inc');
    await Promise.all(
      Array.from({ length: 20 }, () =>
        col.updateOne({ _id: 'x' }, { $inc: { n: 1 } }, { upsert: true }).catch(() => col.updateOne({ _id: 'x' }, { $inc: { n: 1 } })),
      ),
    );
    expect((await col.findOne({ _id: 'x' }))?.n).to.equal(20);
  });

  it('when findOneAndUpdate matches, then it returns the document after the update; when the guard misses, null', async () => {
    const col = db.collection<{ _id: string; version: number; s?: string }>('fau');
    await col.insertOne({ _id: 'a', version: 1 });
    const after = await col.findOneAndUpdate({ _id: 'a', version: 1 }, { $set: { s: 'x' }, $inc: { version: 1 } }, { returnDocument: 'after' });
    expect(after).to.deep.equal({ _id: 'a', version: 2, s: 'x' });
    expect(await col.findOneAndUpdate({ _id: 'a', version: 1 }, { $set: { s: 'y' } }, { returnDocument: 'after' })).to.equal(null);
  });

  it('when a unique compound index is violated, then the error has code 11000', async () => {
    const col = db.collection('uniq');
    await col.createIndex({ p: 1, k: 1 }, { unique: true });
    await col.insertOne({ _id: 'a' as any, p: 1, k: 'z' });
    const err = await col.insertOne({ _id: 'b' as any, p: 1, k: 'z' }).catch((e) => e);
    expect(isDuplicateKey(err)).to.equal(true);
  });

  it('when a dotted map key is $unset with a version guard, then only that entry goes', async () => {
    const col = db.collection<any>('outbox');
    await col.insertOne({ _id: 'a', version: 3, outbox: { e1: { v: 1 }, e2: { v: 2 } }, outboxAt: new Date() });
    const miss = await col.updateOne({ _id: 'a', version: 2 }, { $unset: { 'outbox.e1': '', outboxAt: '' } });
    expect(miss.matchedCount).to.equal(0);
    await col.updateOne({ _id: 'a' }, { $unset: { 'outbox.e1': '' } });
    const doc = await col.findOne({ _id: 'a' });
    expect(doc.outbox).to.deep.equal({ e2: { v: 2 } });
    expect(doc.outboxAt).to.be.instanceOf(Date);
  });

  it('when documents are ranged by date and sorted by a string id with a limit, then the order and bounds hold', async () => {
    const col = db.collection<{ _id: string; at: Date }>('range');
    const t = Date.now();
    await col.insertMany([3, 1, 2, 5, 4].map((i) => ({ _id: `id${i}`, at: new Date(t - i * 1000) })));
    const old = await col
      .find({ at: { $lte: new Date(t - 2500) } })
      .sort({ _id: 1 })
      .toArray();
    expect(old.map((d) => d._id)).to.deep.equal(['id3', 'id4', 'id5']);
    const page = await col
      .find({ _id: { $gt: 'id2' } })
      .sort({ _id: -1 })
      .limit(2)
      .toArray();
    expect(page.map((d) => d._id)).to.deep.equal(['id5', 'id4']);
  });

  it('when bulkWrite mixes matching and missing guarded updates, then matchedCount counts only the matches', async () => {
    const col = db.collection<any>('bulk');
    await col.insertMany([
      { _id: 'a', version: 1 },
      { _id: 'b', version: 1 },
    ]);
    const res = await col.bulkWrite(
      [
        { updateOne: { filter: { _id: 'a', version: 1 }, update: { $set: { x: 1 } } } },
        { updateOne: { filter: { _id: 'b', version: 9 }, update: { $set: { x: 1 } } } },
      ],
      { ordered: false },
    );
    expect(res.matchedCount).to.equal(1);
  });
});
