import { MongoClient, type Db } from 'mongodb';
import { authRepositoryContract } from '../../modules/auth/auth.repository.contract.js';
import { MongoAuthRepository } from '../../modules/auth/auth.repository.js';
import { uniqueSuffix } from '../support/config.js';

describe('auth repository contract: the store (the same contract the in-memory fake passes)', () => {
  let client: MongoClient;
  let db: Db;
  let n = 0;

  before(async () => {
    client = new MongoClient(process.env.MONGO_URL!, { retryWrites: false });
    await client.connect();
  });
  after(async () => {
    await client?.close();
  });
  afterEach(async () => { await db?.dropDatabase(); });

  authRepositoryContract(async () => {
    db = client.db(`authrepo_${uniqueSuffix()}_${n++}`);
    const repo = new MongoAuthRepository(db);
    await repo.init();
    return repo;
  });
});
