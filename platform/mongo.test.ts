import { expect } from 'chai';
import { MongoClient, MongoNetworkError, MongoServerError } from 'mongodb';
import { MIN_POOL_SIZE, asStoreError, clientOptions, isStoreUnavailable } from './mongo.js';
import { StoreUnavailable } from './errors.js';

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
    const o = effective(
      'mongodb://a:27017,b:27017,c:27017/financing?replicaSet=rs0&w=majority&readConcernLevel=majority&retryWrites=true&RetryReads=true&socketTimeoutMS=20000',
    );
    expect(o.writeConcern?.w).to.equal('majority');
    expect(o.readConcern?.level).to.equal('majority');
    expect(o.retryWrites).to.equal(true);
    expect(o.retryReads, 'option names match case-insensitively, as the driver does').to.equal(true);
    expect(o.socketTimeoutMS).to.equal(20000);
    expect(o.serverSelectionTimeoutMS, 'what the URL leaves out keeps its default').to.equal(1500);
  });
});

describe("the store adapter speaks the platform's errors", () => {
  it("when the driver fails, then the caller gets StoreUnavailable with the driver's error as its cause; other errors pass unchanged", async () => {
    const driver = new MongoNetworkError('connection reset');
    const err = await Promise.reject(driver)
      .catch(asStoreError)
      .catch((e: unknown) => e);
    expect(err).to.be.instanceOf(StoreUnavailable);
    expect((err as StoreUnavailable).cause).to.equal(driver);
    const defect = new TypeError('a defect');
    expect(
      await Promise.reject(defect)
        .catch(asStoreError)
        .catch((e: unknown) => e),
    ).to.equal(defect);
  });

  it('when a translated error is judged for the HTTP answer, then it is "store unavailable" exactly when the driver\'s was', () => {
    expect(isStoreUnavailable(new StoreUnavailable('x', new MongoNetworkError('reset')))).to.equal(true);
    expect(isStoreUnavailable(new StoreUnavailable('x', new MongoServerError({ message: 'bad update', code: 9 })))).to.equal(false);
  });
});
