import { authRepositoryContract } from '../../modules/auth/auth.repository.contract.js';
import { MongoAuthRepository } from '../../modules/auth/auth.repository.js';
import { freshDatabasePerTest } from '../support/fresh-db.js';
import { randomBytes } from 'node:crypto';
import { SecretBox } from '../../platform/secret-box.js';

describe('auth repository contract: the store (the same contract the in-memory fake passes)', () => {
  const freshDb = freshDatabasePerTest('authrepo');

  authRepositoryContract(async () => {
    const db = freshDb();
    const repo = new MongoAuthRepository(db, new SecretBox({ current: randomBytes(32), previous: [] }));
    await MongoAuthRepository.createIndexes(db);
    return repo;
  });
});
