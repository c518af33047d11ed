import { consumerInboxContract } from '../../platform/consumer-inbox.contract.js';
import { MongoConsumerInbox } from '../../platform/consumer-inbox.js';
import { freshDatabasePerTest } from '../support/fresh-db.js';

describe('consumer inbox contract: the store (the same contract the in-memory fake passes)', () => {
  const freshDb = freshDatabasePerTest('inbox');

  consumerInboxContract(async () => {
    const db = freshDb();
    return (groupId) => new MongoConsumerInbox(db, groupId);
  });
});
