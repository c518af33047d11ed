import { expect } from 'chai';
import { replicationFor } from './kafka.js';

describe('topic replication', () => {
  it('is one copy on a single broker, with no minimum in-sync replicas beyond the default', () => {
    expect(replicationFor(1)).to.deep.equal({ replicationFactor: 1, configEntries: [] });
  });
  it('is two copies on two brokers', () => {
    expect(replicationFor(2)).to.deep.equal({ replicationFactor: 2, configEntries: [] });
  });
  it('is three copies, two of them in sync for an acknowledged write, on three or more brokers', () => {
    const three = { replicationFactor: 3, configEntries: [{ name: 'min.insync.replicas', value: '2' }] };
    expect(replicationFor(3)).to.deep.equal(three);
    expect(replicationFor(5)).to.deep.equal(three);
  });
});
