import { expect } from 'chai';
import { IdempotentWrite, NO_REPLY, Reply, expiredKept, fingerprintOf, isValidKey, keyHashOf } from './idempotency.js';
import { keepsStatus } from './http/idempotency.js';

describe('Idempotency-Key rules', () => {
  it('when a key is 1-255 printable ASCII characters, then it is valid; empty, longer, control or non-ASCII characters are not', () => {
    for (const ok of ['a', ' x ', '~'.repeat(255), 'order-42/return#1']) expect(isValidKey(ok), ok).to.equal(true);
    for (const bad of ['', 'k'.repeat(256), 'tab\tkey', 'nul\u0000', 'café', 'new\nline']) expect(isValidKey(bad), JSON.stringify(bad)).to.equal(false);
  });

  it('when two partners use one key, then their key hashes differ; the partner and key cannot be shifted into each other', () => {
    expect(keyHashOf('p1', 'k')).to.not.equal(keyHashOf('p2', 'k'));
    expect(keyHashOf('ab', 'c')).to.not.equal(keyHashOf('a', 'bc'));
  });

  it('when method, path or body differ, then the fingerprint differs; the same JSON is the same fingerprint', () => {
    const f = fingerprintOf('PUT', '/a', { x: 1 });
    expect(fingerprintOf('PUT', '/a', { x: 1 })).to.equal(f);
    expect(fingerprintOf('POST', '/a', { x: 1 })).to.not.equal(f);
    expect(fingerprintOf('PUT', '/b', { x: 1 })).to.not.equal(f);
    expect(fingerprintOf('PUT', '/a', { x: 2 })).to.not.equal(f);
  });

  it('when an answer is a success or a business refusal, then it is kept; 400, 409, 429 and 5xx are not', () => {
    for (const s of [200, 201, 202, 404, 422]) expect(keepsStatus(s), String(s)).to.equal(true);
    for (const s of [400, 409, 429, 500, 503]) expect(keepsStatus(s), String(s)).to.equal(false);
  });

  it("when a write is handed a request's reply, then only its first write keeps the response, rendered once, and nothing after the request closes", () => {
    const w = new IdempotentWrite('h', new Date(1000));
    let renders = 0;
    const reply = new Reply((doc: { _id: string; version: number }) => {
      renders++;
      return { status: 201, body: { id: doc._id }, location: `/x/${doc._id}` };
    }, w);
    const slot = reply.slotFor({ _id: '7', version: 1 })!;
    expect(slot).to.deep.equal({ keyHash: 'h', entry: { status: 201, body: '{"id":"7"}', location: '/x/7', expiresAt: new Date(1000) } });
    reply.committed(slot);
    expect(w.kept).to.deep.equal({ status: 201, body: '{"id":"7"}', location: '/x/7' });
    expect(reply.answer({ _id: '7', version: 1 }), 'the route answers with the kept rendering').to.deep.equal({
      status: 201,
      body: { id: '7' },
      location: '/x/7',
    });
    expect(renders, 'rendered once').to.equal(1);
    expect(reply.slotFor({ _id: '8', version: 1 }), 'a second write carries nothing').to.equal(undefined);
    const late = new IdempotentWrite('h', new Date(1000));
    late.close();
    expect(new Reply(() => ({ body: {} }), late).slotFor({ _id: '1', version: 1 }), 'after the request').to.equal(undefined);
    expect(new Reply(() => ({ body: {} })).slotFor({ _id: '1', version: 1 }), 'no Idempotency-Key').to.equal(undefined);
    expect(NO_REPLY.slotFor({ _id: '1', version: 1 }), 'no request waits').to.equal(undefined);
  });

  it('when kept responses have expired, then they are named for removal and the live ones are not', () => {
    const now = new Date(5000);
    const kept = { a: { status: 200, body: '{}', expiresAt: new Date(4000) }, b: { status: 200, body: '{}', expiresAt: new Date(6000) } };
    expect(expiredKept(kept, now)).to.deep.equal(['idempotency.a']);
    expect(expiredKept(undefined, now)).to.deep.equal([]);
  });
});
