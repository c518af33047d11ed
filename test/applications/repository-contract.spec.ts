import { MongoClient, type Db } from 'mongodb';
import { applicationRepositoryContract } from '../../modules/applications/application.repository.contract.js';
import { MongoApplicationRepository } from '../../modules/applications/application.repository.js';
import type { OutboxPublisher } from '../../platform/outbox-publisher.js';
import { uniqueSuffix } from '../support/config.js';

/** Nothing is published here: the contract is the store's reads and writes. */
const noPublishing = { register: async () => {}, publishAfterWrite: async () => {} } as unknown as OutboxPublisher;

describe('application repository contract: the store (the same contract the in-memory fake passes)', () => {
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

  applicationRepositoryContract(async () => {
    db = client.db(`apprepo_${uniqueSuffix()}_${n++}`);
    const repo = new MongoApplicationRepository(db, noPublishing);
    await repo.init();
    return repo;
  });
});
