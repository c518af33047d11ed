import { expect } from 'chai';
import { MongoClient } from 'mongodb';
import { MIN_POOL_SIZE, clientOptions } from './mongo.js';

/** What the driver makes of the connection string and the code's defaults (no server needed). */
function effective(url: string) {
  return new MongoClient(url, clientOptions(url, 1500)).options;
}

describe('MongoDB client options', () => {
  it('when the URL names nothing, then the local defaults hold: no retryable writes or reads, short timeouts', () => {
    const o = effective('mongodb://127.0.0.1:27017/?directConnection=true');
    expect(o.retryWrites).to.equal(false);
    expect(o.retryReads).to.equal(false);
    expect(o.socketTimeoutMS).to.equal(1500);
    expect(o.serverSelectionTimeoutMS).to.equal(1500);
    expect(o.waitQueueTimeoutMS, 'a connection still opening counts against the operation').to.equal(1500);
    expect(o.connectTimeoutMS, 'a late heartbeat must not reset the pool under every request').to.equal(10_000);
    expect(o.minPoolSize, 'connections open before the first request, not under it').to.equal(MIN_POOL_SIZE);
  });

  it('when a replica-set URL names write concern, read concern and retries, then the URL decides them', () => {
    const o = effective('mongodb://a:27017,b:27017,c:27017/financing?replicaSet=rs0&w=majority&readConcernLevel=majority&retryWrites=true&RetryReads=true&socketTimeoutMS=20000');
    expect(o.writeConcern?.w).to.equal('majority');
    expect(o.readConcern?.level).to.equal('majority');
    expect(o.retryWrites).to.equal(true);
    expect(o.retryReads, 'option names match case-insensitively, as the driver does').to.equal(true);
    expect(o.socketTimeoutMS).to.equal(20000);
    expect(o.serverSelectionTimeoutMS, 'what the URL leaves out keeps its default').to.equal(1500);
  });
});
