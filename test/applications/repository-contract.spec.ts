import { applicationRepositoryContract } from '../../modules/applications/store/application.repository.contract.js';
import { MongoApplicationRepository } from '../../modules/applications/store/application.repository.js';
import type { OutboxPublisher } from '../../platform/outbox-publisher.js';
import { freshDatabasePerTest } from '../support/fresh-db.js';

/** Nothing is published here: the contract is the store's reads and writes. */
const noPublishing = { register: async () => {}, publishAfterWrite: async () => {} } as unknown as OutboxPublisher;

describe('application repository contract: the store (the same contract the in-memory fake passes)', () => {
  const freshDb = freshDatabasePerTest('apprepo');

  applicationRepositoryContract(async () => {
    const db = freshDb();
    const repo = new MongoApplicationRepository(db, noPublishing);
    await MongoApplicationRepository.createIndexes(db);
    await repo.init();
    return repo;
  });
});
