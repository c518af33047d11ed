import {
  MongoClient, MongoError, MongoNetworkError, MongoNotConnectedError, MongoServerSelectionError, MongoTopologyClosedError, type Db,
} from 'mongodb';

/**
 * One client per process. retryWrites is off and no session/transaction API is used:
 * the same code runs on MongoDB 7 and on FerretDB v1 (INFRA.md).
 *
 * `timeoutMs` bounds every wait on the store: finding a server, connecting, and an answer
 * on an open socket (a paused or partitioned server accepts bytes and never replies, which
 * without a socket timeout holds a request for as long as the client waits). Past it the
 * operation fails with a network error, which the HTTP layer answers as a retryable 503
 * and background work retries. One operation must therefore finish within it: production
 * MongoDB answers the service's queries from indexes; a store that scans large collections
 * (mongo-java-server with a big data set) needs a larger value.
 */
export async function connectMongo(url: string, dbName: string, timeoutMs = 10_000): Promise<{ client: MongoClient; db: Db }> {
  const client = new MongoClient(url, {
    retryWrites: false,
    // a read retried after a network error waits a second timeout: the caller retries instead
    retryReads: false,
    serverSelectionTimeoutMS: timeoutMs,
    connectTimeoutMS: timeoutMs,
    socketTimeoutMS: timeoutMs,
    waitQueueTimeoutMS: timeoutMs,
    maxPoolSize: 50,
    appName: 'partner-financing',
  });
  await client.connect();
  return { client, db: client.db(dbName) };
}

/** The store did not answer: no server, a refused or reset connection, or no reply in time. */
export function isStoreUnavailable(err: unknown): boolean {
  // (a cleared pool is a MongoNetworkError; the wait-queue timeout is known by its name only)
  return err instanceof MongoNetworkError || err instanceof MongoServerSelectionError || err instanceof MongoNotConnectedError
    || err instanceof MongoTopologyClosedError || (err instanceof MongoError && err.name === 'MongoWaitQueueTimeoutError');
}

/** Duplicate key error code, the same on MongoDB and FerretDB. */
export const DUPLICATE_KEY = 11000;

export function isDuplicateKey(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: number }).code === DUPLICATE_KEY;
}
