import { expect } from 'chai';
import { validate, version } from 'uuid';
import { newId, newSecretToken } from './ids.js';

describe('ids', () => {
  it('when many ids are made at once (several random-pool refills, many per millisecond), then each is a valid UUIDv7, unique, and greater than the one before', () => {
    const ids = Array.from({ length: 5000 }, () => newId());
    for (const id of ids) {
      expect(validate(id), id).to.equal(true);
      expect(version(id), id).to.equal(7);
    }
    expect(new Set(ids).size).to.equal(ids.length);
    for (let i = 1; i < ids.length; i++) expect(ids[i]! > ids[i - 1]!, `${ids[i - 1]} < ${ids[i]}`).to.equal(true);
  });

  it('when ids are made in different milliseconds, then their leading 48 bits are the clock', async () => {
    const before = Date.now();
    const id = newId();
    const ms = parseInt(id.replace(/-/g, '').slice(0, 12), 16);
    expect(ms).to.be.within(before, Date.now());
  });

  it('when secret tokens are made, then they carry 256 bits in base64url and never repeat', () => {
    const tokens = Array.from({ length: 100 }, () => newSecretToken());
    expect(new Set(tokens).size).to.equal(100);
    for (const t of tokens) expect(t).to.match(/^[A-Za-z0-9_-]{43}$/);
  });
});
