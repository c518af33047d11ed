import { consumerInboxContract } from './consumer-inbox.contract.js';
import { InMemoryConsumerInbox } from './consumer-inbox.js';

describe('consumer inbox contract: the in-memory fake', () => {
  consumerInboxContract(async () => {
    const inboxes = new Map<string, InMemoryConsumerInbox>();
    return (groupId) => {
      if (!inboxes.has(groupId)) inboxes.set(groupId, new InMemoryConsumerInbox());
      return inboxes.get(groupId)!;
    };
  });
});
