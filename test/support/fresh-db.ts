import { MongoClient, type Db } from 'mongodb';
import { uniqueSuffix } from './config.js';

/**
 * For a repository's contract suite against the store: one client for the suite and a new
 * database per test, dropped after it. Call inside `describe`; the returned function makes
 * the next test's database.
 */
export function freshDatabasePerTest(prefix: string): () => Db {
  let client: MongoClient;
  let db: Db | undefined;
  let n = 0;
  before(async () => {
    client = new MongoClient(process.env.MONGO_URL!, { retryWrites: false });
    await client.connect();
  });
  after(async () => {
    await client?.close();
  });
  afterEach(async () => {
    await db?.dropDatabase();
  });
  return () => (db = client.db(`${prefix}_${uniqueSuffix()}_${n++}`));
}
