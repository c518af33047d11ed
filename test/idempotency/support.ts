import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { Db } from 'mongodb';
import type { TestClient, TestResponse } from '../support/http.js';
import type { TestPartner } from '../support/partners.js';

export const KEY_HEADER = 'Idempotency-Key';

/** A fresh key, as a client would make one per logical request. */
export const newKey = () => `key-${randomUUID()}`;

export function keyed(client: TestClient, partner: TestPartner) {
  return (method: string, path: string, body: unknown, key: string) =>
    client.request(method, path, { body, token: partner.token, headers: { [KEY_HEADER]: key } });
}

/** The same request twice with one key: the first runs, the second is its replay. */
export async function sentTwice(send: ReturnType<typeof keyed>, method: string, path: string, body: unknown, key = newKey()) {
  const first = await send(method, path, body, key);
  const second = await send(method, path, body, key);
  return { first, second, key };
}

export function expectReplay(first: TestResponse, second: TestResponse): void {
  expect(first.headers['idempotent-replayed'], 'the first answer is not a replay').to.equal(undefined);
  expect(second.headers['idempotent-replayed'], `the retry is a replay: ${second.status} ${second.text}`).to.equal('true');
  expect(second.status).to.equal(first.status);
  expect(second.text, 'byte for byte').to.equal(first.text);
  expect(second.headers.location).to.equal(first.headers.location);
  expect(second.headers['content-type']).to.equal(first.headers['content-type']);
}

/** The stored application's version: every change bumps it, and events leave only with a change. */
export async function versionOf(db: Db, id: string): Promise<number> {
  const doc = await db.collection<{ _id: string; version: number }>('applications').findOne({ _id: id });
  if (!doc) throw new Error(`no application ${id}`);
  return doc.version;
}

export async function storedWithNumber(db: Db, partnerId: string, number: string): Promise<number> {
  return db.collection('applications').countDocuments({ partnerId, 'order.number': number });
}
