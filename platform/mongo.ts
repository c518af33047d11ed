import { MongoClient, type Db } from 'mongodb';

/**
 * One client per process. retryWrites is off and no session/transaction API is used:
 * the same code runs on MongoDB 7 and on FerretDB v1 (INFRA.md).
 */
export async function connectMongo(url: string, dbName: string): Promise<{ client: MongoClient; db: Db }> {
  const client = new MongoClient(url, {
    retryWrites: false,
    serverSelectionTimeoutMS: 10_000,
    maxPoolSize: 50,
    appName: 'partner-financing',
  });
  await client.connect();
  return { client, db: client.db(dbName) };
}

/** Duplicate key error code, the same on MongoDB and FerretDB. */
export const DUPLICATE_KEY = 11000;

export function isDuplicateKey(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: number }).code === DUPLICATE_KEY;
}
