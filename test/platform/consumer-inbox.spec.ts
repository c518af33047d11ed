import { MongoClient, type Db } from 'mongodb';
import { consumerInboxContract } from '../../platform/consumer-inbox.contract.js';
import { MongoConsumerInbox } from '../../platform/consumer-inbox.js';
import { uniqueSuffix } from '../support/config.js';

describe('consumer inbox contract: the store (the same contract the in-memory fake passes)', () => {
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

  consumerInboxContract(async () => {
    db = client.db(`inbox_${uniqueSuffix()}_${n++}`);
    return (groupId) => new MongoConsumerInbox(db, groupId);
  });
});
