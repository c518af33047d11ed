import { authRepositoryContract } from './auth.repository.contract.js';
import { InMemoryAuthRepository } from './auth.repository.fake.js';

describe('auth repository contract: the in-memory fake', () => {
  authRepositoryContract(async () => new InMemoryAuthRepository());
});
