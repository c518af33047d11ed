import { applicationRepositoryContract } from './application.repository.contract.js';
import { InMemoryApplicationRepository } from './application.repository.fake.js';

describe('application repository contract: the in-memory fake', () => {
  applicationRepositoryContract(async () => new InMemoryApplicationRepository());
});
